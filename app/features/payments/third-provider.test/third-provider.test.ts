import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { orderEvents, orders, paymentEvents, products, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { needsFormToken } from '~/http/form-token.server'
import { isAllowedOrigin } from '~/http/same-origin.server'
import { contentSecurityPolicy } from '~/http/security-headers.server'
import { webhookAt } from '~/http/webhooks'
import { emptyOrdersAndCatalogue, placeTestOrder } from '../../checkout/test-orders'
import { handlePaymentWebhook, PaymentRejectedError, verifyCheckoutPayment } from '../payments.server'
import { reconcilePayments } from '../reconciliation.server'
import { refundsOf, requestRefund } from '../refunds.server'
import { browserCheckout, browserSourcesOf, paymentProviders } from '../registry.server'
import { testPaymentProvider } from '../test-provider.server'
import { kolamPay } from './kolam-pay'
import { TEST_SHOP_URL } from '../../../../tests/support/test-shop-url'

// The payment seam's proof (decision 065): a provider made for this test, with its own checkout data, return seal,
// webhook signature and event shapes (kolam-pay.ts), registered beside the built-in one, takes an order from created
// to paid by its webhook to refunded. Nothing outside this folder knows it.

const ADMIN = 'owner@example.in'
const MINUTE = 60_000

describe(`a third payment provider, on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  const db = () => handle.db
  const { provider: kolamProvider, kolam } = kolamPay({ merchant: 'mid_kolam_shop', sealKey: 'kolam-seal-key', hookKey: 'kolam-hook-key' })
  // A shop whose checkout is Kolam Pay, with the built-in provider registered too (orders it opened keep it).
  const providers = paymentProviders(kolamProvider)
  providers.register(testPaymentProvider('built-in-secret', () => handle.db))

  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => handle?.close())
  beforeEach(async () => {
    await emptyOrdersAndCatalogue(db())
    await db().delete(paymentEvents)
    await db()
      .insert(products)
      .values({ id: 'kokum', slug: 'kokum', name: 'Kokum Syrup', description: 'd', category: 'herbal', subcategory: 'juice' })
    await db().insert(variants).values({ productId: 'kokum', size: 'one', pricePaise: 18000, stock: 50 })
  })

  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!
  const history = async (id: string) =>
    (await db().select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.id))).map((e) => ({
      status: e.status,
      note: e.note,
    }))
  const kolamWebhook = (delivery: { rawBody: string; headers: Headers }) =>
    handlePaymentWebhook(db(), providers.get('kolam-pay')!, TEST_SHOP_URL, delivery)

  it('is registered by its id, its checkout described to the browser and its hosts allowed by the CSP; its webhook has an address', () => {
    expect(providers.checkout.name).toBe('kolam-pay')
    expect(providers.all().map((p) => p.name)).toEqual(['kolam-pay', 'test'])
    expect(() => providers.register(kolamPay({ merchant: 'm', sealKey: 's', hookKey: 'h' }).provider)).toThrow('registered already')
    const csp = contentSecurityPolicy({ nonce: 'n', hsts: 'none', payments: browserSourcesOf(providers.all()) })
    expect(csp).toContain("script-src 'self' 'nonce-n' https://js.kolampay.example")
    expect(csp).toContain('frame-src https://pay.kolampay.example')
    // /api/webhooks/payments/kolam-pay: its body limit and its signature from the one declaration; no form token, any origin.
    expect(webhookAt('/api/webhooks/payments/kolam-pay')).toMatchObject({ maxBodyBytes: 64 * 1024, authenticatedBy: 'signature' })
    expect(needsFormToken('POST', '/api/webhooks/payments/kolam-pay', 'application/x-www-form-urlencoded')).toBe(false)
    const headers = { origin: 'https://kolampay.example', 'sec-fetch-site': 'cross-site' }
    expect(isAllowedOrigin({ method: 'POST', path: '/api/webhooks/payments/kolam-pay', headers, ownOrigin: 'https://shop.example' })).toBe(
      true,
    )
  })

  it('takes an order through it: created, paid by its webhook, refunded', async () => {
    // Created: opened at Kolam Pay for the server's total, and recorded as Kolam Pay's.
    const created = await placeTestOrder(db(), providers.checkout, {
      items: [{ productId: 'kokum', quantity: 2 }],
      checkoutKey: 'kolam-checkout-key-0001',
    })
    expect(created.status).toBe('pending_payment')
    expect(created.providerOrderId).toMatch(/^pi_[a-f0-9]{16}$/)
    expect(kolam.intents.get(created.providerOrderId!)?.amountMinor).toBe(created.totalPaise)
    expect(await orderRow(created.id)).toMatchObject({ provider: 'kolam-pay', status: 'pending_payment', paymentId: null })
    expect(browserCheckout(providers.checkout, created)).toEqual({
      kind: 'kolam-pay',
      script: 'https://js.kolampay.example/v2/kolam.js',
      payingNote: 'Finish paying in the Kolam Pay window.',
      data: { merchant: 'mid_kolam_shop', intent: created.providerOrderId, amountMinor: created.totalPaise, theme: 'leaf' },
    })

    // The customer pays in Kolam's window; Kolam's servers tell the shop.
    const { txn, returned } = kolam.pay(created.providerOrderId!)
    const settled = kolam.webhook('charge.settled', kolam.txnData(txn))
    await expect(kolamWebhook(kolam.webhook('charge.settled', kolam.txnData(txn), 'not-kolam-hook-key'))).rejects.toBeInstanceOf(
      PaymentRejectedError,
    )
    // Razorpay's signature header means nothing to Kolam Pay.
    await expect(
      kolamWebhook({ rawBody: settled.rawBody, headers: new Headers({ 'x-razorpay-signature': 'a'.repeat(64) }) }),
    ).rejects.toBeInstanceOf(PaymentRejectedError)
    // Nor is Kolam's webhook anything to the built-in provider, at its own address.
    await expect(handlePaymentWebhook(db(), providers.get('test')!, TEST_SHOP_URL, settled)).rejects.toBeInstanceOf(PaymentRejectedError)
    expect((await orderRow(created.id)).status).toBe('pending_payment')

    expect(await kolamWebhook(settled)).toEqual({ outcome: 'paid' })
    expect(await kolamWebhook(settled)).toEqual({ outcome: 'duplicate' })
    const paid = await orderRow(created.id)
    expect(paid).toMatchObject({ status: 'paid', paymentId: txn.id, provider: 'kolam-pay' })
    expect(paid.paidAt).toBeInstanceOf(Date)
    expect(await db().select().from(paymentEvents)).toEqual([
      expect.objectContaining({ event: 'charge.settled', orderId: created.id, outcome: 'handled' }),
    ])

    // The window's sealed return, arriving after the webhook, is proved by Kolam Pay and changes nothing; a forged seal,
    // or Razorpay's fields, prove nothing.
    expect(await verifyCheckoutPayment(db(), providers, TEST_SHOP_URL, { orderId: created.id, ...returned })).toEqual({
      orderId: created.id,
      outcome: 'already-paid',
    })
    const forged = { ...returned, kolam_seal: 'A'.repeat(86) }
    await expect(verifyCheckoutPayment(db(), providers, TEST_SHOP_URL, { orderId: created.id, ...forged })).rejects.toThrow('bad signature')
    await expect(
      verifyCheckoutPayment(db(), providers, TEST_SHOP_URL, {
        orderId: created.id,
        razorpay_payment_id: txn.id,
        razorpay_signature: 'a'.repeat(64),
      }),
    ).rejects.toThrow('incomplete')

    // Refunded: sent through the provider the order recorded, then finished by Kolam's reversal webhook.
    const refund = await requestRefund(db(), providers, TEST_SHOP_URL, {
      orderId: created.id,
      request: { kind: 'whole' },
      reason: 'Customer changed their mind',
      restock: true,
      speed: 'normal',
      actor: ADMIN,
    })
    expect(refund).toMatchObject({ amountPaise: created.totalPaise, status: 'pending' })
    const [reversal] = [...kolam.reversals.values()]
    expect(kolam.reversals.size).toBe(1)
    expect(reversal).toMatchObject({ txn: txn.id, amountMinor: created.totalPaise, reference: refund.refundId, state: 'queued' })
    const done = kolam.finishReversal(reversal!.id)
    expect(await kolamWebhook(kolam.webhook('payout.reversal.done', kolam.reversalData(done)))).toEqual({ outcome: 'refund-updated' })
    expect(
      (await refundsOf(db(), created.id)).map((r) => ({
        status: r.status,
        providerRefundId: r.providerRefundId,
        amountPaise: r.amountPaise,
      })),
    ).toEqual([{ status: 'processed', providerRefundId: reversal!.id, amountPaise: created.totalPaise }])
    expect(kolam.txns.get(txn.id)?.state).toBe('returned')

    const total = `₹${(created.totalPaise / 100).toFixed(2)}`
    expect(await history(created.id)).toEqual([
      { status: 'pending_payment', note: expect.any(String) },
      { status: 'paid', note: expect.stringContaining(txn.id) },
      {
        status: 'paid',
        note: expect.stringMatching(
          new RegExp(`^Refund of ${total} requested \\(2 × Kokum Syrup.*: Customer changed their mind; goods back to stock`),
        ),
      },
      { status: 'paid', note: `Refund of ${total} accepted by the provider (${reversal!.id})` },
      { status: 'paid', note: `Refund of ${total} processed by the provider (${reversal!.id})` },
    ])
  })

  it('an order whose webhook was lost is found and captured at the provider it recorded, beside an order of the built-in one', async () => {
    const kolamOrder = await placeTestOrder(db(), providers.checkout, {
      items: [{ productId: 'kokum', quantity: 1 }],
      checkoutKey: 'kolam-checkout-key-0002',
      email: 'asha@example.in',
    })
    const builtInOrder = await placeTestOrder(db(), providers.get('test')!, {
      items: [{ productId: 'kokum', quantity: 1 }],
      checkoutKey: 'kolam-checkout-key-0003',
      email: 'ravi@example.in',
    })
    expect((await orderRow(builtInOrder.id)).provider).toBe('test')
    // Authorised (held) at Kolam Pay, its webhook never arrives.
    const { txn } = kolam.pay(kolamOrder.providerOrderId!, kolamOrder.totalPaise, 'held')
    const result = await reconcilePayments(db(), providers, TEST_SHOP_URL, new Date(Date.now() + 10 * MINUTE))
    expect(result).toMatchObject({ checked: 2, paid: 1, failedLookups: 0 })
    expect(await orderRow(kolamOrder.id)).toMatchObject({ status: 'paid', paymentId: txn.id })
    expect(kolam.txns.get(txn.id)?.state).toBe('settled')
    expect((await orderRow(builtInOrder.id)).status).toBe('pending_payment')
  })
})
