import { expect, type Locator, type Page, test } from '@playwright/test'
import { catalogue, openHydrated, SAVED_ADDRESS, signUpAndSignIn, storeCart, storedLine } from './shopper'

// Issue 39, defect 5, on a phone: a form that is refused takes the keyboard to what was refused, its first refused
// field or, when no field is, its message, and brings it into view; focus is not left on the button or the page.

test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true })

/** Where the keyboard is: the focused element's id, name and text, to compare and to read in a failure. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement
    return el ? `${el.tagName.toLowerCase()}#${el.id}[name=${el.getAttribute('name') ?? ''}] ${el.textContent?.slice(0, 60) ?? ''}` : 'none'
  })

/** That `locator` is focused, and it and `alsoSeen` are on the screen, not under the sticky top bar. */
async function expectFocusedInView(page: Page, locator: Locator, alsoSeen: Locator = locator) {
  await expect(locator).toBeFocused()
  const bar = await page.locator('header').first().boundingBox()
  const height = page.viewportSize()!.height
  for (const seen of [locator, alsoSeen]) {
    const box = (await seen.boundingBox())!
    expect(box.y, `${await focused(page)}: below the top bar`).toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0) - 1)
    expect(box.y + box.height, `${await focused(page)}: above the screen's bottom`).toBeLessThanOrEqual(height)
  }
}

test('an unknown coupon code: focus on the code, its message on the screen', async ({ page }) => {
  // A cart of several lines, as in the issue: the box sits well down the page on a phone.
  const products = (await catalogue(page.request)).filter((p) => p.price !== undefined && p.stockCount > 5).slice(0, 5)
  await storeCart(
    page,
    products.map((p) => storedLine(p, 1)),
  )
  await openHydrated(page, '/Cart-page')
  const code = page.getByLabel('Coupon code')
  await code.fill('NOSUCHCODE1')
  await page.getByRole('button', { name: 'Apply' }).tap()
  const message = page.getByRole('alert').filter({ hasText: /not valid/i })
  await expect(message).toBeVisible()
  await expect(code).toHaveAttribute('aria-invalid', 'true')
  await expectFocusedInView(page, code, message)
})

test('the checkout address with a PIN code of another state: focus on the PIN code', async ({ page }) => {
  const product = (await catalogue(page.request)).find((p) => p.price !== undefined && p.stockCount > 5)!
  // The address saved from an earlier visit, but a Bengaluru PIN code with Tamil Nadu.
  await storeCart(page, [storedLine(product, 1)], { ...SAVED_ADDRESS, postalCode: '560034' })
  await openHydrated(page, '/address')
  await expect(page.getByLabel(/^Full Name/)).toHaveValue(SAVED_ADDRESS.fullName)
  await page.getByRole('button', { name: 'Continue to order summary' }).tap()
  const pin = page.getByLabel(/^Postal Code/)
  await expect(pin).toHaveAttribute('aria-invalid', 'true')
  await expectFocusedInView(page, pin, page.locator('#address-postalCode-error'))
  await expect(page).toHaveURL(/\/address$/)
})

test('an address the browser will not save: focus on the message, which is not on a field', async ({ page }) => {
  const product = (await catalogue(page.request)).find((p) => p.price !== undefined && p.stockCount > 5)!
  await storeCart(page, [storedLine(product, 1)], SAVED_ADDRESS)
  // Site storage refused from now on, as a browser set to keep nothing would.
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('Storage is off', 'SecurityError')
    }
  })
  await openHydrated(page, '/address')
  await expect(page.getByLabel(/^Full Name/)).toHaveValue(SAVED_ADDRESS.fullName)
  await page.getByRole('button', { name: 'Continue to order summary' }).tap()
  const message = page.getByRole('alert').filter({ hasText: 'did not let us save the address' })
  await expectFocusedInView(page, message)
  await expect(page).toHaveURL(/\/address$/)
})

test('the admin’s coupon form with a discount over 100%: focus on the discount', async ({ page, baseURL }) => {
  await signUpAndSignIn(page.request, baseURL!, { email: 'admin-e2e@example.com', password: 'correct horse battery' })
  await openHydrated(page, '/dash/coupons')
  await page.getByLabel('Code', { exact: true }).fill(`FOCUS${Date.now()}`.slice(0, 16))
  await page.getByLabel('Discount', { exact: true }).fill('150')
  await page.getByRole('button', { name: 'Make the code' }).tap()
  const discount = page.getByLabel('Discount', { exact: true })
  await expect(discount).toHaveAttribute('aria-invalid', 'true')
  await expectFocusedInView(page, discount, page.locator('#coupon-value-error'))
})
