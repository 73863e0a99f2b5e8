import { type Locator, type Page, expect, test } from '@playwright/test'
import { catalogue, openHydrated } from './shopper'

// The shop by keyboard alone (Tab, Shift+Tab, Enter, Space, Escape, arrows): the phone menu, the bulk dialog, the
// pack sizes, the quantity steppers, Add to Cart and the cart. Every stop of the keyboard on the way must show where
// it is (an outline or a shadow, on the control, its label or its stretched link).

// Each test has its own browser context (its own cart): both workers may share them.
test.describe.configure({ mode: 'parallel' })

const PHONE = { width: 360, height: 740 }

/** What the focused element is, and whether the screen shows the focus on it. */
async function focusState(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    if (!element || element === document.body) return { what: 'nothing (the page)', visible: false }
    const shows = (style: CSSStyleDeclaration) =>
      (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) || (style.boxShadow !== 'none' && style.boxShadow !== '')
    const box = element.getBoundingClientRect()
    // A visually hidden control (the pack sizes' radios) shows its focus on its label.
    const shown = box.width <= 1 || box.height <= 1 ? element.closest('label') : element
    const visible =
      !!shown && (shows(getComputedStyle(shown)) || shows(getComputedStyle(shown, '::after')) || shows(getComputedStyle(shown, '::before')))
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''
    return { what: `<${element.tagName.toLowerCase()}> ${name}`, visible }
  })
}

async function expectVisibleFocus(page: Page) {
  const state = await focusState(page)
  expect(state.visible, `no visible focus on ${state.what}`).toBe(true)
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking that every stop on the way shows it. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 80 } = {}) {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    await expectVisibleFocus(page)
    if (await target.evaluate((element) => element === document.activeElement)) return
  }
  throw new Error(`${limit} presses of ${backwards ? 'Shift+Tab' : 'Tab'} did not reach ${target}`)
}

test('the skip link is the first stop and takes the keyboard to the page', async ({ page }) => {
  await openHydrated(page, '/Spices')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main')).toBeFocused()
  // The next stop is in the page, not back in the top bar.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(true)
})

test('the phone menu opens, moves focus in, closes on Escape and gives focus back to its button', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await openHydrated(page, '/')
  const toggle = page.getByRole('button', { name: 'Menu', exact: true })
  const menu = page.getByRole('navigation', { name: 'Main menu' })

  await tabTo(page, toggle)
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(menu).toBeHidden()
  await page.keyboard.press('Enter')
  await expect(menu).toBeVisible()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused()
  await expectVisibleFocus(page)

  // Into a group and its first link.
  await tabTo(page, menu.getByRole('link', { name: 'Home' }))
  const herbal = menu.getByRole('button', { name: 'Herbal Products' })
  await tabTo(page, herbal)
  await page.keyboard.press('Enter')
  await expect(herbal).toHaveAttribute('aria-expanded', 'true')
  await tabTo(page, menu.getByRole('link', { name: 'Tokku' }))

  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(toggle).toBeFocused()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expectVisibleFocus(page)

  // Space opens it too; its Close button closes it and gives focus back as well.
  await page.keyboard.press('Space')
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(menu).toBeHidden()
  await expect(toggle).toBeFocused()

  // Tabbing past the last link closes it: focus never sits on the page hidden behind it.
  await page.keyboard.press('Enter')
  await tabTo(page, menu.getByRole('link', { name: 'Contact Us' }))
  await page.keyboard.press('Tab')
  await expect(menu).toBeHidden()
  await expectVisibleFocus(page)

  // And a link of the menu opens its page.
  await tabTo(page, toggle, { backwards: true })
  await page.keyboard.press('Enter')
  await tabTo(page, menu.getByRole('link', { name: 'Contact Us' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/contact$/)
  await expect(menu).toBeHidden()
})

test('the bulk dialog opens on Enter, starts on Cancel, closes on Escape and gives focus back', async ({ page, request }) => {
  const product = (await catalogue(request)).find((p) => p.prices && p.stockCount > 0)!
  await openHydrated(page, product.url)
  const opener = page.getByRole('button', { name: 'Buying in bulk? Call us' })
  const dialog = page.getByRole('dialog', { name: 'Purchase the bulk quantity?' })

  await tabTo(page, opener)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await expectVisibleFocus(page)
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('link', { name: /^OK/ })).toBeFocused()
  await expectVisibleFocus(page)

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
  await expectVisibleFocus(page)

  // Cancel by Space closes it the same way.
  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Space')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
})

