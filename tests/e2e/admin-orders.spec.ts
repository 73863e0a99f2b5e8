import fs from 'node:fs'
import { type APIRequestContext, expect, test } from '@playwright/test'
import { placePaidOrder, signUpAndSignIn } from './shopper'
import { pdfText } from '../support/pdf-text'
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

/** One unit of a spice in stock, paid through the test provider by `request`'s browser; the order's id. */
async function paidSpicesOrder(request: APIRequestContext, email: string) {
  const { products } = await (await request.get('/api/products?category=spices')).json()
  const product = products.find((p: { stockCount: number }) => p.stockCount > 1)
  return placePaidOrder(request, { productId: product.id, email, address })
}

test('the admin ships a paid order and the customer is mailed the tracking number', async ({ page, baseURL, request }) => {
  const customer = `e2e-ship-${Date.now()}-${process.pid}@example.in`

  // The customer's browser (its own cookies): an order paid through the test provider.
  await paidSpicesOrder(request, customer)

  // The admin signs in through the page.
  await signUpAndSignIn(page.request, baseURL!, { email: ADMIN, password: PASSWORD })

  await page.goto('/dash/orders')
  // The page's own box, not the top bar's product search.
  await page.getByRole('main').getByRole('searchbox').fill(customer)
  await page.keyboard.press('Enter')
  await page
    .getByRole('link', { name: /KO-\d+/ })
    .first()
    .click()
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

test('the admin refunds one line of a paid order: the customer is mailed, and the credit note PDF shows the refunded amount', async ({
  page,
  baseURL,
  request,
}) => {
  const customer = `e2e-refund-${Date.now()}-${process.pid}@example.in`
  const { products } = await (await request.get('/api/products?category=spices')).json()
  const [first, second] = products.filter((p: { stockCount: number; price?: number }) => p.stockCount > 2 && p.price !== undefined)
  const created = await request.post('/api/payment/createOrder', {
    headers: { Origin: baseURL! },
    data: {
      items: [
        { productId: first.id, quantity: 2 },
        { productId: second.id, quantity: 1 },
      ],
      shippingAddress: address,
      email: customer,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { orderId } = await created.json()
  expect((await request.post('/api/payment/test/complete', { headers: { Origin: baseURL! }, data: { orderId } })).status()).toBe(200)

  await signUpAndSignIn(page.request, baseURL!, { email: ADMIN, password: PASSWORD })
  await page.goto(`/dash/orders/${orderId}`)
  const refunds = page.getByRole('region', { name: 'Refunds' })
  await refunds.getByLabel(new RegExp(`^Quantity of ${first.name}`)).fill('1')
  await refunds.getByLabel(/^Reason/).fill('One jar arrived open')
  await refunds.getByRole('button', { name: 'Refund' }).click()

  const refunded = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(first.price)
  await expect(page.getByRole('status').filter({ hasText: `Refund of ${refunded}` })).toBeVisible()
  await expect(page.getByTestId('refunds')).toContainText('Refunded')

  const mail = await waitForMailInDir(process.env.E2E_MAIL_DIR!, customer, (m) => m.subject.startsWith('Refund of'))
  expect(mail.subject).toContain(refunded)
  expect(mail.text).toContain('One jar arrived open')

  const link = page.getByRole('link', { name: /^Credit note CN\/\d{4}-\d{2}\/\d{4} \(PDF\)$/ })
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  expect(download.suggestedFilename()).toMatch(/^credit-note-CN-\d{4}-\d{2}-\d{4}\.pdf$/)
  const pdf = fs.readFileSync((await download.path())!)
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  const text = await pdfText(pdf)
  expect(text).toContain('CREDIT NOTE')
  expect(text).toContain(refunded)
  expect(text).toMatch(/Against invoice: KO\/\d{4}-\d{2}\/\d{4} of /)
})

test('the admin pages and the signed-in top bar fit a 360 px phone', async ({ page, baseURL, request }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  // A confirmed COD order waiting to ship: its status, the longest there is, once pushed the dashboard sideways.
  const { products } = await (await request.get('/api/products?category=spices')).json()
  const product = products.find((p: { stockCount: number }) => p.stockCount > 1)
  const created = await request.post('/api/payment/createOrder', {
    headers: { Origin: baseURL! },
    data: { items: [{ productId: product.id, quantity: 1 }], shippingAddress: address, email: 'e2e-narrow@example.in', payment: 'cod' },
  })
  expect(created.status(), await created.text()).toBe(201)
  await signUpAndSignIn(page.request, baseURL!, { email: ADMIN, password: PASSWORD })
  await page.goto(`/dash/orders/${(await created.json()).orderId}`)
  await page.getByRole('button', { name: 'Confirm order' }).click()
  await expect(page.getByRole('status').filter({ hasText: /confirmed/i })).toBeVisible()
  for (const path of ['/dash', '/Delete', '/dash/orders?status=all', '/dash/messages', '/dash/outbox?show=all', '/dash/users']) {
    await page.goto(path)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width, path).toBeLessThanOrEqual(360)
  }
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
})

test('the order list reads without sideways scrolling on a 375 px phone, and is still a table at 1280 px', async ({
  page,
  baseURL,
  request,
}) => {
  // A paid order of the customer's browser, so the list has at least one row whatever ran before.
  const customer = `e2e-list-${Date.now()}-${process.pid}@example.in`
  await paidSpicesOrder(request, customer)

  await signUpAndSignIn(page.request, baseURL!, { email: ADMIN, password: PASSWORD })
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/dash/orders?status=all')

  const list = page.getByRole('table', { name: 'Orders, newest first' })
  const orderLink = /^KO-\d+$/
  const rows = list.getByRole('row').filter({ has: page.getByRole('link', { name: orderLink }) })
  await expect(rows.filter({ hasText: customer })).toHaveCount(1)

  // Neither the page nor the box the list sits in scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  expect(await list.evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth)).toBe(true)

  // Every order's number (a link big enough to tap) and total are on screen, their columns named beside them.
  const count = await rows.count()
  expect(count).toBeGreaterThan(0)
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i)
    const link = row.getByRole('link', { name: orderLink })
    const total = row.getByText(/^₹[\d,]+(\.\d\d)?$/)
    for (const part of [link, total]) {
      await expect(part).toBeVisible()
      const box = (await part.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(375)
    }
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  }
  await expect(rows.first().getByText('Total', { exact: true })).toBeVisible()
  // The header row stays for screen readers, visually hidden (a 1 px box).
  expect((await list.locator('thead').boundingBox())!.width).toBeLessThanOrEqual(1)

  // The search form fits too: its box spans the width it has.
  const search = page.getByRole('main').getByRole('searchbox')
  const searchBox = (await search.boundingBox())!
  expect(searchBox.x + searchBox.width).toBeLessThanOrEqual(375)

  // On a desktop it is the table it was: the header row shows, the rows are table rows, the labels are gone.
  await page.setViewportSize({ width: 1280, height: 800 })
  const header = list.getByRole('row').filter({ has: page.getByRole('columnheader', { name: 'Order' }) })
  await expect(header).toBeVisible()
  for (const name of ['Order', 'Date', 'Customer', 'Phone', 'City', 'Total', 'Status']) {
    await expect(header.getByRole('columnheader', { name, exact: true })).toBeVisible()
  }
  await expect(rows.first()).toHaveCSS('display', 'table-row')
  await expect(rows.first().getByText('Total', { exact: true })).toBeHidden()
})

test('an order’s items show their quantity and prices on a 375 px phone, without sideways scrolling (issue 39)', async ({
  page,
  baseURL,
  request,
}) => {
  const customer = `e2e-items-${Date.now()}-${process.pid}@example.in`
  const orderId = await paidSpicesOrder(request, customer)
  await signUpAndSignIn(page.request, baseURL!, { email: ADMIN, password: PASSWORD })
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto(`/dash/orders/${orderId}`)

  const items = page.getByRole('table', { name: /^Items in order KO-\d+$/ })
  // The box the table sits in does not scroll sideways: nothing of it is cut off.
  expect(await items.evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth)).toBe(true)
  const line = items.locator('tbody tr').first()
  const cells = [line.getByRole('rowheader'), ...(await line.getByRole('cell').all())]
  expect(cells).toHaveLength(4)
  for (const cell of [...cells, items.getByRole('row', { name: /^Total/ })]) {
    await expect(cell).toBeVisible()
    const box = (await cell.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(375)
  }
  await expect(line.getByRole('cell').first()).toHaveText('1')
  await expect(line.getByRole('cell').nth(1)).toHaveText(/^₹[\d,]+(\.\d\d)?$/)
})
