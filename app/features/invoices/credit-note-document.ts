import type { InvoiceDocument } from './invoice-document'
import { amountInWords, COD_FEE_DESCRIPTION, summariseLines, type TaxedLine, type TaxSplit, taxLine } from './tax'
import { apportion } from '../money/apportion'
import { lineDescription } from './line-description'

/**
 * A GST credit note (section 34 of the CGST Act; rule 53(1A) of the CGST Rules for what it shows): issued for a
 * refund of an invoiced order, it names the invoice it reduces and gives, line by line, the value and the tax taken
 * back, at the invoice's own rates and split. Stored with the credit note (credit_notes.document), like an invoice.
 */
export type CreditNoteDocument = Omit<InvoiceDocument, 'paidAt' | 'paymentId'> & {
  kind: 'credit-note'
  /** The invoice it reduces, e.g. KO/2026-27/0001, and that invoice's date. */
  invoiceNumber: string
  invoiceIssuedAt: string
  reason: string
  refundId: string
}

/** What a refund gives back, as its row keeps it (refunds.items). */
export type RefundItems = {
  /**
   * Goods given back (or not delivered), at the price paid: unit price × quantity less `discountPaise`, these units'
   * part of the line's discount (decision 042). Absent on refunds stored before discounts, and on undiscounted lines: 0.
   */
  lines: Array<{ productId: string; size: string; name: string; quantity: number; unitPricePaise: number; discountPaise?: number }>
  /** The delivery charge, or part of it. */
  deliveryPaise: number
  /** An amount not tied to lines (a goodwill refund, a price adjustment): spread over the invoice's lines by value. */
  amountPaise: number
  /** Cash on delivery's fee, taken back when the parcel came back (decision 043); absent: 0. */
  codFeePaise?: number
}

/** What a refund's lines were paid: unit price × quantity less their part of the line's discount. */
export function refundLinePaise(line: RefundItems['lines'][number]) {
  return line.unitPricePaise * line.quantity - (line.discountPaise ?? 0)
}

export function refundItemsTotal(items: RefundItems) {
  return items.lines.reduce((sum, l) => sum + refundLinePaise(l), 0) + items.deliveryPaise + items.amountPaise + (items.codFeePaise ?? 0)
}

/**
 * The credit note of a refund against `invoice`: goods lines at their invoice rate and unit price, less their part of
 * the line's discount and taxed on what is left, as the invoice taxed the line (decision 042) and with its split of
 * CGST and SGST (decision 068: a whole invoice taken back gives back exactly the tax it charged), the delivery at
 * the delivery line's rate, and an amount spread over all the invoice's lines by their value. Its total is the refund's
 * amount to the paisa (the lines are GST-inclusive, as on the invoice).
 */
export function buildCreditNoteDocument(input: {
  invoice: InvoiceDocument
  items: RefundItems
  reason: string
  refundId: string
  number: string
  fileName: string
  issuedAt: Date
}): CreditNoteDocument {
  const { invoice, items } = input
  const supply = invoice.supply
  const split: TaxSplit = invoice.taxSplit ?? 'odd-paisa-to-sgst'
  const lines: TaxedLine[] = []
  for (const line of items.lines) {
    const invoiced = invoice.lines.find((l) => l.description === lineDescription(line) && l.unitPricePaise === line.unitPricePaise)
    if (!invoiced) throw new RangeError(`${lineDescription(line)} is not on invoice ${invoice.number}`)
    const discountPaise = line.discountPaise ?? 0
    if (discountPaise > (invoiced.discountPaise ?? 0))
      throw new RangeError(
        `${lineDescription(line)} was discounted ${invoiced.discountPaise ?? 0} paise on invoice ${invoice.number}, not ${discountPaise}`,
      )
    lines.push(
      taxLine(
        {
          description: invoiced.description,
          hsnCode: invoiced.hsnCode,
          ratePercent: invoiced.ratePercent,
          quantity: line.quantity,
          unitPricePaise: line.unitPricePaise,
          // Only when there is one, so an undiscounted line reads as before.
          ...(discountPaise > 0 ? { discountPaise } : {}),
        },
        supply,
        split,
      ),
    )
  }
  if (items.deliveryPaise > 0) {
    const delivery = invoice.lines.find((l) => l.description === 'Delivery charge')
    if (!delivery) throw new RangeError(`Invoice ${invoice.number} has no delivery charge to refund`)
    lines.push(
      taxLine(
        {
          description: delivery.description,
          hsnCode: delivery.hsnCode,
          ratePercent: delivery.ratePercent,
          quantity: 1,
          unitPricePaise: items.deliveryPaise,
        },
        supply,
        split,
      ),
    )
  }
  if ((items.codFeePaise ?? 0) > 0) {
    const fee = invoice.lines.find((l) => l.description === COD_FEE_DESCRIPTION)
    if (!fee) throw new RangeError(`Invoice ${invoice.number} has no cash-on-delivery fee to take back`)
    lines.push(
      taxLine(
        {
          description: fee.description,
          hsnCode: fee.hsnCode,
          ratePercent: fee.ratePercent,
          quantity: 1,
          unitPricePaise: items.codFeePaise!,
        },
        supply,
        split,
      ),
    )
  }
  if (items.amountPaise > 0) {
    const shares = apportion(
      items.amountPaise,
      invoice.lines.map((l) => l.totalPaise),
    )
    invoice.lines.forEach((l, i) => {
      if (shares[i]! > 0) {
        lines.push(
          taxLine(
            {
              description: `${l.description}: part of its price`,
              hsnCode: l.hsnCode,
              ratePercent: l.ratePercent,
              quantity: 1,
              unitPricePaise: shares[i]!,
            },
            supply,
            split,
          ),
        )
      }
    })
  }
  const { totals, rateSummary } = summariseLines(lines)
  const { paidAt: _, paymentId: __, ...rest } = invoice
  return {
    ...rest,
    kind: 'credit-note',
    number: input.number,
    fileName: input.fileName,
    issuedAt: input.issuedAt.toISOString(),
    invoiceNumber: invoice.number,
    invoiceIssuedAt: invoice.issuedAt,
    reason: input.reason,
    refundId: input.refundId,
    lines,
    totals,
    rateSummary,
    amountInWords: amountInWords(totals.totalPaise),
  }
}
