import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { pdfPages } from '../support/pdf-text'
import { catalogue, formToken, placePaidOrder, SHIPPING_ADDRESS, signUpAndSignIn } from './shopper'

// Issue 40 in the browser: the owner books a paid order and a cash-on-delivery order from the shipping desk through
// Shiprocket (its loopback stand-in, started by global-setup.ts), downloads their labels as one PDF; the courier's
// webhook says the paid parcel is delivered and the customer's /track shows it; the COD parcel's delivery fails and
// the owner asks for another attempt from the dashboard.

const ADMIN = 'admin-e2e@example.com'

/** Plays the courier at the stand-in: a scan on the parcel, then its webhook to the shop, as Shiprocket sends it. */
async function courier(call: 'scan' | 'fail-delivery' | 'webhook' | 'ndr-actions', body: Record<string, unknown>) {
  const answer = await fetch(`${process.env.E2E_SHIPROCKET_URL}/__control/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(answer.status, await answer.clone().text()).toBe(200)
  return answer.json()
}

test('the shipping desk books a paid and a COD order, prints their labels; tracking reaches /track; a failed delivery is re-attempted', async ({
  page,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000)
  const stamp = `${Date.now()}${process.pid}`.slice(-9)
  const spice = (await catalogue(request)).find((p) => p.category === 'spices' && p.price !== undefined && p.stockCount > 3)!

  // A paid order, and a COD order the owner confirms.
  const paidEmail = `e2e-ship-paid-${stamp}@example.in`
  const paidId = await placePaidOrder(request, { productId: spice.id, email: paidEmail })
  const cod = await request.post('/api/payment/createOrder', {
    headers: { Origin: baseURL! },
    data: {
      items: [{ productId: spice.id, quantity: 2 }],
      shippingAddress: { ...SHIPPING_ADDRESS, phoneNumber: `9${stamp}` },
      email: `e2e-ship-cod-${stamp}@example.in`,
      payment: 'cod',
    },
  })
  expect(cod.status(), await cod.text()).toBe(201)
  const codId = ((await cod.json()) as { orderId: string }).orderId
  await signUpAndSignIn(page.request, baseURL!, { email: ADMIN, password: 'correct horse battery' })
  const confirmed = await page.request.post(`/dash/orders/${codId}`, {
    headers: { Origin: baseURL! },
    form: { csrf_token: await formToken(page.request), step: 'confirm' },
  })
  expect(confirmed.status()).toBe(200)

  // The desk lists both with a weight, a box and the couriers' rates; the owner books both.
  await page.goto('/dash/shipping')
  const labelOf = async (id: string) => (await page.locator(`input[name="label-${id}"]`).getAttribute('value'))!
  const paidLabel = await labelOf(paidId)
  const codLabel = await labelOf(codId)
  await page.getByRole('checkbox', { name: `Book ${paidLabel}` }).check()
  await page.getByRole('checkbox', { name: `Book ${codLabel}` }).check()
  const courierForPaid = page.getByRole('combobox', { name: `Courier for ${paidLabel}` })
  await expect(courierForPaid.locator('option', { hasText: 'cheapest' })).toHaveCount(1)
  await courierForPaid.selectOption({ label: (await courierForPaid.locator('option', { hasText: 'Blue Dart' }).textContent())!.trim() })
  await page.getByRole('button', { name: 'Book the ticked orders' }).click()
  await expect(page.getByRole('status')).toContainText('2 orders booked')
  const lines = page.getByTestId('desk-lines')
  await expect(lines).toContainText(`${paidLabel}-1: booked with Blue Dart, AWB`)
  const paidAwb = (await lines.textContent())!.match(new RegExp(`${paidLabel}-1: booked with Blue Dart, AWB (\\w+)`))![1]!
  const codAwb = (await lines.textContent())!.match(new RegExp(`${codLabel}-1: booked with [^,]+, AWB (\\w+)`))![1]!

  // Their labels, one PDF: a page each, from the courier.
  const booked = page.getByTestId('booked-parcel')
  for (const label of [paidLabel, codLabel]) await expect(booked.filter({ hasText: `${label}-1` })).toHaveCount(1)
  for (const row of await booked.all()) {
    const text = (await row.textContent()) ?? ''
    if (!text.includes(`${paidLabel}-1`) && !text.includes(`${codLabel}-1`)) await row.getByRole('checkbox').uncheck()
  }
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download labels (PDF)' }).click()
  const pdf = fs.readFileSync((await (await download).path())!)
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  expect(await pdfPages(pdf)).toHaveLength(2)

  // The courier picks the paid parcel up and delivers it; its webhooks reach the shop, and /track says so.
  await courier('scan', { awb: paidAwb, code: 42, activity: 'Picked up', location: 'Coimbatore' })
  expect(
    await courier('webhook', { awb: paidAwb, url: `${baseURL}/api/webhooks/courier`, apiKey: process.env.E2E_SHIPROCKET_TOKEN }),
  ).toMatchObject({
    status: 200,
  })
  await courier('scan', { awb: paidAwb, code: 7, activity: 'Delivered', location: 'Madurai' })
  await courier('webhook', { awb: paidAwb, url: `${baseURL}/api/webhooks/courier`, apiKey: process.env.E2E_SHIPROCKET_TOKEN })
  const customer = await page.context().browser()!.newContext()
  const track = await customer.newPage()
  await track.goto(`/track?order=${paidLabel}`)
  await track.getByLabel('E-mail or phone number').fill(paidEmail)
  await track.getByRole('button', { name: 'Track order' }).click()
  await expect(track.getByTestId('tracked-status')).toContainText('Delivered')
  await expect(track.getByTestId('parcel-status')).toHaveText('Delivered')
  await expect(track.getByTestId('parcel-scans')).toContainText('Delivered, Madurai')
  await customer.close()

  // The COD parcel's delivery fails: the dashboard lists it, and the owner asks for another attempt on a day.
  await courier('scan', { awb: codAwb, code: 42, activity: 'Picked up', location: 'Coimbatore' })
  await courier('webhook', { awb: codAwb, url: `${baseURL}/api/webhooks/courier`, apiKey: process.env.E2E_SHIPROCKET_TOKEN })
  await courier('fail-delivery', { awb: codAwb, reason: 'Customer not reachable' })
  await courier('webhook', { awb: codAwb, url: `${baseURL}/api/webhooks/courier`, apiKey: process.env.E2E_SHIPROCKET_TOKEN })
  await page.goto('/dash')
  const failed = page.getByTestId('failed-delivery').filter({ hasText: codLabel })
  await expect(failed).toContainText('Customer not reachable (attempt 1')
  await failed.getByLabel('Deliver on (optional)').fill('2026-12-31')
  await failed.getByRole('button', { name: 'Send to the courier' }).click()
  await expect(page.getByRole('status')).toContainText('The courier will deliver again')
  expect(await courier('ndr-actions', { awb: codAwb })).toHaveLength(1)
})
