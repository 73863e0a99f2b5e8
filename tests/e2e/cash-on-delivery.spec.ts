import { expect, test } from '@playwright/test'
import { waitForMailInDir } from '../support/smtp-sink'
import { catalogue, expectMoneyAddsUp, formToken, openHydrated, SHIPPING_ADDRESS, signUpAndSignIn, storedLine, storeCart } from './shopper'

// Issue 19 on a phone: a shopper applies the owner's code in the cart, chooses cash on delivery and sees its fee,
// places the order, confirms it from the link in the mail the shop sent (read at the loopback SMTP server), and
// finds it confirmed on /track with the discount and the fee.

test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true })

const ADMIN = 'admin-e2e@example.com'

test('a code in the cart, cash on delivery with its fee, the order confirmed from its mail and found on /track', async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = `${Date.now()}${process.pid}`.slice(-9)
  const code = `COD${stamp}`
  const email = `e2e-cod-${stamp}@example.in`

  // The owner makes a code: 10% off, once per customer.
  const owner = await browser.newContext()
  await signUpAndSignIn(owner.request, baseURL!, { email: ADMIN, password: 'correct horse battery' })
  const made = await owner.request.post('/dash/coupons', {
    headers: { Origin: baseURL! },
    form: { csrf_token: await formToken(owner.request), intent: 'create', code, kind: 'percent', value: '10', usesPerCustomer: '1' },
    maxRedirects: 0,
  })
  expect(made.status(), await made.text()).toBeLessThan(400)
  await owner.close()

  // ₹400-odd of one spice, and the address saved from an earlier visit.
  const spice = (await catalogue(page.request)).find(
    (p) => p.category === 'spices' && p.price !== undefined && p.price >= 100 && p.stockCount > 5,
  )!
  const quantity = Math.ceil(400 / spice.price!)
  await storeCart(page, [storedLine(spice, quantity)], { ...SHIPPING_ADDRESS, email })
  const goodsPaise = Math.round(spice.price! * 100) * quantity
  const couponPaise = Math.floor(goodsPaise / 10)

  await openHydrated(page, '/Cart-page')
  await page.getByLabel('Coupon code').fill(code.toLowerCase())
  await page.getByRole('button', { name: 'Apply' }).tap()
  await expect(page.getByTestId('coupon-applied')).toContainText(`Code ${code} applied`)
  await expect(page.getByTestId('coupon-applied')).toContainText(rupees(couponPaise))
  // Below the saving, the delivery and the total it makes (issue 39).
  const cartMoney = page.locator('[data-money-lines]').first()
  await expectMoneyAddsUp(cartMoney, ['subtotal', 'coupon', 'delivery', 'total'])
  await page.getByRole('link', { name: 'Proceed to Checkout' }).tap()

  await expect(page).toHaveURL(/\/address$/)
  await page.getByRole('button', { name: 'Continue to order summary' }).tap()
  await expect(page).toHaveURL(/\/checkout$/)
  const summary = page.getByRole('region', { name: 'Order summary' })
  await expect(summary).toContainText(`Coupon ${code}`)

  // Cash on delivery shows its fee and what paying online saves; chosen, the summary adds the fee.
  const cod = page.getByRole('radio', { name: /Cash on delivery/ })
  await expect(cod).toBeEnabled()
  await cod.check()
  await expect(page.getByText(/with a ₹30 cash-on-delivery fee/)).toBeVisible()
  // No discount for paying online here: the fee not paid is not called a saving (issue 39).
  await expect(page.getByText(/save ₹30/)).toHaveCount(0)
  await expect(summary.getByText('Cash on delivery fee')).toBeVisible()
  await expect(summary.getByText('To pay on delivery')).toBeVisible()
  await expectMoneyAddsUp(summary, ['subtotal', 'coupon', 'delivery', 'codFee', 'total'])
  // The button says what it does: with cash on delivery it places the order (issue 39).
  await expect(page.getByRole('link', { name: 'Proceed to Payment' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Place order (cash on delivery)' }).tap()

  await expect(page).toHaveURL(/\/order-success\?order=/)
  await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible()
  await expect(page.getByTestId('confirm-from-mail')).toContainText(email)
  await expectMoneyAddsUp(page.getByRole('main'), ['subtotal', 'coupon', 'delivery', 'codFee', 'total'])
  const orderNumber = (await page
    .getByText(/^KO-\d+$/)
    .first()
    .textContent())!

  // The confirmation link from the mail: opening it changes nothing; its button confirms the order.
  const mail = await waitForMailInDir(process.env.E2E_MAIL_DIR!, email, (m) => m.subject.includes('Please confirm'))
  expect(mail.subject).toBe(`Please confirm your order ${orderNumber} (cash on delivery)`)
  expect(mail.text).toContain(`Coupon ${code}: -${rupees(couponPaise)}`)
  expect(mail.text).toContain('Cash on delivery fee: ₹30')
  const link = new URL(mail.text.match(/https?:\/\/\S+\/order\/confirm\/\S+/)![0])
  await openHydrated(page, `${link.pathname}${link.search}`)
  await expect(page.getByRole('heading', { name: `Confirm your order ${orderNumber}` })).toBeVisible()
  await expectMoneyAddsUp(page.getByRole('main'), ['subtotal', 'coupon', 'delivery', 'codFee', 'total'])
  await page.getByRole('button', { name: 'Confirm my order' }).tap()
  await expect(page.getByRole('heading', { name: 'Thank you: your order is confirmed' })).toBeVisible()
  await page.getByRole('link', { name: 'Follow your order' }).tap()

  await expect(page.getByLabel('Order number')).toHaveValue(orderNumber)
  await page.getByLabel('E-mail or phone number').fill(SHIPPING_ADDRESS.phoneNumber)
  await page.getByRole('button', { name: 'Track order' }).tap()
  await expect(page.getByTestId('tracked-status')).toHaveText('Confirmed, being packed (cash on delivery)')
  await expect(page.getByText(`Coupon ${code}`)).toBeVisible()
  await expect(page.getByText('Cash on delivery fee')).toBeVisible()
  await expect(page.getByText('Total, paid in cash on delivery')).toBeVisible()
  await expectMoneyAddsUp(page.getByRole('region', { name: `Order ${orderNumber}` }), ['subtotal', 'coupon', 'delivery', 'codFee', 'total'])

  // The owner's order page: every line that makes the total, and a payment box that speaks of cash (issue 39).
  const orderId = link.pathname.split('/').at(-1)!
  await signUpAndSignIn(page.context().request, baseURL!, { email: ADMIN, password: 'correct horse battery' })
  await openHydrated(page, `/dash/orders/${orderId}`)
  const items = page.getByRole('region', { name: 'Items' })
  await expect(items.getByRole('rowheader', { name: `Coupon ${code}` })).toBeVisible()
  await expectMoneyAddsUp(items, ['subtotal', 'coupon', 'delivery', 'codFee', 'total'])
  const payment = page.getByRole('region', { name: 'Payment' })
  await expect(payment).toContainText('Cash on delivery')
  await expect(payment).not.toContainText('Test payments')
})

function rupees(paise: number) {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: paise % 100 ? 2 : 0 }).format(
    paise / 100,
  )
}
