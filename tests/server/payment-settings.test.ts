import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_PAYMENT_FORM } from '../../app/features/checkout/test-payment-form'
import { Browser } from '../support/http-browser'
import { testAddress } from '../support/test-address'
import { startTestServer, type TestServer } from '../support/test-server'

// The payments section of /dash/settings against the built shop (decision 043): the owner sets cash on delivery's
// rules and the offer for paying online, and the next quote and order follow them. A shop of its own: it changes the
// shop's settings, which the shared shop's files must not (decision 041).

const OWNER = 'owner@payment-settings.test'

let server: TestServer
let admin: Browser
let productId = ''
let unitPaise = 0
beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: OWNER, RATE_LIMIT: 'off' } })
  admin = new Browser(server.url)
  expect((await admin.signUp(OWNER)).status).toBe(200)
  const { products } = (await (await fetch(`${server.url}/api/products`)).json()) as {
    products: Array<{ id: string; price?: number; stockCount: number }>
  }
  // A pack well below the free-delivery threshold (₹350) and the default COD maximum (₹5,000), with stock to order.
  const pick = products
    .filter((p) => p.price !== undefined && p.price < 300 && p.stockCount >= 5)
    .sort((a, b) => b.stockCount - a.stockCount)[0]!
  productId = pick.id
  unitPaise = Math.round(pick.price! * 100)
})
afterAll(async () => server?.stop())

type PaymentsForm = Record<keyof typeof DEFAULT_PAYMENT_FORM, string>
const payments = (changes: Partial<PaymentsForm>, drop: Array<keyof PaymentsForm> = []) => {
  const form: Record<string, string> = { intent: 'payments', ...DEFAULT_PAYMENT_FORM, ...changes }
  for (const name of drop) delete form[name]
  return { form }
}

type Option =
  | { available: true; totalPaise: number; prepaidDiscountPaise: number; codFeePaise: number }
  | { available: false; message: string }
type Quote = {
  subtotalPaise: number
  deliveryPaise: number
  codFeePaise: number
  prepaidDiscountPaise: number
  totalPaise: number
  paymentOptions: { online: Option; cod: Option }
}
/** A visitor's quote for `quantity` of the pack, paying on delivery unless told. */
const quote = async (quantity: number, choice: { payment?: 'online' | 'cod'; postalCode?: string } = {}) => {
  const answer = await new Browser(server.url).send('/api/cart/quote', {
    json: { items: [{ productId, quantity }], payment: 'cod', ...choice },
  })
  expect(answer.status, answer.text).toBe(200)
  return JSON.parse(answer.text) as Quote
}
/** The value of the ticked input named `name` on a page (a radio button's choice, a checkbox's "on"), or null. */
const ticked = (page: string, name: string) =>
  [...page.matchAll(/<input[^>]*>/g)]
    .map(([tag]) => tag)
    .find((tag) => tag.includes(` name="${name}"`) && tag.includes(' checked=""'))
    ?.match(/ value="([^"]*)"/)?.[1] ?? null
let n = 0
const orderCod = (postalCode = testAddress.postalCode) => {
  n++
  return new Browser(server.url).send('/api/payment/createOrder', {
    json: {
      items: [{ productId, quantity: 1 }],
      shippingAddress: { ...testAddress, postalCode, phoneNumber: `92000${String(n).padStart(5, '0')}` },
      email: `buyer${n}@payment-settings.example.in`,
      payment: 'cod',
    },
  })
}

