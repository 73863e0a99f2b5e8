import { type Page, expect, test } from '@playwright/test'
import { catalogue, openHydrated, SAVED_ADDRESS, storeCart, storedLine } from './shopper'

// What a new user found on a phone (issue 18): the floating WhatsApp button covered "Add to Cart" and "Proceed to
// Payment", shelves showed one card a row, the brand name was missing beside the logo, and a touch screen was told
// to "click". Checked at 375 px and 1280 px.

const VIEWPORTS = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]

/**
 * Each main action (`data-main-action`) at its worst place, its bottom edge on the screen's bottom edge where the
 * floating button sits, and in the middle of the screen: what is at its centre and four corners must be the action.
 */
async function expectMainActionsUncovered(page: Page, label: string) {
  const actions = page.locator('[data-main-action]:visible')
  const count = Math.min(await actions.count(), 4)
  expect(count, `${label}: a main action on the page`).toBeGreaterThan(0)
  for (let i = 0; i < count; i++) {
    for (const place of ['bottom', 'center'] as const) {
      const covered = await actions.nth(i).evaluate(async (el, where) => {
        const rect = () => el.getBoundingClientRect()
        if (where === 'center') el.scrollIntoView({ block: 'center' })
        else window.scrollBy(0, rect().bottom - (window.innerHeight - 4))
        // The button decides on the next frame whether to step aside.
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50))))
        const r = rect()
        // The corners of its shape: a rounded button's box corners are outside it (and hit-testing knows).
        const inset = r.height / 2
        const points = [
          [r.left + r.width / 2, r.top + r.height / 2],
          [r.left + inset, r.top + 3],
          [r.right - inset, r.top + 3],
          [r.left + inset, r.bottom - 3],
          [r.right - inset, r.bottom - 3],
        ]
        return points
          .filter(([x, y]) => y! >= 0 && y! < window.innerHeight && x! >= 0 && x! < window.innerWidth)
          .map(([x, y]) => document.elementFromPoint(x!, y!))
          .filter((hit) => !hit || !el.contains(hit))
          .map((hit) => hit?.outerHTML.slice(0, 120) ?? 'nothing')
      }, place)
      expect(covered, `${label}: main action ${i} with its ${place} in view`).toEqual([])
    }
  }
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('no floating element covers a main action: shelf, product page, cart, address, checkout, contact', async ({ page, request }) => {
      const products = await catalogue(request)
      const single = products.find((p) => p.price !== undefined && p.stockCount > 5)!
      await openHydrated(page, '/Spices')
      await expectMainActionsUncovered(page, 'shelf')
      await openHydrated(page, single.url)
      await expectMainActionsUncovered(page, 'product page')
      await openHydrated(page, '/contact')
      await expectMainActionsUncovered(page, 'contact')

      await storeCart(page, [storedLine(single, 1)], SAVED_ADDRESS)
      await openHydrated(page, '/Cart-page')
      await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toBeVisible()
      await expectMainActionsUncovered(page, 'cart')
      await openHydrated(page, '/address')
      await expectMainActionsUncovered(page, 'address')
      await openHydrated(page, '/checkout')
      await expect(page.getByRole('link', { name: 'Proceed to Payment' })).toBeVisible()
      await expectMainActionsUncovered(page, 'checkout')

      // The chat button is still there where it covers nothing.
      await page.evaluate(() => window.scrollTo(0, 0))
      await expect(page.getByRole('link', { name: 'Chat with us on WhatsApp' })).toBeVisible()
    })

    test('shelves show two cards a row on a phone, more on a desktop; nothing is wider than the screen', async ({ page }) => {
      await openHydrated(page, '/Spices')
      const cards = page.getByRole('main').getByRole('listitem')
      const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()]
      expect(Math.abs(first!.y - second!.y)).toBeLessThan(2)
      expect(second!.x).toBeGreaterThan(first!.x + first!.width)
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    })
  })
}

test('on a phone the brand name stands beside the logo, and the top bar fits 360 px', async ({ page }) => {
  for (const width of [360, 375]) {
    await page.setViewportSize({ width, height: 740 })
    await openHydrated(page, '/')
    const home = page.getByRole('banner').getByRole('link', { name: 'Kaadu Organics' })
    await expect(home).toContainText('Kaadu Organics')
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${width} px`).toBeLessThanOrEqual(0)
    await expect(page.getByRole('banner').getByRole('link', { name: /cart/i })).toBeInViewport()
  }
})

test('on a 375 × 667 phone the home page opens on its hero picture and products with their prices (issue 18)', async ({ page }) => {
  const screen = { width: 375, height: 667 }
  await page.setViewportSize(screen)
  await openHydrated(page, '/')
  expect(await page.evaluate(() => window.scrollY)).toBe(0)

  // The hero: the page's first picture, loaded, wholly on the first screen.
  const hero = page.getByRole('main').locator('img').first()
  await expect(hero).toHaveAttribute('fetchpriority', 'high')
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  const heroBox = (await hero.boundingBox())!
  expect(heroBox.y).toBeLessThan(screen.height)
  expect(heroBox.y + heroBox.height).toBeLessThanOrEqual(screen.height)
  expect(heroBox.width).toBeGreaterThan(screen.width / 2)

  // At least two product cards start on the first screen with their price on it too.
  const cards = page.getByRole('region', { name: /Our favourites|Best sellers/ }).getByRole('article')
  expect(await cards.count()).toBeGreaterThanOrEqual(2)
  const onFirstScreen: string[] = []
  for (const card of (await cards.all()).slice(0, 4)) {
    const name = (await card.getByRole('heading').textContent())!.trim()
    const price = card.getByText(/₹\d/).first()
    await expect(price, name).toBeVisible()
    const [cardBox, priceBox] = [(await card.boundingBox())!, (await price.boundingBox())!]
    if (cardBox.y < screen.height && priceBox.y + priceBox.height <= screen.height) onFirstScreen.push(name)
  }
  expect(onFirstScreen.length, `cards with their price on the first screen: ${onFirstScreen.join(', ')}`).toBeGreaterThanOrEqual(2)
})

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })

  test('the product picture says "Tap", not "Click"', async ({ page, request }) => {
    const sized = (await catalogue(request)).find((p) => p.prices && p.backsideImageUrl)!
    await openHydrated(page, sized.url)
    await expect(page.getByText('Tap the image to see the backside')).toBeVisible()
    await expect(page.getByText('Click the image to see the backside')).toBeHidden()
  })
})
