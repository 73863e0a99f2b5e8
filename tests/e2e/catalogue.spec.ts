import { type Page, expect, test } from '@playwright/test'
import { formatRupees } from '../../app/features/money/money'
import { DEFAULT_SHOP_SETTINGS, telHref } from '../../app/features/settings/shop-settings'
import { catalogue, openHydrated } from './shopper'

// Shelves and product pages in real Chromium: image toggle, sizes, stepper, Add to Cart, bulk dialog.

const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart\b.*\d/ })

test.describe('product detail pages', () => {
  test('the image turns to the back of the pack and back again', async ({ page, request }) => {
    const product = (await catalogue(request)).find((p) => p.price !== undefined && p.backsideImageUrl)!
    await openHydrated(page, product.url)
    const front = page.getByRole('img', { name: `${product.name}, front of the pack` })
    const back = page.getByRole('img', { name: `${product.name}, back of the pack` })
    await expect(front).toBeVisible()
    await expect(back).toBeHidden()
    await expect(page.getByText('Click the image to see the backside')).toBeVisible()

    await page.getByRole('button', { name: 'Show the back of the pack' }).click()
    await expect(back).toBeVisible()
    await expect(front).toBeHidden()
    // The back is fetched once the pointer reaches the picture (image-toggle.tsx): it may still be arriving.
    await expect.poll(() => back.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)

    // The keyboard works too.
    await page.getByRole('button', { name: 'Show the front of the pack' }).press('Enter')
    await expect(front).toBeVisible()
    await expect(back).toBeHidden()
  })

  test('the size selector changes the price and the stock shown', async ({ page, request }) => {
    const product = (await catalogue(request)).find((p) => p.prices && p.stockBySize?.['250g'])!
    await openHydrated(page, product.url)
    const price = page.locator('p[aria-live]', { hasText: /Price for/ })
    await expect(page.getByRole('radio', { name: /^250g/ })).toBeChecked()
    await expect(price).toHaveText(`Price for 250g: ${formatRupees(product.prices!.startg * 100)}`)

    await page.getByText('500g', { exact: true }).click()
    await expect(page.getByRole('radio', { name: /^500g/ })).toBeChecked()
    await expect(price).toHaveText(`Price for 500g: ${formatRupees(product.prices!.halfg * 100)}`)

    await page.getByText('1kg', { exact: true }).click()
    await expect(price).toHaveText(`Price for 1kg: ${formatRupees(product.prices!.onekg * 100)}`)
    await expect(page.getByText(product.stockBySize!['1kg'] > 0 ? 'In Stock' : 'Out of Stock', { exact: true })).toBeVisible()
  })

  test('an out-of-stock product shows Out of Stock and no stepper or Add to Cart', async ({ page, request }) => {
    const product = (await catalogue(request)).find((p) => p.price !== undefined && p.stockCount === 0)!
    await openHydrated(page, product.url)
    await expect(page.getByText('Out of Stock', { exact: true })).toBeVisible()
    await expect(page.getByText('In Stock', { exact: true })).toHaveCount(0)
    await expect(page.getByRole('button', { name: /Add to Cart/ })).toHaveCount(0)
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveCount(0)
  })

  test('the stepper stays between 1 and the stock, and the cart never takes more than the stock', async ({ page, request }) => {
    const inStock = (await catalogue(request)).filter((p) => p.price !== undefined && p.stockCount > 1)
    const product = inStock.sort((a, b) => a.stockCount - b.stockCount)[0]!
    await openHydrated(page, product.url)
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' })
    const minus = page.getByRole('button', { name: 'Decrease quantity' })
    const plus = page.getByRole('button', { name: 'Increase quantity' })

    await expect(quantity).toHaveValue('1')
    await expect(minus).toBeDisabled()
    await plus.click()
    await expect(quantity).toHaveValue('2')
    await minus.click()
    await minus.click({ force: true })
    await expect(quantity).toHaveValue('1')

    await quantity.fill('9999')
    await quantity.blur()
    await expect(quantity).toHaveValue(String(product.stockCount))
    await expect(plus).toBeDisabled()
    await quantity.fill('0')
    await quantity.blur()
    await expect(quantity).toHaveValue('1')

    // Two in the cart, then ask for the whole stock: only the rest is added, and the page says so.
    await plus.click()
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(page.getByRole('main').getByRole('status')).toContainText('Added to cart: 2 ×')
    await expect(cartLink(page)).toHaveAccessibleName(/^Cart, 2 items/)
    await quantity.fill(String(product.stockCount))
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(page.getByRole('main').getByRole('status')).toContainText(`Only ${product.stockCount} of ${product.name} in stock`)
    await expect(cartLink(page)).toHaveAccessibleName(new RegExp(`^Cart, ${product.stockCount} items`))
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(page.getByRole('main').getByRole('status')).toContainText(`already holds all ${product.stockCount}`)
  })

  test('The bulk-order button opens the bulk-quantity dialog with the phone; Cancel and Escape close it', async ({ page, request }) => {
    const product = (await catalogue(request)).find((p) => p.prices)!
    await openHydrated(page, product.url)
    const checkout = page.getByRole('button', { name: 'Buying in bulk? Call us' })
    const dialog = page.getByRole('dialog', { name: 'Purchase the bulk quantity?' })
    await expect(dialog).toBeHidden()

    await checkout.click()
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(DEFAULT_SHOP_SETTINGS.phone)
    await expect(dialog.getByRole('link', { name: /^OK/ })).toHaveAttribute('href', telHref(DEFAULT_SHOP_SETTINGS.phone))
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await expect(checkout).toBeFocused()

    await checkout.click()
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(checkout).toBeFocused()
  })
})