describe('payments set at /dash/settings', () => {
  it('shows the defaults, refuses each bad value with a 400 and its message, changing nothing, and only the owner may post it', async () => {
    const page = (await admin.send('/dash/settings')).text
    expect(page).toContain('Discount for paying online')
    expect(ticked(page, 'codEnabled')).toBe('on')
    expect(page).toMatch(/name="codFee"[^>]*value="30"/)
    expect(page).toMatch(/name="codMinOrder"[^>]*value="0"/)
    expect(page).toMatch(/name="codMaxOrder"[^>]*value="5000"/)
    expect(page).toMatch(/name="codMaxReturns"[^>]*value="2"/)
    expect(page).toMatch(/name="codConfirmHours"[^>]*value="48"/)
    expect(ticked(page, 'prepaidKind')).toBe('none')
    const before = await quote(1)
    expect(before).toMatchObject({ codFeePaise: 3_000, totalPaise: before.subtotalPaise + before.deliveryPaise + 3_000 })

    for (const [changes, message] of [
      [{ codEnabled: 'yes' }, 'Tick the box to offer cash on delivery, or leave it clear.'],
      [{ codFee: '' }, 'Enter the COD fee.'],
      [{ codFee: 'thirty' }, 'The COD fee must be in rupees, like 40 or 40.50.'],
      [{ codFee: '1001' }, 'The COD fee must be at most ₹1,000.'],
      [{ codFee: '30\u0000' }, 'The COD fee must be in rupees, like 40 or 40.50.'],
      [{ codMinOrder: '-1' }, 'The minimum order value must be in rupees, like 40 or 40.50.'],
      [{ codMaxOrder: '0' }, 'The maximum order value must be more than ₹0; leave it blank for no maximum.'],
      [{ codMinOrder: '600', codMaxOrder: '500' }, 'The maximum order value must be at least the minimum (₹600), or blank for no maximum.'],
      [{ codRefusedPins: '682001, 68A001\n012345' }, 'Not a PIN code or the start of one: 68A001, 012345.'],
      [{ codMaxReturns: '0' }, 'Returned parcels must be a whole number from 1 to 100.'],
      [{ codMaxReturns: '1.5' }, 'Returned parcels must be a whole number from 1 to 100.'],
      [{ codConfirmHours: '721' }, 'Hours to confirm must be a whole number from 1 to 720.'],
      [{ codConfirmHours: '' }, 'Enter the hours to confirm.'],
      [{ prepaidKind: 'cashback' }, 'Choose no offer, a percentage off or a fixed amount off.'],
      [{ prepaidKind: 'percent' }, 'Enter the percentage off, like 5 or 2.5.'],
      [{ prepaidKind: 'percent', prepaidPercent: '150' }, 'The percentage off must be from 0.01 to 100, like 5 or 2.5.'],
      [
        { prepaidKind: 'percent', prepaidPercent: '5', prepaidMaxDiscount: '0' },
        'The largest discount must be more than ₹0; leave it blank for no cap.',
      ],
      [{ prepaidKind: 'fixed' }, 'Enter the amount off in rupees, like 50.'],
      [{ prepaidKind: 'fixed', prepaidFixed: '0' }, 'The amount off must be more than ₹0; choose no offer instead.'],
    ] as Array<[Partial<PaymentsForm>, string]>) {
      const refused = await admin.send('/dash/settings', payments({ codFee: '45', ...changes }))
      expect(refused.status, JSON.stringify(changes)).toBe(400)
      expect(refused.text, JSON.stringify(changes)).toContain(message)
    }
    // A form without the offer's choice at all is refused too, not read as "no offer".
    expect((await admin.send('/dash/settings', payments({ codFee: '45' }, ['prepaidKind']))).status).toBe(400)

    const customer = new Browser(server.url)
    expect((await customer.signUp('kavya@payment-settings.example.in')).status).toBe(200)
    expect((await customer.send('/dash/settings', payments({ codFee: '0', prepaidKind: 'fixed', prepaidFixed: '500' }))).status).toBe(302)
    expect((await new Browser(server.url).send('/dash/settings', payments({ codFee: '0' }))).status).toBe(302)

    // Nothing changed: the quote charges the default fee and takes nothing off for paying online.
    expect(await quote(1)).toEqual(before)
    expect((await quote(1, { payment: 'online' })).prepaidDiscountPaise).toBe(0)
    expect((await admin.send('/dash/settings')).text).toMatch(/name="codFee"[^>]*value="30"/)
  })

  it('saves good values: the next quote and order charge the new fee, take the offer off online, and refuse the listed PIN codes', async () => {
    const saved = await admin.send(
      '/dash/settings',
      payments({
        codFee: '₹45.50',
        codMaxOrder: '',
        codRefusedPins: '682, 6000\n600028 600028',
        codMaxReturns: '3',
        codConfirmHours: '24',
        prepaidKind: 'percent',
        prepaidPercent: '5',
        prepaidMaxDiscount: '10',
      }),
    )
    expect(saved.status, saved.text).toBe(200)
    expect(saved.text).toContain(
      'Saved. Cash on delivery is offered for a fee of ₹45.50, except in 2 PIN codes or prefixes. Paying online takes 5% off, at most ₹10.',
    )

    const page = (await admin.send('/dash/settings')).text
    expect(page).toMatch(/name="codFee"[^>]*value="45.50"/)
    expect(page).toMatch(/name="codMaxOrder"[^>]*value=""/)
    expect(page).toMatch(/<textarea[^>]*name="codRefusedPins"[^>]*>6000, 682<\/textarea>/)
    expect(ticked(page, 'prepaidKind')).toBe('percent')
    expect(page).toMatch(/name="prepaidPercent"[^>]*value="5"/)
    expect(page).toMatch(/name="prepaidMaxDiscount"[^>]*value="10"/)

    const cod = await quote(2)
    expect(cod).toMatchObject({ codFeePaise: 4_550, prepaidDiscountPaise: 0, totalPaise: cod.subtotalPaise + cod.deliveryPaise + 4_550 })
    const prepaid = Math.min(Math.floor((2 * unitPaise * 500) / 10_000), 1_000)
    expect(cod.paymentOptions.online).toMatchObject({
      available: true,
      prepaidDiscountPaise: prepaid,
      codFeePaise: 0,
      totalPaise: cod.subtotalPaise + cod.deliveryPaise - prepaid,
    })
    expect(cod.paymentOptions.cod).toMatchObject({ available: true, codFeePaise: 4_550 })
    // Where cash on delivery is not offered, the quote says why.
    const refused = await quote(1, { postalCode: '682001' })
    expect(refused.paymentOptions.cod).toEqual({
      available: false,
      message: 'Cash on delivery is not available for PIN code 682001. Pay online for this order.',
    })
    expect((await quote(1, { postalCode: '625001' })).paymentOptions.cod.available).toBe(true)

    // A new order is charged the fee; one to a refused PIN code is refused.
    const expected = (await quote(1, { postalCode: testAddress.postalCode })).totalPaise
    const placed = await orderCod()
    expect(placed.status, placed.text).toBe(201)
    expect(JSON.parse(placed.text)).toMatchObject({ paymentMethod: 'cod', status: 'awaiting_confirmation', amount: expected })
    // 600028 (Chennai) is under 6000.
    const notHere = await orderCod('600028')
    expect(notHere.status).toBe(422)
    expect(JSON.parse(notHere.text)).toMatchObject({ cod: 'pin-refused' })
  })

  it('switches cash on delivery off, and a fixed amount off online; then back to the defaults', async () => {
    const off = await admin.send('/dash/settings', payments({ prepaidKind: 'fixed', prepaidFixed: '25' }, ['codEnabled']))
    expect(off.status, off.text).toBe(200)
    expect(off.text).toContain('Saved. Cash on delivery is not offered: the payment step says so. Paying online takes ₹25 off.')
    const page = (await admin.send('/dash/settings')).text
    expect(ticked(page, 'codEnabled')).toBeNull()
    expect(ticked(page, 'prepaidKind')).toBe('fixed')
    expect(page).toMatch(/name="prepaidFixed"[^>]*value="25"/)
    const q = await quote(1)
    expect(q.paymentOptions.cod).toEqual({
      available: false,
      message: 'Cash on delivery is not offered at the moment. Pay online with UPI, a card or net banking.',
    })
    expect(q.paymentOptions.online).toMatchObject({ available: true, prepaidDiscountPaise: Math.min(2_500, unitPaise) })
    expect((await orderCod()).status).toBe(422)

    expect((await admin.send('/dash/settings', payments({}))).status).toBe(200)
    const back = await quote(1)
    expect(back).toMatchObject({ codFeePaise: 3_000, totalPaise: back.subtotalPaise + back.deliveryPaise + 3_000 })
    expect((await quote(1, { payment: 'online' })).prepaidDiscountPaise).toBe(0)
  })
})
