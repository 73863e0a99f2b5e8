import { describe, expect, it } from 'vitest'
import { build, ISSUED_BEFORE_068 } from '../../../tests/support/invoice-fixtures'
import { buildCreditNoteDocument, type RefundItems } from './credit-note-document'
import type { InvoiceDocument } from './invoice-document'

// A credit note takes back tax at its invoice's rates and with its invoice's split (decision 068): taking back a whole
// invoice gives back, line by line, exactly the CGST and SGST that invoice charged.

const everything: RefundItems = {
  lines: [
    { productId: 'oil', size: 'one', name: 'Lemongrass Oil', quantity: 1, unitPricePaise: 10_000 },
    { productId: 'turmeric', size: 'one', name: 'Turmeric Powder', quantity: 2, unitPricePaise: 12_050 },
  ],
  deliveryPaise: 4_000,
  amountPaise: 0,
}

const creditNote = (invoice: InvoiceDocument, items: RefundItems = everything) =>
  buildCreditNoteDocument({
    invoice,
    items,
    reason: 'Returned',
    refundId: 'rfnd_1',
    number: 'KO/CN/2026-27/0001',
    fileName: 'credit-note.pdf',
    issuedAt: new Date('2026-12-02T05:00:00Z'),
  })

const figures = (document: Pick<InvoiceDocument, 'lines'>) =>
  document.lines.map((l) => [l.description, l.totalPaise, l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise])

describe('a credit note’s CGST and SGST', () => {
  it('against an invoice issued since decision 068: equal halves, the whole invoice taken back exactly', () => {
    const invoice = build('Tamil Nadu')
    const note = creditNote(invoice)
    expect(note.taxSplit).toBe('equal-halves')
    expect(figures(note)).toEqual(figures(invoice))
    expect(note.totals).toEqual(invoice.totals)
    expect(note.totals.cgstPaise).toBe(note.totals.sgstPaise)
    // One unit of turmeric: 12050 × 5 / 210 = 286.90 → 287 each, taxable 12050 − 574 = 11476.
    const one = creditNote(invoice, { lines: [{ ...everything.lines[1]!, quantity: 1 }], deliveryPaise: 0, amountPaise: 0 })
    expect(figures(one)).toEqual([['Turmeric Powder', 12_050, 11_476, 287, 287, 0]])
  })

  it('against an invoice issued before: that invoice’s split, so the whole of it comes back as it was charged', () => {
    const note = creditNote(ISSUED_BEFORE_068)
    expect(note.taxSplit).toBeUndefined()
    expect(figures(note)).toEqual(figures(ISSUED_BEFORE_068))
    expect(note.totals).toEqual(ISSUED_BEFORE_068.totals)
  })
})
