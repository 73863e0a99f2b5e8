import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { invoiceCounters, invoices, products, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { emptyOrdersAndCatalogue, placePaidOrder } from '../checkout/test-orders'
import type { InvoiceDocument } from '../invoices/invoice-document'
import { financialYearOf } from '../invoices/series'
import { testPaymentProvider } from '../payments/test-provider.server'
import { getShopSettings, saveSettingsForm } from '../settings/shop-settings.server'
import { SETTINGS_SLICES } from '../settings/slices'
import { findTrackedOrder, getTrackedOrder, trackOrderSchema } from '../tracking/tracking.server'
import { listOrdersForAdmin, orderListQuerySchema } from './admin-orders.server'

// Issue 39, defect 2: the owner's prefix numbers new orders and new invoices; those issued keep their numbers and are
// still found by them (decision 070).

describe(`order and invoice number prefixes on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  const provider = testPaymentProvider('test-secret-for-prefixes', () => handle.db)
  const db = () => handle.db
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => handle?.close())
  beforeEach(async () => {
    await emptyOrdersAndCatalogue(db())
    await db().delete(invoiceCounters)
    await db().insert(products).values({ id: 'ragi', slug: 'ragi', name: 'Ragi Biscuit', description: 'd', category: 'herbal' })
    await db().insert(variants).values({ productId: 'ragi', size: 'one', pricePaise: 12000, stock: 50 })
  })

  const numbersSlice = () => SETTINGS_SLICES.find((slice) => slice.key === 'numbers')!
  const savePrefixes = (orderPrefix: string, invoicePrefix: string) =>
    saveSettingsForm(db(), numbersSlice(), { intent: 'numbers', orderPrefix, invoicePrefix })
  const paidOrder = (email: string) => placePaidOrder(db(), provider, { items: [{ productId: 'ragi', quantity: 1 }], email })
  const invoiceNumber = async (orderId: string) =>
    ((await db().select().from(invoices).where(eq(invoices.orderId, orderId)))[0]!.document as InvoiceDocument).number
  const track = (order: string, contact: string) => findTrackedOrder(db(), trackOrderSchema.parse({ order, contact }))
  const search = (q: string) => listOrdersForAdmin(db(), orderListQuerySchema.parse({ q })).then((r) => r.orders.map((o) => o.label))

  it('numbers new orders with the new prefix; older ones keep theirs and are found by the number as issued', async () => {
    const before = await paidOrder('old@example.in')
    expect(await savePrefixes(' mp ', 'mp')).toMatchObject({ ok: true })
    expect(await getShopSettings(db())).toMatchObject({ orderPrefix: 'MP', invoicePrefix: 'MP' })
    const after = await paidOrder('new@example.in')

    expect((await getTrackedOrder(db(), before.id))!.label).toBe(`KO-${before.number}`)
    expect((await getTrackedOrder(db(), after.id))!.label).toBe(`MP-${after.number}`)
    // /track: each by its own number as issued, or the bare number; never by the other prefix.
    expect(await track(`KO-${before.number}`, 'old@example.in')).toBe(before.id)
    expect(await track(`ko ${before.number}`, 'old@example.in')).toBe(before.id)
    expect(await track(`MP-${after.number}`, 'new@example.in')).toBe(after.id)
    expect(await track(String(after.number), 'new@example.in')).toBe(after.id)
    expect(await track(`MP-${before.number}`, 'old@example.in')).toBeNull()
    expect(await track(`KO-${after.number}`, 'new@example.in')).toBeNull()
    // The admin's search the same way.
    expect(await search(`KO-${before.number}`)).toEqual([`KO-${before.number}`])
    expect(await search(`mp${after.number}`)).toEqual([`MP-${after.number}`])
    expect(await search(`MP-${before.number}`)).toEqual([])
  })

  it('starts an invoice series of the new prefix at 0001; the old series keeps its numbers and goes on if chosen again', async () => {
    const year = financialYearOf(new Date())
    const first = await paidOrder('a@example.in')
    const firstNumber = await invoiceNumber(first.id)
    expect(firstNumber).toMatch(new RegExp(`^KO/${year}/\\d{4}$`))

    await savePrefixes('MP', 'MP')
    const second = await paidOrder('b@example.in')
    const third = await paidOrder('c@example.in')
    expect(await invoiceNumber(second.id)).toBe(`MP/${year}/0001`)
    expect(await invoiceNumber(third.id)).toBe(`MP/${year}/0002`)
    expect(await invoiceNumber(first.id)).toBe(firstNumber)

    await savePrefixes('MP', 'KO')
    const fourth = await paidOrder('d@example.in')
    const next = String(Number(firstNumber.slice(-4)) + 1).padStart(4, '0')
    expect(await invoiceNumber(fourth.id)).toBe(`KO/${year}/${next}`)
    expect(`MP/${year}/0001`.length).toBeLessThanOrEqual(16)
  })

  it('refuses prefixes that are not 2–5 (orders) or 2–3 (invoices) letters and digits, or CN, and keeps the saved ones', async () => {
    for (const [orderPrefix, invoicePrefix, field] of [
      ['K', 'KO', 'orderPrefix'],
      ['KOABC1', 'KO', 'orderPrefix'],
      ['K-O', 'KO', 'orderPrefix'],
      ['12', 'KO', 'orderPrefix'],
      ['KO', 'KOAB', 'invoicePrefix'],
      ['KO', 'CN', 'invoicePrefix'],
      ['KO', 'K/', 'invoicePrefix'],
      ['KO', '', 'invoicePrefix'],
    ] as const) {
      const result = await savePrefixes(orderPrefix, invoicePrefix)
      expect(result.ok, `${orderPrefix} ${invoicePrefix}`).toBe(false)
      if (!result.ok) expect(Object.keys(result.fieldErrors)).toEqual([field])
    }
    expect(await getShopSettings(db())).toMatchObject({ orderPrefix: 'KO', invoicePrefix: 'KO' })
  })
})
