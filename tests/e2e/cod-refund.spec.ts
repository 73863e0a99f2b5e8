import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from '../support/axe'
import { pdfText } from '../support/pdf-text'
import { waitForMailInDir } from '../support/smtp-sink'
import { catalogue, signUpAndSignIn } from './shopper'

// Issue 39, defect 7 (decision 069): a cash-on-delivery order is delivered and its cash collected; one pack arrived
// damaged. The owner pays it back by UPI and records the refund on the order's page: the page shows it with its method
// and reference and links its credit note, and the customer's mail says it was paid by UPI, not "the way you paid".

const ADMIN = 'admin-e2e@example.com'

test('the owner records a UPI refund for damaged goods of a delivered COD order and finds its credit note', async ({
  page,
  baseURL,
  request,
}) => {
  const stamp = `${Date.now()}${process.pid}`.slice(-9)
  const customer = `e2e-cod-refund-${stamp}@example.in`
  // A UPI reference is 12 digits and records one refund in the whole shop: one of this run's own.
  const reference = `7${stamp}`.padEnd(12, '0')
  const spice = (await catalogue(request)).find((p) => p.category === 'spices' && p.price !== undefined && p.stockCount > 3)!

  // The customer's order, two packs by cash on delivery, placed from their browser.
  const created = await request.post('/api/payment/createOrder', {
    headers: { Origin: baseURL! },
    data: {
      items: [{ productId: spice.id, quantity: 2 }],
      shippingAddress: {
        fullName: 'Kavya Shetty',
        buildingNumber: '14',
        streetName: 'Temple Street',
        city: 'Udupi',
        postalCode: '576101',
        state: 'Karnataka',
        phoneNumber: `9${stamp}`,
        alternateNumber: '',
      },
      email: customer,
      payment: 'cod',
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { orderId } = await created.json()

  // The owner confirms, packs, ships and delivers it, collecting the cash.
  await signUpAndSignIn(page.request, baseURL!, { email: ADMIN, password: 'correct horse battery' })
  await page.goto(`/dash/orders/${orderId}`)
  await page.getByRole('button', { name: 'Confirm order' }).click()
  await expect(page.getByRole('status').filter({ hasText: /confirmed/i })).toBeVisible()
  await page.getByRole('button', { name: 'Mark packed' }).click()
  await expect(page.getByRole('status').filter({ hasText: /packed/i })).toBeVisible()
  await page.getByLabel('Courier').fill('India Post')
  await page.getByLabel('Tracking number').fill(`EE${stamp}IN`)
  await page.getByRole('button', { name: 'Mark shipped' }).click()
  await expect(page.getByRole('status').filter({ hasText: /shipped/i })).toBeVisible()
  await page.getByRole('button', { name: /^Delivered, ₹[\d,.]+ collected$/ }).click()
  await expect(page.getByRole('status').filter({ hasText: 'its cash is collected' })).toBeVisible()

  // One pack arrived crushed: paid back by UPI, recorded with its reference; the crushed pack does not go back on sale.
  const refunds = page.getByRole('region', { name: 'Refunds' })
  const form = refunds.getByRole('form', { name: /^Record a refund paid by UPI or bank transfer/ })
  await expect(form).toBeVisible()
  await expectNoAxeViolations(page, 'a delivered COD order with its refund form')
  await form.getByLabel(new RegExp(`^Quantity of ${spice.name}`)).fill('1')
  await form.getByLabel(/^Reason/).fill('One pack arrived crushed')
  await form.getByLabel(/^Put the refunded items back in stock/).uncheck()
  await form.getByRole('radio', { name: 'UPI' }).check()
  await form.getByLabel('Reference of the transfer').fill(`${reference.slice(0, 4)} ${reference.slice(4, 8)} ${reference.slice(8)}`)
  await expect(form.getByLabel('Day you paid it')).not.toHaveValue('')
  await form.getByRole('button', { name: 'Record the refund' }).click()

  const refunded = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(spice.price!)
  await expect(page.getByRole('status').filter({ hasText: `Refund of ${refunded} recorded as paid by UPI ${reference}` })).toBeVisible()
  const listed = page.getByTestId('refunds')
  await expect(listed).toContainText('Refunded')
  await expect(listed).toContainText('One pack arrived crushed')
  await expect(page.getByTestId('refund-paid-outside')).toContainText(`Paid by UPI on`)
  await expect(page.getByTestId('refund-paid-outside')).toContainText(`UPI reference ${reference}`)

  // Its credit note, against the invoice issued at dispatch.
  const link = listed.getByRole('link', { name: /^Credit note CN\/\d{4}-\d{2}\/\d{4} \(PDF\)$/ })
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  const pdf = fs.readFileSync((await download.path())!)
  const text = await pdfText(pdf)
  expect(text).toContain('CREDIT NOTE')
  expect(text).toContain(refunded)
  expect(text).toContain('One pack arrived crushed')
  expect(text).toMatch(/Against invoice: KO\/\d{4}-\d{2}\/\d{4} of /)

  const mail = await waitForMailInDir(process.env.E2E_MAIL_DIR!, customer, (m) => m.subject.startsWith('Refund of'))
  expect(mail.subject).toContain(refunded)
  expect(mail.text).toContain(`by UPI on`)
  expect(mail.text).toContain(`Its UPI reference is ${reference}`)
  expect(mail.text).not.toContain('the way you paid')
})
