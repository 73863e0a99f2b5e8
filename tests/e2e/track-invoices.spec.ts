import fs from 'node:fs'
import { type Browser, type Page, expect, test } from '@playwright/test'
import { signUpAndSignIn } from './shopper'
import { pdfText } from '../support/pdf-text'
import { waitForHydration } from './shopper'

// Tracking without an account and the tax invoice, in real Chromium: a customer pays through the test provider,
// downloads the invoice from the success page, and follows the order on /track from another device by e-mail
// and by phone; the owner ships it and /track shows the courier and tracking number.

const ADMIN = 'admin-e2e@example.com'
const PASSWORD = 'correct horse battery'

type ProductJson = { id: string; name: string; url: string; imageUrl: string; category: string; stockCount: number; price?: number }

/** A shopper's new browser: no cookies of the buyer's, as on another device. */
async function otherDevice(browser: Browser, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext(options)
  return { page: await context.newPage(), close: () => context.close() }
}

async function trackOrder(page: Page, order: string, contact: string) {
  await page.goto(`/track?order=${order}`)
  await expect(page.getByLabel('Order number')).toHaveValue(order)
  await page.getByLabel('E-mail or phone number').fill(contact)
  await page.getByRole('button', { name: 'Track order' }).click()
  await expect(page.getByRole('heading', { name: `Order ${order}` })).toBeVisible()
}

test('a paid order’s invoice downloads from the success page, and /track finds the order by e-mail and by phone', async ({
  page,
  request,
  browser,
}) => {
  const email = `e2e-invoice-${Date.now()}-${process.pid}@example.in`
  const { products } = (await (await request.get('/api/products?category=spices')).json()) as { products: ProductJson[] }
  const spice = products.filter((p) => p.price !== undefined && p.stockCount > 5).sort((a, b) => b.stockCount - a.stockCount)[0]!
  const pricePaise = Math.round(spice.price! * 100)

  // The cart and address as the shop keeps them in the browser, then the checkout as a customer clicks through it.
  await page.goto('/')
  await page.evaluate(
    ({ line, address }) => {
      localStorage.setItem('cartItems', JSON.stringify([line]))
      localStorage.setItem('shippingAddress', JSON.stringify(address))
    },
    {
      line: {
        id: spice.id,
        name: spice.name,
        imageUrl: spice.imageUrl,
        url: spice.url,
        pricePaise,
        stockCount: spice.stockCount,
        quantity: 1,
      },
      address: {
        fullName: 'Revathi Subramanian',
        buildingNumber: '3',
        streetName: 'Avvai Shanmugam Salai',
        city: 'Bengaluru',
        postalCode: '560001',
        state: 'Karnataka',
        phoneNumber: '+91 99620 45678',
        alternateNumber: '',
        email,
      },
    },
  )
  await page.goto('/checkout')
  await waitForHydration(page)
  await page.getByRole('main').getByRole('link', { name: 'Proceed to Payment' }).click()
  const window = page.getByRole('dialog', { name: 'Test payment' })
  await window.getByRole('button', { name: 'Complete test payment' }).click()
  await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible()
  const orderNumber = (await page
    .getByRole('main')
    .getByText(/KO-\d+/)
    .first()
    .textContent())!.match(/KO-\d+/)![0]

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download your tax invoice (PDF)' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^invoice-KO-\d{4}-\d{2}-\d{4}\.pdf$/)
  const pdf = fs.readFileSync((await download.path())!)
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  const text = await pdfText(pdf)
  expect(text).toContain('GSTIN: 33AAKFK4821M1Z5')
  expect(text).toContain(orderNumber)
  expect(text).toContain('Karnataka (29)')
  // Bengaluru is in another state than the shop: IGST.
  expect(text).toContain('IGST')
  expect(text).toContain('0910')

  // Another device, by e-mail: the status and its history, and the invoice too.
  const byEmail = await otherDevice(browser)
  await trackOrder(byEmail.page, orderNumber, email.toUpperCase())
  await expect(byEmail.page.getByTestId('tracked-status')).toHaveText('Paid, being packed')
  await expect(byEmail.page.getByRole('list', { name: /What has happened/ })).toContainText('Awaiting payment')
  await expect(byEmail.page.getByText('delivering to Bengaluru 560001')).toBeVisible()
  const [again] = await Promise.all([
    byEmail.page.waitForEvent('download'),
    byEmail.page.getByRole('link', { name: 'Download the tax invoice (PDF)' }).click(),
  ])
  expect(again.suggestedFilename()).toBe(download.suggestedFilename())
  await byEmail.close()

  // Another device, by phone, typed another way; a wrong one first.
  const byPhone = await otherDevice(browser)
  await byPhone.page.goto(`/track?order=${orderNumber}`)
  await byPhone.page.getByLabel('E-mail or phone number').fill('99620 00000')
  await byPhone.page.getByRole('button', { name: 'Track order' }).click()
  await expect(byPhone.page.getByRole('alert')).toContainText('We could not find an order with that number and e-mail or phone.')
  await trackOrder(byPhone.page, orderNumber, '099620 45678')
  await expect(byPhone.page.getByTestId('tracked-status')).toHaveText('Paid, being packed')
  await byPhone.close()
})

