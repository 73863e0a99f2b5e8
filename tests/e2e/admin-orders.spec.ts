import { expect, test } from '@playwright/test'
import { signUpAndSignIn } from './shopper'
import { waitForMailInDir } from '../support/smtp-sink'

// The owner's side of an order in real Chromium: a customer's paid order shows on the dashboard, the admin
// packs and ships it with courier and tracking number, and the customer's mail goes out over SMTP.

const ADMIN = 'admin-e2e@example.com'
const PASSWORD = 'correct horse battery'

const address = {
  fullName: 'Anitha Krishnan',
  buildingNumber: '21',
  streetName: 'North Car Street',
  city: 'Tirunelveli',
  postalCode: '627006',
  state: 'Tamil Nadu',
  phoneNumber: '+91 94860 12345',
  alternateNumber: '',
}

test('the admin ships a paid order and the customer is mailed the tracking number', async ({ page, baseURL, request }) => {
  const customer = `e2e-ship-${Date.now()}-${process.pid}@example.in`

  // The customer's browser (its own cookies): an order paid through the test provider.
  const { products } = await (await request.get('/api/products?category=spices')).json()
  const product = products.find((p: { stockCount: number }) => p.stockCount > 1)
  const created = await request.post('/api/payment/createOrder', {
    headers: { Origin: baseURL! },
    data: { items: [{ productId: product.id, quantity: 1 }], shippingAddress: address, email: customer },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { orderId } = await created.json()
  const paid = await request.post('/api/payment/test/complete', { headers: { Origin: baseURL! }, data: { orderId } })
  expect(paid.status()).toBe(200)

  // The admin signs in through the page.
  await signUpAndSignIn(page.request, baseURL!, { email: ADMIN, password: PASSWORD })

  await page.goto('/dash/orders')
  // The page's own box, not the top bar's product search.
  await page.getByRole('main').getByRole('searchbox').fill(customer)
  await page.keyboard.press('Enter')
  await page.getByRole('link', { name: /KO-\d+/ }).first().click()
  await expect(page.getByText(customer).first()).toBeVisible()
  await expect(page.getByText('Anitha Krishnan').first()).toBeVisible()

  await page.getByRole('button', { name: 'Mark packed' }).click()
  await expect(page.getByRole('status').filter({ hasText: /packed/i })).toBeVisible()

  const tracking = `EE${Date.now()}IN`
  await page.getByLabel('Courier').fill('India Post')
  await page.getByLabel('Tracking number').fill(tracking)
  await page.getByRole('button', { name: 'Mark shipped' }).click()
  await expect(page.getByRole('status').filter({ hasText: /shipped/i })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Mark delivered' })).toBeVisible()
  await expect(page.getByText(tracking).first()).toBeVisible()

  const mail = await waitForMailInDir(process.env.E2E_MAIL_DIR!, customer, (m) => /on its way/.test(m.subject))
  expect(mail.text).toContain(`Tracking number: ${tracking}`)
  expect(mail.text).toContain('Courier: India Post')

  // The shipped mail is in the outbox page too, marked sent.
  await page.goto('/dash/outbox?show=sent')
  await expect(page.getByText(/on its way/).first()).toBeVisible()
})

test('the admin pages and the signed-in top bar fit a 360 px phone', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await signUpAndSignIn(page.request, baseURL!, { email: ADMIN, password: PASSWORD })
  for (const path of ['/dash', '/Delete', '/dash/orders?status=all', '/dash/messages', '/dash/outbox?show=all', '/dash/users']) {
    await page.goto(path)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width, path).toBeLessThanOrEqual(360)
  }
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
})
