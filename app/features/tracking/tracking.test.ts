import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { orders, products, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import type { CreateOrderInput } from '../checkout/checkout-schemas'
import { advanceOrder, fulfilmentSchema } from '../orders/fulfilment.server'
import { createOrder } from '../checkout/orders.server'
import { confirmPayment } from '../payments/settle.server'
import { expireOverdueOrders } from '../payments/reconciliation.server'
import { testPaymentProvider } from '../payments/test-provider.server'
import { codConfirmationUrl, trackOrderUrl } from './track-link'
import { findTrackedOrder, getTrackedOrder, trackOrderSchema } from './tracking.server'
import { TEST_SHOP_URL } from '../../../tests/support/test-shop-url'

const address: CreateOrderInput['shippingAddress'] = {
  fullName: 'Anitha Krishnan',
  buildingNumber: '21',
  streetName: 'North Car Street',
  city: 'Tirunelveli',
  postalCode: '627006',
  state: 'Tamil Nadu',
  phoneNumber: '+91 94860 12345',
  alternateNumber: '98400 55555',
}

describe('what /track accepts', () => {
  const parse = (order: string, contact: string) => trackOrderSchema.safeParse({ order, contact })

  it('reads the order number as printed or bare, and an e-mail (any case) or a phone number (any spacing)', () => {
    for (const order of ['KO-1234', 'ko-1234', 'KO 1234', 'ko1234', ' KO-1234 '])
      expect(parse(order, 'a@b.in').data?.order, order).toEqual({ prefix: 'KO', number: 1234 })
    for (const order of ['#1234', '1234']) expect(parse(order, 'a@b.in').data?.order, order).toEqual({ prefix: null, number: 1234 })
    // Whatever prefix the owner has given orders (decision 070): whether it is the order's own is the look-up's to say.
    expect(parse('mp-77', 'a@b.in').data?.order).toEqual({ prefix: 'MP', number: 77 })
    expect(parse('MP2 77', 'a@b.in').data?.order).toEqual({ prefix: 'MP2', number: 77 })
    expect(parse('KO-1', ' Anitha@Example.IN ').data?.contact).toEqual({ email: 'anitha@example.in' })
    for (const phone of ['9486012345', '+91 94860 12345', '+91-94860-12345', '094860 12345', '(+91) 9486012345']) {
      expect(parse('KO-1', phone).data?.contact, phone).toEqual({ phone: '9486012345' })
    }
  })

  it('refuses anything else with a message for the field', () => {
    const issues = (order: string, contact: string) => parse(order, contact).error?.issues.map((i) => [i.path[0], i.message])
    expect(issues('', '')).toEqual([
      ['order', 'Enter your order number.'],
      ['contact', 'Enter the e-mail address or phone number you ordered with.'],
    ])
    for (const order of ['KO-', 'K-12', 'KOABCD-12', '12a', 'KO-0', 'KO-12345678901', "1'; drop table orders"])
      expect(issues(order, 'a@b.in')?.[0]?.[0], order).toBe('order')
    expect(issues('KO-1', 'anitha@')).toEqual([['contact', 'Enter a valid e-mail address, or your phone number.']])
    for (const contact of ['12345', 'call me', '+91 94860 1234x', '1'.repeat(14)]) {
      expect(issues('KO-1', contact), contact).toEqual([
        ['contact', 'Enter the 10-digit phone number or the e-mail address you ordered with.'],
      ])
    }
  })
})

describe('the links in mails', () => {
  it('name the shop address each mail is given, not one kept from an earlier call', () => {
    expect(trackOrderUrl('https://shop.example.in/', 'KO-1042')).toBe('https://shop.example.in/track?order=KO-1042')
    expect(trackOrderUrl(TEST_SHOP_URL, 'KO-1042')).toBe('http://localhost:3000/track?order=KO-1042')
    expect(codConfirmationUrl('https://shop.example.in', 'Xq81/b', 'a+b')).toBe('https://shop.example.in/order/confirm/Xq81%2Fb?t=a%2Bb')
  })
})

describe(`finding an order to track on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  const provider = testPaymentProvider('test-secret-for-tracking', () => handle.db)
  const db = () => handle.db

  beforeAll(async () => {
    handle = await openTestDatabase()
    await db()
      .insert(products)
      .values({ id: 'ragi', slug: 'ragi', name: 'Ragi Biscuit', description: 'd', category: 'herbal', subcategory: 'biscuits' })
    await db().insert(variants).values({ productId: 'ragi', size: 'one', pricePaise: 12000, stock: 100 })
  })
  afterAll(async () => handle?.close())

  const place = (email = 'Anitha@Example.in', expiryMinutes = 30) =>
    createOrder(db(), provider, TEST_SHOP_URL, {
      items: [{ productId: 'ragi', quantity: 2 }],
      shippingAddress: address,
      email,
      buyerToken: `t-${email}`,
      expiryMinutes,
    })
  const find = (order: string, contact: string) => findTrackedOrder(db(), trackOrderSchema.parse({ order, contact }))

  it('finds the order by its number with the e-mail in any case, or the main or alternate phone in any form', async () => {
    const order = await place()
    const label = `KO-${order.number}`
    expect(await find(label, 'anitha@example.in')).toBe(order.id)
    expect(await find(String(order.number), 'ANITHA@EXAMPLE.IN')).toBe(order.id)
    expect(await find(label, '9486012345')).toBe(order.id)
    expect(await find(label, '+91 94860 12345')).toBe(order.id)
    expect(await find(label, '098400 55555')).toBe(order.id)
  })

  it('finds nothing for a wrong pair: another order’s contact, a wrong one, a number that does not exist', async () => {
    const mine = await place('mine@example.in')
    const theirs = await place('theirs@example.in')
    expect(await find(`KO-${mine.number}`, 'theirs@example.in')).toBeNull()
    expect(await find(`KO-${theirs.number}`, 'mine@example.in')).toBeNull()
    expect(await find(`KO-${mine.number}`, '9000000000')).toBeNull()
    expect(await find(`KO-${mine.number}`, 'mine@example.in.evil')).toBeNull()
    expect(await find('KO-999999', 'mine@example.in')).toBeNull()
  })

  it('shows the status history with dates, the courier and tracking number once shipped, and no more of the address than town and PIN', async () => {
    const order = await place('history@example.in')
    await confirmPayment(db(), TEST_SHOP_URL, order.providerOrderId!, 'pay_hist')
    await advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'pack' }, 'owner@example.in')
    await advanceOrder(
      db(),
      TEST_SHOP_URL,
      order.id,
      fulfilmentSchema.parse({ step: 'ship', courier: 'India Post', trackingNumber: 'EE123456789IN' }),
      'owner@example.in',
    )
    const tracked = (await getTrackedOrder(db(), order.id))!
    expect(tracked).toMatchObject({
      label: `KO-${order.number}`,
      status: 'shipped',
      courier: 'India Post',
      trackingNumber: 'EE123456789IN',
      deliverTo: 'Tirunelveli 627006',
      subtotalPaise: 24000,
      deliveryPaise: 4000,
      totalPaise: 28000,
      hasInvoice: true,
      lines: [{ name: 'Ragi Biscuit', size: 'one', quantity: 2, unitPricePaise: 12000, totalPaise: 24000 }],
    })
    expect(tracked.history.map((e) => e.status)).toEqual(['pending_payment', 'paid', 'packed', 'shipped'])
    expect(tracked.history.every((e) => e.at instanceof Date)).toBe(true)
    // Who did what, payment ids and the street stay with the shop.
    const shown = JSON.stringify(tracked)
    for (const hidden of ['owner@example.in', 'pay_hist', 'North Car Street', 'Anitha', '94860']) expect(shown).not.toContain(hidden)
  })

  it('an unpaid order past its time shows as expired, before and after the expiry job', async () => {
    const order = await place('late@example.in', 30)
    const later = new Date(Date.now() + 31 * 60_000)
    const before = (await getTrackedOrder(db(), order.id, later))!
    expect(before.status).toBe('expired')
    expect(before.history.map((e) => e.status)).toEqual(['pending_payment', 'expired'])
    expect(before.hasInvoice).toBe(false)
    expect((await getTrackedOrder(db(), order.id))!.status).toBe('pending_payment')

    // The job asks the provider first; no payment there, so it expires.
    await db().update(orders).set({ providerOrderId: null }).where(eq(orders.id, order.id))
    await expireOverdueOrders(db(), provider, TEST_SHOP_URL, later)
    const after = (await getTrackedOrder(db(), order.id, later))!
    expect(after.status).toBe('expired')
    expect(after.history.map((e) => e.status)).toEqual(['pending_payment', 'expired'])
  })
})
