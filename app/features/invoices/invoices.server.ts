import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { Database, Transaction } from '~/db/client.server'
import { creditNotes, invoiceCounters, invoices, orderLines, orders, products } from '~/db/schema'
import { formatRupeesAndPaise } from '../money/money'
import type { CreditNoteDocument } from './credit-note-document'
import { log } from '~/log.server'
import type { ShippingAddress } from '../checkout/checkout-schemas'
import type { ShopSettings } from '../settings/shop-settings'
import { getShopSettings } from '../settings/shop-settings.server'
import { TAX_DEFAULTS_BY_CATEGORY } from './gst'
import { buildInvoiceDocument, type InvoiceDocument, type OrderToInvoice, type ProductTax, withBuyerRedacted } from './invoice-document'
import { isInvoiceable } from './invoice-links'
import { renderInvoicePdf } from './invoice-pdf.server'
import { financialYearOf, invoiceSeries } from './series'

export type Invoice = { orderId: string; series: string; number: number; issuedAt: Date; document: InvoiceDocument }

/** The next number of `series` (an invoice or a credit note series). The counter's row stays locked until the caller's transaction ends, so no two take one number and a rollback returns it. */
export async function nextInvoiceNumber(tx: Transaction, series: string) {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.series, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceCounters.lastNumber })
  return row!.lastNumber
}

/** Each line's tariff code and rate as the products have them now; a blank code takes the category's. */
async function productTaxes(tx: Transaction, productIds: string[]) {
  const rows = productIds.length
    ? await tx
        .select({ id: products.id, category: products.category, hsnCode: products.hsnCode, gstRatePercent: products.gstRatePercent })
        .from(products)
        .where(inArray(products.id, productIds))
    : []
  const byId = new Map(rows.map((r) => [r.id, r]))
  return (productId: string): ProductTax => {
    const row = byId.get(productId)
    if (!row) {
      // Products that orders name are archived, never erased; this would be a product removed by hand.
      log.warn({ productId }, 'An invoiced product is gone; its line is taxed at 5% without a tariff code')
      return { hsnCode: '', gstRatePercent: 5 }
    }
    return { hsnCode: row.hsnCode || TAX_DEFAULTS_BY_CATEGORY[row.category].hsnCode, gstRatePercent: row.gstRatePercent }
  }
}

const asInvoice = (row: typeof invoices.$inferSelect): Invoice => ({ ...row, document: row.document as InvoiceDocument })

/**
 * Issues the invoice of an order whose row the caller holds locked in `tx` (so two calls cannot both issue one).
 * An order already invoiced keeps its invoice. The number comes from the series of the shop's invoice prefix and
 * `issuedAt`'s financial year (decision 070).
 */
export async function issueInvoice(
  tx: Transaction,
  order: OrderToInvoice & { id: string },
  settings: ShopSettings,
  issuedAt: Date,
): Promise<Invoice> {
  const [existing] = await tx.select().from(invoices).where(eq(invoices.orderId, order.id))
  if (existing) return asInvoice(existing)
  const taxOf = await productTaxes(tx, [...new Set(order.lines.map((l) => l.productId))])
  const series = invoiceSeries(settings.invoicePrefix, financialYearOf(issuedAt))
  const sequence = await nextInvoiceNumber(tx, series)
  const document = buildInvoiceDocument({ order, settings, taxOf, series, sequence, issuedAt })
  const [row] = await tx.insert(invoices).values({ orderId: order.id, series, number: sequence, issuedAt, document }).returning()
  return asInvoice(row!)
}

/**
 * Issues the invoice in the transaction that marks the order paid, inside a savepoint: an invoice that cannot be
 * made (a bug, a product's impossible data) is logged and left for the first download, and never stops a payment
 * from being recorded. Its number goes back with the savepoint, so the series keeps no gap.
 */
export async function issueInvoiceWithPayment(
  tx: Transaction,
  order: OrderToInvoice & { id: string },
  settings: ShopSettings,
  issuedAt: Date,
) {
  try {
    return await tx.transaction((savepoint) => issueInvoice(savepoint, order, settings, issuedAt))
  } catch (err) {
    log.error(
      { err, orderId: order.id },
      `The invoice of order ${order.id} could not be issued with its payment; it will be issued when first downloaded`,
    )
    return null
  }
}

async function orderToInvoice(tx: Transaction, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
  if (!order) return null
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.name))
  return { ...order, shippingAddress: order.shippingAddress as ShippingAddress, lines }
}

/**
 * The order's invoice. An order paid before the shop issued invoices (or whose invoice failed with its payment)
 * gets one now, dated now, in a transaction of its own; an order that is not paid has none (null).
 */
export async function invoiceForOrder(db: Database, orderId: string, now = new Date()): Promise<Invoice | null> {
  const [found] = await db.select().from(invoices).where(eq(invoices.orderId, orderId))
  if (found) return asInvoice(found)
  const settings = await getShopSettings(db)
  return db.transaction(async (tx) => {
    const order = await orderToInvoice(tx, orderId)
    if (!order || !isInvoiceable(order.status, order.paymentMethod)) return null
    return issueInvoice(tx, order, settings, now)
  })
}

/** The invoice's number, when the order has one (for the admin's order page). */
export async function invoiceNumberOf(db: Database, orderId: string) {
  const [row] = await db.select({ document: invoices.document }).from(invoices).where(eq(invoices.orderId, orderId))
  return row ? (row.document as InvoiceDocument).number : null
}

/**
 * What an invoice says of the credit notes issued against it (decision 033): each one's number and amount, and, when
 * they took its whole value back, that it is cancelled and by which.
 */
export async function invoiceNotes(db: Database, orderId: string, invoice: InvoiceDocument) {
  const notes = await db
    .select({ document: creditNotes.document })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.number))
  const documents = notes.map((n) => n.document as CreditNoteDocument)
  const credited = documents.reduce((sum, d) => sum + d.totals.totalPaise, 0)
  if (documents.length && credited === invoice.totals.totalPaise) {
    return [`CANCELLED by credit note${documents.length > 1 ? 's' : ''} ${documents.map((d) => d.number).join(', ')}`]
  }
  return documents.map((d) => `Reduced by credit note ${d.number}: ${formatRupeesAndPaise(d.totals.totalPaise)}`)
}

/** The order's invoice as a PDF and its file name; null when the order has no invoice. */
export async function invoicePdf(db: Database, orderId: string, { redactBuyer = false } = {}) {
  const invoice = await invoiceForOrder(db, orderId)
  if (!invoice) return null
  const document = redactBuyer ? withBuyerRedacted(invoice.document) : invoice.document
  return {
    fileName: document.fileName,
    pdf: await renderInvoicePdf(document, { notes: await invoiceNotes(db, orderId, invoice.document) }),
  }
}
