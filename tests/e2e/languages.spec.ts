import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { pdfText, tamilAsWritten } from '../support/pdf-text'
import { waitForMailInDir } from '../support/smtp-sink'
import { openHydrated, waitForHydration } from './shopper'

// The shop in Tamil (issue 41), in real Chromium: a shopper switches to Tamil on a product page and stays on that
// product, buys it with a test payment, and the order's mail (read at the loopback SMTP server) and its invoice are
// in Tamil.

type ProductJson = { id: string; name: string; url: string; imageUrl: string; stockCount: number; price?: number }

test('switching to Tamil on a product page keeps the product; its order’s mail and invoice come in Tamil', async ({ page, request }) => {
  const email = `e2e-tamil-${Date.now()}-${process.pid}@example.in`
  const { products } = (await (await request.get('/api/products?category=spices')).json()) as { products: ProductJson[] }
  const spice = products.filter((p) => p.price !== undefined && p.stockCount > 5).sort((a, b) => b.stockCount - a.stockCount)[0]!

  await openHydrated(page, spice.url)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN')
  await page.getByTestId('language-switch').click()
  await expect(page).toHaveURL(new RegExp(`/ta${spice.url}$`))
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta-IN')
  await waitForHydration(page)
  await expect(page.getByTestId('language-switch')).toHaveText('English')

  await page.getByRole('button', { name: 'கூடையில் சேர்' }).first().click()
  await expect(page.getByTestId('cart-count')).toHaveText('1')

  // The address as the address step keeps it in the browser; then the checkout as a customer clicks through it.
  await page.evaluate((address) => localStorage.setItem('shippingAddress', JSON.stringify(address)), {
    fullName: 'Kayal Murugan',
    buildingNumber: '21',
    streetName: 'Gandhi Road',
    city: 'Madurai',
    postalCode: '625001',
    state: 'Tamil Nadu',
    phoneNumber: '+91 94430 11223',
    alternateNumber: '',
    email,
  })
  await openHydrated(page, '/ta/checkout')
  await page.getByRole('main').getByRole('link', { name: 'பணம் செலுத்தத் தொடர்க' }).click()
  const window = page.getByRole('dialog', { name: 'சோதனைப் பணம் செலுத்துதல்' })
  await window.getByRole('button', { name: 'சோதனைப் பணத்தை முடி' }).click()
  await expect(page.getByRole('heading', { name: 'ஆர்டர் வெற்றிகரமாகப் பதிவானது!' })).toBeVisible()
  await expect(page).toHaveURL(/\/ta\/order-success/)
  const orderNumber = (await page
    .getByRole('main')
    .getByText(/KO-\d+/)
    .first()
    .textContent())!.match(/KO-\d+/)![0]

  // The confirmation, worded in the order's language, its link to the Tamil tracking page.
  const mail = await waitForMailInDir(process.env.E2E_MAIL_DIR!, email, (m) => m.subject.includes(orderNumber))
  expect(mail.subject).toBe(`உங்கள் ஆர்டர் ${orderNumber} உறுதிசெய்யப்பட்டது`)
  expect(mail.text).toMatch(/[\u0B80-\u0BFF]/)
  expect(mail.text).toContain(`/ta/track?order=${orderNumber}`)
  expect(mail.text).not.toContain('Thank you for your order')

  // The invoice: every label in Tamil and English.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'உங்கள் வரி விலைப்பட்டியலைப் பதிவிறக்கு (PDF)' }).click(),
  ])
  const text = tamilAsWritten(await pdfText(fs.readFileSync((await download.path())!))).replace(/\s+/g, ' ')
  expect(text).toContain('வரி விலைப்பட்டியல்')
  expect(text).toContain('விலைப்பட்டியல் எண் / Invoice number')
  expect(text).toContain(`ஆர்டர் / Order: ${orderNumber}`)
  expect(text).toContain('GSTIN: 33AAKFK4821M1Z5')
})