test('the owner ships the order with a courier, and /track shows the courier and tracking number, without JavaScript too', async ({
  page,
  baseURL,
  request,
  browser,
}) => {
  const email = `e2e-track-ship-${Date.now()}-${process.pid}@example.in`
  const { products } = (await (await request.get('/api/products?category=spices')).json()) as { products: ProductJson[] }
  const product = products.find((p) => p.stockCount > 1)!
  const created = await request.post('/api/payment/createOrder', {
    headers: { Origin: baseURL! },
    data: {
      items: [{ productId: product.id, quantity: 1 }],
      shippingAddress: {
        fullName: 'Selvam Raj',
        buildingNumber: '',
        streetName: 'Perundurai Road',
        city: 'Erode',
        postalCode: '638001',
        state: 'Tamil Nadu',
        phoneNumber: '9443312345',
        alternateNumber: '',
      },
      email,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { orderId } = await created.json()
  expect((await request.post('/api/payment/test/complete', { headers: { Origin: baseURL! }, data: { orderId } })).status()).toBe(200)
  const orderNumber = ((await (await request.get(`/api/orders/${orderId}`)).json()) as { orderNumber: string }).orderNumber

  await signUpAndSignIn(page.request, baseURL!, { email: ADMIN, password: PASSWORD })
  await page.goto(`/dash/orders/${orderId}`)
  // The admin's order page names the invoice issued with the payment.
  await expect(page.getByRole('link', { name: /^KO\/\d{4}-\d{2}\/\d{4} \(PDF\)$/ })).toBeVisible()
  const tracking = `EE${Date.now()}IN`
  await page.getByLabel('Courier').fill('India Post')
  await page.getByLabel('Tracking number').fill(tracking)
  await page.getByRole('button', { name: 'Mark shipped' }).click()
  await expect(page.getByRole('status').filter({ hasText: /shipped/i })).toBeVisible()

  // The customer, on a phone without JavaScript: the plain form works.
  const noScript = await otherDevice(browser, { javaScriptEnabled: false })
  await trackOrder(noScript.page, orderNumber, '+91 94433 12345')
  await expect(noScript.page.getByTestId('tracked-status')).toHaveText('Shipped')
  await expect(noScript.page.getByText('India Post')).toBeVisible()
  await expect(noScript.page.getByText(tracking)).toBeVisible()
  await expect(noScript.page.getByRole('list', { name: /What has happened/ }).getByRole('listitem')).toHaveText([
    /Awaiting payment/,
    /Paid, being packed/,
    /Shipped/,
  ])
  // A reload shows it again without sending the form twice.
  await noScript.page.reload()
  await expect(noScript.page.getByText(tracking)).toBeVisible()
  await noScript.close()
})
