import { expect, type Page, test } from '@playwright/test'
import { DEFAULT_SHOP_SETTINGS } from '../../app/features/settings/shop-settings'
import { catalogue, SAVED_ADDRESS, storeCart } from './shopper'

// What a shopper sees when the shop refuses for too many requests. The browser tests' shop runs with
// RATE_LIMIT=off (every test comes from 127.0.0.1), so the refusal is the one the shop sends, played back here;
// tests/server/rate-limits.test.ts shows the shop sending it.

const refusal = (error: string) => ({
  status: 429,
  headers: { 'Retry-After': '540' },
  contentType: 'application/json',
  body: JSON.stringify({ error }),
})
const CHECKOUT_REFUSED = 'Too many checkout attempts from your connection. Please wait 9 minutes and try again.'
const CONTACT_REFUSED = 'Too many messages from your connection. Please try again in 9 minutes.'

/** Waits until React has hydrated the page, so the form posts JSON through its handler. */
async function openHydrated(page: Page, path: string) {
  await page.goto(path)
  await expect(page.locator('#site-menu button[aria-expanded]').first()).toBeAttached()
}

test('the payment page shows the checkout limit’s message and keeps the cart', async ({ page, request }) => {
  const product = (await catalogue(request)).find((p) => p.price !== undefined && p.stockCount >= 5)!
  const line = {
    id: product.id,
    name: product.name,
    imageUrl: product.imageUrl,
    url: product.url,
    pricePaise: Math.round(product.price! * 100),
    stockCount: product.stockCount,
    quantity: 1,
  }
  await storeCart(page, [line], SAVED_ADDRESS)
  let attempts = 0
  await page.route('**/api/payment/createOrder', (route) => {
    attempts++
    return route.fulfill(refusal(CHECKOUT_REFUSED))
  })

  await page.goto('/payment')
  const alert = page.getByRole('main').getByRole('alert')
  await expect(alert).toContainText(CHECKOUT_REFUSED)
  await expect(alert).toContainText('Your cart is kept.')
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Test payment' })).toBeHidden()
  // A 429 is not retried behind the shopper's back: that would only count against the limit again.
  expect(attempts).toBe(1)
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]').length)).toBe(1)
})

test('the feedback form shows the contact limit’s message and keeps what was typed', async ({ page }) => {
  await page.route('**/api/contact', (route) => route.fulfill(refusal(CONTACT_REFUSED)))
  await openHydrated(page, '/contact')
  const typed = {
    Name: 'Kavya Raghavan',
    Email: 'kavya@example.in',
    Phone: '+91 99400 55667',
    Message: 'Is the moringa powder shade dried?',
  }
  for (const [label, value] of Object.entries(typed)) await page.getByLabel(label, { exact: true }).fill(value)
  await page.getByRole('button', { name: 'Submit' }).click()

  const alert = page.getByRole('main').getByRole('alert')
  await expect(alert).toContainText(CONTACT_REFUSED)
  // Another way to reach the shop meanwhile.
  await expect(alert).toContainText(DEFAULT_SHOP_SETTINGS.email)
  await expect(page.getByRole('main').getByRole('status')).toHaveText('')
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(typed.Message)
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled()
})
