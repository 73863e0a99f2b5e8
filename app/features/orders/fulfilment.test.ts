import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { contactMessages, orderEvents, orders, outbox, products, users, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { listUsers, RoleChangeRefusedError, setUserRole } from '../accounts/accounts.server'
import { loadDashboard, startOfShopDay } from '../admin/dashboard.server'
import { listContactMessages, receiveContactMessage, setMessageHandled } from '../contact/contact.server'
import { listOutbox, retryMail } from '../mail/outbox.server'
import { testPaymentProvider } from '../payments/test-provider.server'
import type { CreateOrderInput } from '../checkout/checkout-schemas'
import { advanceOrder, fulfilmentSchema, OrderNotFoundError, StepNotAllowedError } from './fulfilment.server'
import { getOrderForAdmin, listOrdersForAdmin, orderListQuerySchema } from './admin-orders.server'
import { expireOverdueOrders } from '../payments/reconciliation.server'
import { placePaidOrder, placeTestOrder } from '../checkout/test-orders'
import { testAddress } from '../../../tests/support/test-address'
import { TEST_SHOP_URL } from '../../../tests/support/test-shop-url'

describe(`fulfilment and the admin's lists on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  const provider = testPaymentProvider('test-secret-for-fulfilment', () => handle.db)
  const db = () => handle.db
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => handle?.close())

  beforeEach(async () => {
    await db().delete(orders)
    await db().delete(outbox)
    await db().delete(products)
    await db().delete(contactMessages)
    await db().delete(users)
    await db()
      .insert(products)
      .values([
        { id: 'ragi-biscuit', slug: 'ragi-biscuit', name: 'Ragi Biscuit', description: 'd', category: 'herbal', subcategory: 'biscuits' },
        { id: 'dried-mango', slug: 'dried-mango', name: 'Freeze Dried Mango', description: 'd', category: 'freeze-dried-fruit' },
      ])
    await db()
      .insert(variants)
      .values([
        { productId: 'ragi-biscuit', size: 'one', pricePaise: 12000, stock: 5 },
        { productId: 'dried-mango', size: '250g', pricePaise: 30000, stock: 3 },
        { productId: 'dried-mango', size: '500g', pricePaise: 56000, stock: 9 },
        { productId: 'dried-mango', size: '1kg', pricePaise: 100000, stock: 0 },
      ])
  })

  const stockOf = async (productId: string, size: string) =>
    (await db().select().from(variants).where(eq(variants.productId, productId))).find((v) => v.size === size)!.stock

  const paidOrder = (items: CreateOrderInput['items'], email = 'meena@example.in', phoneNumber = testAddress.phoneNumber) =>
    placePaidOrder(db(), provider, { items, email, address: { phoneNumber } })

  const mailsTo = async (recipient: string) =>
    (await db().select().from(outbox).where(eq(outbox.recipient, recipient))).map((m) => m.subject)

  it('packs, ships with courier and tracking (mailing the customer), delivers, and records each step', async () => {
    const order = await paidOrder([{ productId: 'ragi-biscuit', quantity: 2 }])
    await advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'pack' }, 'owner@example.com')
    await advanceOrder(
      db(),
      TEST_SHOP_URL,
      order.id,
      fulfilmentSchema.parse({ step: 'ship', courier: ' DTDC ', trackingNumber: 'D123456789' }),
      'owner@example.com',
    )

    const shipped = (await getOrderForAdmin(db(), order.id))!
    expect(shipped.status).toBe('shipped')
    expect(shipped.courier).toBe('DTDC')
    expect(shipped.trackingNumber).toBe('D123456789')
    // A prepaid parcel can come back too (issue 40): its refund is the owner's to make.
    expect(shipped.nextSteps).toEqual(['deliver', 'return'])
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `Your order KO-${order.number} is on its way`))
    expect(mail?.recipient).toBe('meena@example.in')
    expect(mail?.text).toContain('Tracking number: D123456789')
    expect(mail?.text).toContain('2 × Ragi Biscuit')

    await advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'deliver' }, 'owner@example.com')
    const delivered = (await getOrderForAdmin(db(), order.id))!
    expect(delivered.history.map((e) => [e.status, e.actor])).toEqual([
      ['pending_payment', null],
      ['paid', null],
      ['packed', 'owner@example.com'],
      ['shipped', 'owner@example.com'],
      ['delivered', 'owner@example.com'],
    ])
    expect(delivered.history[3]!.note).toBe('DTDC, tracking D123456789')
    expect(delivered.nextSteps).toEqual([])
    // Shipping does not touch stock: it was taken when the order was placed.
    expect(await stockOf('ragi-biscuit', 'one')).toBe(3)
  })

  it('refuses steps out of order and changes nothing', async () => {
    const order = await paidOrder([{ productId: 'ragi-biscuit', quantity: 1 }])
    await expect(advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'deliver' }, 'owner@example.com')).rejects.toThrow(StepNotAllowedError)
    await advanceOrder(
      db(),
      TEST_SHOP_URL,
      order.id,
      fulfilmentSchema.parse({ step: 'ship', courier: 'India Post', trackingNumber: 'EE1' }),
      'a@x.in',
    )
    await expect(advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'pack' }, 'a@x.in')).rejects.toThrow(
      'An order that is shipped cannot be packed.',
    )
    await expect(advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'cancel', reason: '' }, 'a@x.in')).rejects.toThrow(StepNotAllowedError)
    await expect(advanceOrder(db(), TEST_SHOP_URL, 'no-such-order', { step: 'pack' }, 'a@x.in')).rejects.toThrow(OrderNotFoundError)
    expect((await getOrderForAdmin(db(), order.id))!.status).toBe('shipped')
    expect(await stockOf('ragi-biscuit', 'one')).toBe(4)

    // An unpaid order is not the owner's to pack: it is paid or it expires.
    const unpaid = await placeTestOrder(db(), provider, {
      items: [{ productId: 'ragi-biscuit', quantity: 1 }],
      email: 'x@y.in',
      buyerToken: 'b',
    })
    await expect(advanceOrder(db(), TEST_SHOP_URL, unpaid.id, { step: 'pack' }, 'a@x.in')).rejects.toThrow(StepNotAllowedError)
  })

  it('cancelling returns the stock once, even when two admins click together, and tells the customer', async () => {
    const order = await paidOrder([
      { productId: 'ragi-biscuit', quantity: 2 },
      { productId: 'dried-mango', size: '500g', quantity: 4 },
    ])
    expect(await stockOf('ragi-biscuit', 'one')).toBe(3)
    expect(await stockOf('dried-mango', '500g')).toBe(5)
    const results = await Promise.allSettled([
      advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'cancel', reason: 'Customer asked by phone' }, 'a@x.in'),
      advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'cancel', reason: '' }, 'b@x.in'),
    ])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect(await stockOf('ragi-biscuit', 'one')).toBe(5)
    expect(await stockOf('dried-mango', '500g')).toBe(9)
    const cancelled = (await getOrderForAdmin(db(), order.id))!
    expect(cancelled.status).toBe('cancelled')
    expect(cancelled.history.filter((e) => e.status === 'cancelled')).toHaveLength(1)
    expect(await mailsTo('meena@example.in')).toContain(`Your order KO-${order.number} has been cancelled`)
  })

  it('checks the ship form: courier and tracking number required and bounded', () => {
    const missing = fulfilmentSchema.safeParse({ step: 'ship', courier: '  ', trackingNumber: '' })
    expect(missing.success).toBe(false)
    expect(missing.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['courier', 'Enter the courier.'],
      ['trackingNumber', 'Enter the tracking number.'],
    ])
    expect(fulfilmentSchema.safeParse({ step: 'ship', courier: 'x'.repeat(81), trackingNumber: '1' }).success).toBe(false)
    expect(fulfilmentSchema.safeParse({ step: 'refund' }).success).toBe(false)
    expect(fulfilmentSchema.safeParse({ step: '__proto__' }).success).toBe(false)
  })

  it('lists orders by status and finds them by number, e-mail or phone however typed', async () => {
    const a = await paidOrder([{ productId: 'ragi-biscuit', quantity: 1 }], 'meena@example.in', '9876543210')
    const b = await paidOrder([{ productId: 'ragi-biscuit', quantity: 1 }], 'ravi@example.in', '+91 91234 56789')
    await advanceOrder(db(), TEST_SHOP_URL, b.id, fulfilmentSchema.parse({ step: 'ship', courier: 'DTDC', trackingNumber: 'T1' }), 'a@x.in')
    const list = (q: Record<string, string>) =>
      listOrdersForAdmin(db(), orderListQuerySchema.parse(q)).then((r) => r.orders.map((o) => o.number))

    expect(await list({})).toEqual([a.number]) // "to ship" by default
    expect(await list({ status: 'all' })).toEqual([b.number, a.number])
    expect(await list({ status: 'shipped' })).toEqual([b.number])
    expect(await list({ status: 'all', q: `KO-${b.number}` })).toEqual([b.number])
    expect(await list({ status: 'all', q: String(a.number) })).toContain(a.number)
    expect(await list({ status: 'all', q: 'RAVI@' })).toEqual([b.number])
    expect(await list({ status: 'all', q: '91234 56789' })).toEqual([b.number])
    expect(await list({ status: 'all', q: '+91-98765-43210' })).toEqual([a.number])
    expect(await list({ status: 'all', q: '100%_' })).toEqual([])
    // Unknown filters fall back rather than fail.
    expect(await list({ status: 'nonsense', q: 'x'.repeat(500) })).toEqual([a.number])
  })

  it('searches every order when no filter is picked, and within one when it is (issue 39)', async () => {
    const paid = await paidOrder([{ productId: 'ragi-biscuit', quantity: 1 }], 'meena@example.in')
    const awaiting = await placeTestOrder(db(), provider, {
      items: [{ productId: 'dried-mango', size: '250g', quantity: 1 }],
      email: 'kavya@example.in',
    })
    const list = (q: Record<string, string>) =>
      listOrdersForAdmin(db(), orderListQuerySchema.parse(q)).then((r) => r.orders.map((o) => o.number))

    // The search box sends no filter: an order awaiting payment is found though the list opens on "to ship".
    expect(orderListQuerySchema.parse({ q: `KO-${awaiting.number}` }).status).toBe('all')
    expect(await list({ q: `KO-${awaiting.number}` })).toEqual([awaiting.number])
    expect(await list({ q: 'kavya@' })).toEqual([awaiting.number])
    // A filter the owner picked still narrows the search; no search, no filter: what is to ship.
    expect(await list({ status: 'to-ship', q: `KO-${awaiting.number}` })).toEqual([])
    expect(await list({ status: 'to-ship', q: `KO-${paid.number}` })).toEqual([paid.number])
    expect(await list({})).toEqual([paid.number])
  })

  it('puts the dashboard together: today in India, money paid less refunds, waiting orders and low stock', async () => {
    const a = await paidOrder([{ productId: 'dried-mango', size: '500g', quantity: 1 }])
    const b = await paidOrder([{ productId: 'ragi-biscuit', quantity: 1 }])
    // Cancelled with its refund written (the transfer is sent by the caller): the refund counts when decided.
    await advanceOrder(db(), TEST_SHOP_URL, b.id, { step: 'cancel', reason: '', refund: 'yes', speed: 'normal' }, 'a@x.in')
    await placeTestOrder(db(), provider, { items: [{ productId: 'ragi-biscuit', quantity: 1 }], email: 'x@y.in', buyerToken: 'c' })

    const dash = await loadDashboard(db())
    // b was paid and then cancelled with its refund: both count, so the net is what the shop kept (issue 39).
    expect(dash.today).toEqual({
      orders: 2,
      paidPaise: a.totalPaise + b.totalPaise,
      refunds: 1,
      refundedPaise: b.totalPaise,
      netPaise: a.totalPaise,
    })
    expect(dash.waiting.total).toBe(1)
    expect(dash.waiting.orders[0]!.id).toBe(a.id)
    // 1 kg mango is out (0), the mango 250 g has 3; biscuits 5 - 1 unpaid = 4.
    expect(dash.lowStock.offers.map((o) => [o.productId, o.size, o.stock])).toEqual([
      ['dried-mango', '1kg', 0],
      ['dried-mango', '250g', 3],
      ['ragi-biscuit', 'one', 4],
    ])

    // 23:59 UTC on 20 Nov is 05:29 on 21 Nov in India: that day began at 18:30 UTC on the 20th.
    expect(startOfShopDay(new Date('2026-11-20T23:59:00Z')).toISOString()).toBe('2026-11-20T18:30:00.000Z')
    expect(startOfShopDay(new Date('2026-11-20T18:29:00Z')).toISOString()).toBe('2026-11-19T18:30:00.000Z')
    const tomorrow = await loadDashboard(db(), new Date(Date.now() + 36 * 3600_000))
    expect(tomorrow.today).toEqual({ orders: 0, paidPaise: 0, refunds: 0, refundedPaise: 0, netPaise: 0 })
  })

  it('records expiry in the history', async () => {
    const created = await placeTestOrder(db(), provider, {
      items: [{ productId: 'ragi-biscuit', quantity: 1 }],
      email: 'x@y.in',
      buyerToken: 'd',
    })
    await expireOverdueOrders(db(), provider, TEST_SHOP_URL, new Date(Date.now() + 31 * 60_000))
    const expired = (await getOrderForAdmin(db(), created.id))!
    expect(expired.history.map((e) => e.status)).toEqual(['pending_payment', 'expired'])
    expect(await db().select().from(orderEvents).where(eq(orderEvents.orderId, created.id))).toHaveLength(2)
  })

  it('lists contact messages newest first and marks them handled and open again', async () => {
    const first = await receiveContactMessage(db(), { name: 'A', email: 'a@x.in', phone: '9876543210', message: 'first' })
    await receiveContactMessage(db(), { name: 'B', email: 'b@x.in', phone: '9876543210', message: 'second' })
    expect((await listContactMessages(db(), { show: 'open' })).messages.map((m) => m.message)).toEqual(['second', 'first'])
    expect(await setMessageHandled(db(), { messageId: first.messageId, handled: true }, 'owner@x.in')).toBe(true)
    const open = await listContactMessages(db(), { show: 'open' })
    expect(open.open).toBe(1)
    expect(open.messages.map((m) => m.message)).toEqual(['second'])
    const all = await listContactMessages(db(), { show: 'all' })
    expect(all.messages.find((m) => m.message === 'first')!.handledBy).toBe('owner@x.in')
    expect(await setMessageHandled(db(), { messageId: first.messageId, handled: false }, 'owner@x.in')).toBe(true)
    expect((await listContactMessages(db(), { show: 'open' })).open).toBe(2)
    expect(await setMessageHandled(db(), { messageId: 999_999, handled: true }, 'owner@x.in')).toBe(false)
  })

  it('shows the outbox by state and retries only failed mail', async () => {
    const [failed, waiting] = await db()
      .insert(outbox)
      .values([
        { recipient: 'a@x.in', subject: 'failed one', text: 't', status: 'failed', attempts: 8, lastError: 'connection refused' },
        {
          recipient: 'b@x.in',
          subject: 'waiting one',
          text: 'Open this link:\n\nhttps://shop.example/api/auth/reset-password/abc123?callbackURL=%2Freset-password\n\nThanks',
        },
      ])
      .returning()
    const view = await listOutbox(db(), { show: 'failed' })
    expect(view.counts).toEqual({ waiting: 1, failed: 1, sent: 0 })
    expect(view.mails.map((m) => m.subject)).toEqual(['failed one'])
    expect(await retryMail(db(), waiting!.id)).toBe(false)
    expect(await retryMail(db(), failed!.id)).toBe(true)
    const [retried] = await db().select().from(outbox).where(eq(outbox.id, failed!.id))
    expect(retried).toMatchObject({ status: 'pending', attempts: 0 })
    const waitingNow = (await listOutbox(db(), { show: 'waiting' })).mails
    expect(waitingNow).toHaveLength(2)
    // A reset link acts for its recipient: the admin reads the mail without it.
    const resetMail = waitingNow.find((m) => m.subject === 'waiting one')!
    expect(resetMail.text).not.toContain('abc123')
    expect(resetMail.text).toContain('Open this link:\n\n[a one-time account link, shown only to its recipient]\n\nThanks')
  })

  it('promotes and demotes accounts, but never the admin doing it', async () => {
    await db()
      .insert(users)
      .values([
        { id: 'u-admin', name: 'Owner', email: 'owner@x.in', role: 'admin' },
        { id: 'u-cust', name: 'Kavya', email: 'kavya@x.in', username: 'kavya', phone: '9876500000' },
      ])
    expect(await setUserRole(db(), { userId: 'u-cust', role: 'admin' }, 'u-admin')).toEqual({ email: 'kavya@x.in', role: 'admin' })
    expect((await listUsers(db(), { q: '', role: 'admin' })).users.map((u) => u.email).sort()).toEqual(['kavya@x.in', 'owner@x.in'])
    await setUserRole(db(), { userId: 'u-cust', role: 'user' }, 'u-admin')
    await expect(setUserRole(db(), { userId: 'u-admin', role: 'user' }, 'u-admin')).rejects.toThrow(RoleChangeRefusedError)
    await expect(setUserRole(db(), { userId: 'nobody', role: 'admin' }, 'u-admin')).rejects.toThrow('There is no such account.')
    expect((await listUsers(db(), { q: '98765', role: 'all' })).users.map((u) => u.email)).toEqual(['kavya@x.in'])
    expect((await listUsers(db(), { q: '', role: 'admin' })).users.map((u) => u.email)).toEqual(['owner@x.in'])
  })
})