test.describe('shelves', () => {
  test('Add to Cart on a shelf raises the cart count in the top bar', async ({ page }) => {
    await openHydrated(page, '/herb-ro')
    await expect(cartLink(page)).toHaveAccessibleName(/^Cart, 0 items/)
    const add = page.getByRole('button', { name: /^Add to Cart: / })
    await add.first().click()
    await expect(page.getByText(/Added to cart: 1 ×/)).toBeVisible()
    await expect(cartLink(page)).toHaveAccessibleName(/^Cart, 1 item/)
    await add.nth(1).click()
    await expect(cartLink(page)).toHaveAccessibleName(/^Cart, 2 items/)
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]') as unknown[])
    expect(stored).toHaveLength(2)
  })

  test('out-of-stock cards have a disabled Out of Stock button; sized cards link to their page', async ({ page, request }) => {
    const products = await catalogue(request)
    const soldOut = products.find((p) => p.category === 'herbal' && p.stockCount === 0)
    await openHydrated(page, '/herb-ro')
    if (soldOut) await expect(page.getByRole('button', { name: `Out of Stock: ${soldOut.name}` })).toBeDisabled()
    await openHydrated(page, '/free-products')
    const fruit = products.find((p) => p.category === 'freeze-dried-fruit')!
    await expect(page.getByRole('link', { name: `Select Option: ${fruit.name}` })).toHaveAttribute('href', fruit.url)
    await expect(page.getByRole('heading', { name: 'Freeze Dried Vegetables' })).toBeVisible()
  })

  test('/Freeze-pr: a larger size shows the contact note and adds that size', async ({ page, request }) => {
    const fruit = (await catalogue(request)).find((p) => p.category === 'freeze-dried-fruit' && p.stockBySize?.['500g'])!
    await openHydrated(page, '/Freeze-pr')
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: fruit.name, exact: true }) })
    const note = card.getByText('If you require more quantity, please contact the seller.')
    await expect(note).toBeHidden()
    await expect(card.getByText(formatRupees(fruit.prices!.startg * 100), { exact: true })).toBeVisible()

    await card.getByLabel('Size').selectOption('500g')
    await expect(note).toBeVisible()
    await expect(card.getByRole('link', { name: DEFAULT_SHOP_SETTINGS.phone })).toHaveAttribute(
      'href',
      telHref(DEFAULT_SHOP_SETTINGS.phone),
    )
    await expect(card.getByText(formatRupees(fruit.prices!.halfg * 100), { exact: true })).toBeVisible()

    await card.getByRole('button', { name: /^Add to Cart/ }).click()
    await expect(cartLink(page)).toHaveAccessibleName(/^Cart, 1 item/)
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]') as { id: string; size?: string }[])
    expect(stored).toEqual([expect.objectContaining({ id: fruit.id, size: '500g', pricePaise: fruit.prices!.halfg * 100 })])

    await card.getByLabel('Size').selectOption('250g')
    await expect(note).toBeHidden()
  })
})