test('a pack size by the arrow keys, a quantity by the steppers, and Add to Cart', async ({ page, request }) => {
  const product = (await catalogue(request)).find((p) => p.stockBySize && p.stockBySize['250g'] > 0 && p.stockBySize['500g'] >= 5)!
  await openHydrated(page, product.url)
  const sizes = page.getByRole('group', { name: 'Size' })
  const small = sizes.getByRole('radio', { name: /^250g/ })
  const medium = sizes.getByRole('radio', { name: /^500g/ })
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' })
  const plus = page.getByRole('button', { name: 'Increase quantity' })
  const minus = page.getByRole('button', { name: 'Decrease quantity' })

  // The group is one stop, on the chosen size; the arrows move the choice.
  await tabTo(page, small)
  await expect(small).toBeChecked()
  await page.keyboard.press('ArrowRight')
  await expect(medium).toBeChecked()
  await expect(medium).toBeFocused()
  await expectVisibleFocus(page)
  await expect(page.getByText('Price for 500g:')).toBeAttached()
  await page.keyboard.press('ArrowLeft')
  await expect(small).toBeChecked()
  await page.keyboard.press('ArrowRight')
  await expect(medium).toBeChecked()

  // Plus by Space and Enter; the new number is read out while focus stays on the button.
  await tabTo(page, plus)
  await page.keyboard.press('Space')
  await expect(quantity).toHaveValue('2')
  await page.keyboard.press('Enter')
  await expect(quantity).toHaveValue('3')
  await expect(plus).toBeFocused()
  await expect(page.locator('[aria-live]').filter({ hasText: 'Quantity 3' })).toBeAttached()
  await tabTo(page, minus, { backwards: true })
  await page.keyboard.press('Enter')
  await expect(quantity).toHaveValue('2')
  await expect(page.locator('[aria-live]').filter({ hasText: 'Quantity 2' })).toBeAttached()

  // At the lower limit the button refuses but keeps the focus.
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await expect(quantity).toHaveValue('1')
  await expect(minus).toBeFocused()
  await expect(minus).toBeDisabled()
  await expect(page.locator('[aria-live]').filter({ hasText: 'Quantity 1, the least you can add' })).toBeAttached()
  await tabTo(page, plus)
  await page.keyboard.press('Enter')
  await expect(quantity).toHaveValue('2')

  await tabTo(page, page.getByRole('button', { name: 'Add to Cart', exact: true }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main').getByRole('status')).toContainText(`Added to cart: 2 × ${product.name}`)
  await expect(page.getByRole('link', { name: /^Cart, 2 items$/ })).toBeVisible()
})

test("the cart's steppers and Remove by keyboard, focus kept at the limits", async ({ page, request }) => {
  const product = (await catalogue(request)).find((p) => p.price !== undefined && p.stockCount >= 5)!
  await openHydrated(page, product.url)
  await tabTo(page, page.getByRole('button', { name: 'Add to Cart', exact: true }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main').getByRole('status')).toContainText(`Added to cart: 1 × ${product.name}`)

  await openHydrated(page, '/Cart-page')
  const line = page.getByRole('main').getByRole('listitem').filter({ hasText: product.name })
  const count = line.getByTestId('line-quantity')
  const more = line.getByRole('button', { name: `One more ${product.name}` })
  const less = line.getByRole('button', { name: `One less ${product.name}` })
  await expect(less).toBeDisabled()

  await tabTo(page, more)
  await page.keyboard.press('Enter')
  await expect(count).toHaveText('2')
  await page.keyboard.press('Space')
  await expect(count).toHaveText('3')
  await expect(line.getByRole('group', { name: `Quantity of ${product.name}` }).locator('[aria-live]')).toHaveText('Quantity 3')

  await tabTo(page, less, { backwards: true })
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await expect(count).toHaveText('1')
  await expect(less).toBeFocused()
  await expectVisibleFocus(page)

  await tabTo(page, line.getByRole('button', { name: `Remove ${product.name}` }))
  await page.keyboard.press('Enter')
  await expect(line).toHaveCount(0)
  await expect(page.getByRole('link', { name: /^Cart, 0 items$/ })).toBeVisible()
  // Its Remove button went with the line: the keyboard goes on from the cart's heading.
  await expect(page.getByRole('heading', { name: 'Shopping Cart', level: 1 })).toBeFocused()
})
