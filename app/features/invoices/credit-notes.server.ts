import { eq } from 'drizzle-orm'
import type { Database, Transaction } from '~/db/client.server'
import { creditNotes, invoices } from '~/db/schema'
import { buildCreditNoteDocument, type CreditNoteDocument, type RefundItems } from './credit-note-document'
import { type InvoiceDocument, withBuyerRedacted } from './invoice-document'
import { renderInvoicePdf } from './invoice-pdf.server'
import { nextInvoiceNumber } from './invoices.server'
import { creditNoteFileName, creditNoteNumberLabel, creditNoteSeries, financialYearOf } from './series'

export type CreditNote = {
  id: string
  refundId: string | null
  orderId: string
  series: string
  number: number
  issuedAt: Date
  document: CreditNoteDocument
}

const asCreditNote = (row: typeof creditNotes.$inferSelect): CreditNote => ({ ...row, document: row.document as CreditNoteDocument })

/**
 * Issues the credit note of a refund, in the caller's transaction (the one that writes the refund): its number comes
 * from the credit notes' series of `issuedAt`'s financial year, gap-free like the invoices'. An order without an
 * invoice (never invoiced) gets none: there is no tax to take back. Returns null then.
 */
export async function issueCreditNote(
  tx: Transaction,
  /** `refundId` null: the note of a parcel returned to origin (decision 043), one per order, no money moved. */
  input: { orderId: string; refundId: string | null; items: RefundItems; reason: string; issuedAt: Date },
): Promise<CreditNote | null> {
  // A refund's note keeps the refund's id, so its address stays what it was.
  const id = input.refundId ?? returnCreditNoteId(input.orderId)
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, input.orderId))
  if (!invoice) return null
  const series = creditNoteSeries(financialYearOf(input.issuedAt))
  const sequence = await nextInvoiceNumber(tx, series)
  const document = buildCreditNoteDocument({
    invoice: invoice.document as InvoiceDocument,
    items: input.items,
    reason: input.reason,
    refundId: id,
    number: creditNoteNumberLabel(series, sequence),
    fileName: creditNoteFileName(series, sequence),
    issuedAt: input.issuedAt,
  })
  const [row] = await tx
    .insert(creditNotes)
    .values({ id, refundId: input.refundId, orderId: input.orderId, series, number: sequence, issuedAt: input.issuedAt, document })
    .returning()
  return asCreditNote(row!)
}

/** The numbers of an order's credit notes, by the refund each belongs to (the admin's order page, /track). */
export async function creditNoteNumbersOf(db: Database, orderId: string) {
  const rows = await db
    .select({ refundId: creditNotes.refundId, document: creditNotes.document })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
  return new Map(rows.flatMap((row) => (row.refundId ? [[row.refundId, (row.document as CreditNoteDocument).number] as const] : [])))
}

/** One credit note (by its id: a refund's id, or `rto_<order id>`) as a PDF and its file name; null when the order has no such credit note. */
export async function creditNotePdf(db: Database, orderId: string, noteId: string, { redactBuyer = false } = {}) {
  const [row] = await db.select().from(creditNotes).where(eq(creditNotes.id, noteId))
  if (!row || row.orderId !== orderId) return null
  // For a browser that only tracked the order, the buyer's town, PIN code and state, as on its invoice.
  const document = redactBuyer ? withBuyerRedacted(row.document as CreditNoteDocument) : (row.document as CreditNoteDocument)
  return { fileName: document.fileName, pdf: await renderInvoicePdf(document) }
}

/** The credit note that cancelled a COD order's invoice when its parcel came back (decision 043), if it has one. */
export async function returnCreditNoteOf(db: Database, orderId: string) {
  const [row] = await db
    .select({ id: creditNotes.id, document: creditNotes.document })
    .from(creditNotes)
    .where(eq(creditNotes.id, returnCreditNoteId(orderId)))
  return row ? { id: row.id, number: (row.document as CreditNoteDocument).number } : null
}

/** The id of the credit note for a parcel returned to origin: one per order. */
function returnCreditNoteId(orderId: string) {
  return `rto_${orderId}`
}
