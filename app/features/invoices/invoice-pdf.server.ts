import { formatRupeesAndPaise as money } from '../money/money'
import { openPdf } from '../pdf/pdf-document.server'
import type { CreditNoteDocument } from './credit-note-document'
import type { InvoiceDocument } from './invoice-document'
import { formatIndiaDate } from '~/features/dates/india-time'

// A stored invoice as an A4 PDF, set in the shop's PDF fonts (pdf-document.server.ts).
const MARGIN = 40
const PAGE_WIDTH = 595.28
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN
const INK = '#1f2937'
const MUTED = '#4b5563'
const RULE = '#9ca3af'

const percent = (rate: number) => `${rate}%`

type Column<Row> = { header: string; width: number; align?: 'left' | 'right'; value: (row: Row, index: number) => string }

/**
 * `invoice` may be a credit note: the same layout, its own title and facts, and the invoice it reduces. `notes` are
 * printed under the title, e.g. on an invoice, the credit notes that reduced it.
 */
export async function renderInvoicePdf(
  invoice: InvoiceDocument | CreditNoteDocument,
  { notes = [] }: { notes?: string[] } = {},
): Promise<Buffer> {
  const creditNote = 'kind' in invoice && invoice.kind === 'credit-note' ? invoice : null
  const { doc, done } = await openPdf({
    size: 'A4',
    margin: MARGIN,
    bufferPages: false,
    info: {
      Title: `${creditNote ? 'Credit note' : 'Tax invoice'} ${invoice.number}`,
      Author: invoice.seller.name,
      Subject: `Order ${invoice.orderNumber}`,
      CreationDate: new Date(invoice.issuedAt),
    },
  })

  const bottom = () => doc.page.height - MARGIN
  const ensureRoom = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage()
  }
  const rule = (y = doc.y, color = RULE) => {
    doc
      .save()
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT_WIDTH, y)
      .lineWidth(0.5)
      .strokeColor(color)
      .stroke()
      .restore()
  }

  // Heading: who sells, and which invoice this is.
  const top = doc.y
  doc
    .font('bold')
    .fontSize(16)
    .fillColor(INK)
    .text(invoice.seller.name, MARGIN, top, { width: CONTENT_WIDTH / 2 })
  doc.font('regular').fontSize(9).fillColor(MUTED)
  for (const line of invoice.seller.addressLines) doc.text(line, { width: CONTENT_WIDTH / 2 })
  doc.text(`Phone ${invoice.seller.phone} · ${invoice.seller.email}`, { width: CONTENT_WIDTH / 2 })
  doc
    .font('bold')
    .fillColor(INK)
    .text(`GSTIN: ${invoice.seller.gstin}`, { width: CONTENT_WIDTH / 2 })
  doc.font('regular').text(`State: ${invoice.seller.state} (${invoice.seller.stateCode})`, { width: CONTENT_WIDTH / 2 })
  // Invoices issued before the number was kept have none.
  if (invoice.seller.fssaiLicence) doc.text(`FSSAI Lic. No.: ${invoice.seller.fssaiLicence}`, { width: CONTENT_WIDTH / 2 })
  const sellerBottom = doc.y

  const right = MARGIN + CONTENT_WIDTH / 2
  doc
    .font('bold')
    .fontSize(18)
    .fillColor(INK)
    .text(creditNote ? 'CREDIT NOTE' : 'TAX INVOICE', right, top, { width: CONTENT_WIDTH / 2, align: 'right' })
  doc.font('regular').fontSize(9)
  const facts: Array<[string, string]> = creditNote
    ? [
        ['Credit note number', creditNote.number],
        ['Credit note date', formatIndiaDate(creditNote.issuedAt)],
        ['Against invoice', `${creditNote.invoiceNumber} of ${formatIndiaDate(creditNote.invoiceIssuedAt)}`],
        ['Order', creditNote.orderNumber],
        ['Reason', creditNote.reason],
      ]
    : [
        ['Invoice number', invoice.number],
        ['Invoice date', formatIndiaDate(invoice.issuedAt)],
        ['Order', invoice.orderNumber],
        ...('paidAt' in invoice && invoice.paidAt ? ([['Paid on', formatIndiaDate(invoice.paidAt)]] as Array<[string, string]>) : []),
        ...('paymentId' in invoice && invoice.paymentId ? ([['Payment', invoice.paymentId]] as Array<[string, string]>) : []),
        ...('paymentMethod' in invoice && invoice.paymentMethod === 'cod'
          ? ([['Payment', 'Cash on delivery']] as Array<[string, string]>)
          : []),
      ]
  for (const [label, value] of facts) doc.text(`${label}: ${value}`, right, doc.y, { width: CONTENT_WIDTH / 2, align: 'right' })
  for (const note of notes) doc.font('bold').text(note, right, doc.y + 2, { width: CONTENT_WIDTH / 2, align: 'right' })
  doc.y = Math.max(sellerBottom, doc.y) + 12
  rule()
  doc.moveDown(0.6)

  // The buyer, and where the goods go (which decides CGST + SGST or IGST).
  const buyerTop = doc.y
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(INK)
    .text('Bill to / Ship to', MARGIN, buyerTop, { width: CONTENT_WIDTH / 2 })
  doc.font('regular').fontSize(9)
  doc.text(invoice.buyer.name, { width: CONTENT_WIDTH / 2 })
  for (const line of invoice.buyer.addressLines) doc.text(line, { width: CONTENT_WIDTH / 2 })
  const contact = [invoice.buyer.phone && `Phone ${invoice.buyer.phone}`, invoice.buyer.email].filter(Boolean).join(' · ')
  if (contact) doc.text(contact, { width: CONTENT_WIDTH / 2 })
  const buyerBottom = doc.y
  doc
    .font('bold')
    .fontSize(10)
    .text('Place of supply', right, buyerTop, { width: CONTENT_WIDTH / 2, align: 'right' })
  doc
    .font('regular')
    .fontSize(9)
    .text(invoice.placeOfSupply, right, doc.y, { width: CONTENT_WIDTH / 2, align: 'right' })
  doc.text(invoice.supply === 'intra-state' ? 'Intra-state supply: CGST + SGST' : 'Inter-state supply: IGST', right, doc.y, {
    width: CONTENT_WIDTH / 2,
    align: 'right',
  })
  doc.y = Math.max(buyerBottom, doc.y) + 14

  const intra = invoice.supply === 'intra-state'
  type Line = InvoiceDocument['lines'][number]
  const taxColumns: Column<Line>[] = intra
    ? [
        { header: 'CGST', width: 46, align: 'right', value: (l) => money(l.cgstPaise) },
        { header: 'SGST', width: 46, align: 'right', value: (l) => money(l.sgstPaise) },
      ]
    : [{ header: 'IGST', width: 56, align: 'right', value: (l) => money(l.igstPaise) }]
  const discounted = invoice.lines.some((l) => (l.discountPaise ?? 0) > 0)
  const fixed: Column<Line>[] = [
    { header: '#', width: 16, value: (_, i) => String(i + 1) },
    { header: 'HSN/SAC', width: 46, value: (l) => l.hsnCode || '—' },
    { header: 'Qty', width: 26, align: 'right', value: (l) => String(l.quantity) },
    { header: 'Unit price', width: 56, align: 'right', value: (l) => money(l.unitPricePaise) },
    // Only on invoices with a discount: each line's part of it, taken off before tax (decision 042).
    ...(discounted
      ? [
          {
            header: 'Discount',
            width: 50,
            align: 'right',
            value: (l) => (l.discountPaise ? `-${money(l.discountPaise)}` : '—'),
          } satisfies Column<Line>,
        ]
      : []),
    { header: 'Taxable value', width: 60, align: 'right', value: (l) => money(l.taxablePaise) },
    { header: 'GST', width: 28, align: 'right', value: (l) => percent(l.ratePercent) },
    ...taxColumns,
    { header: 'Total', width: 60, align: 'right', value: (l) => money(l.totalPaise) },
  ]
  const descriptionWidth = CONTENT_WIDTH - fixed.reduce((sum, c) => sum + c.width, 0)
  const columns: Column<Line>[] = [fixed[0]!, { header: 'Item', width: descriptionWidth, value: (l) => l.description }, ...fixed.slice(1)]

  const table = <Row>(cols: Column<Row>[], rows: Row[]) => {
    const gap = 3
    const header = () => {
      doc.font('bold').fontSize(8).fillColor(INK)
      const height = Math.max(...cols.map((c) => doc.heightOfString(c.header, { width: c.width - gap })))
      ensureRoom(height + 20)
      const y = doc.y
      let x = MARGIN
      for (const c of cols) {
        doc.text(c.header, x, y, { width: c.width - gap, align: c.align ?? 'left' })
        x += c.width
      }
      doc.y = y + height + 3
      rule(doc.y, INK)
      doc.y += 3
    }
    header()
    doc.font('regular').fontSize(8)
    rows.forEach((row, index) => {
      const texts = cols.map((c) => c.value(row, index))
      const height = Math.max(...cols.map((c, i) => doc.heightOfString(texts[i]!, { width: c.width - gap })))
      if (doc.y + height + 6 > bottom()) {
        doc.addPage()
        header()
        doc.font('regular').fontSize(8)
      }
      const y = doc.y
      let x = MARGIN
      cols.forEach((c, i) => {
        doc.text(texts[i]!, x, y, { width: c.width - gap, align: c.align ?? 'left' })
        x += c.width
      })
      doc.y = y + height + 3
      rule()
      doc.y += 3
    })
  }

  table(columns, invoice.lines)

  // Totals, right-aligned under the table.
  const { totals } = invoice
  const totalRows: Array<[string, string, boolean]> = [
    ['Taxable value', money(totals.taxablePaise), false],
    ...(intra
      ? ([
          ['CGST', money(totals.cgstPaise), false],
          ['SGST', money(totals.sgstPaise), false],
        ] as Array<[string, string, boolean]>)
      : ([['IGST', money(totals.igstPaise), false]] as Array<[string, string, boolean]>)),
    ['Total GST', money(totals.taxPaise), false],
    [creditNote ? 'Total credited (GST included)' : 'Total (GST included)', money(totals.totalPaise), true],
  ]
  ensureRoom(totalRows.length * 14 + 40)
  doc.moveDown(0.4)
  for (const [label, value, strong] of totalRows) {
    const y = doc.y
    doc
      .font(strong ? 'bold' : 'regular')
      .fontSize(strong ? 10 : 9)
      .fillColor(INK)
    doc.text(label, MARGIN + CONTENT_WIDTH - 260, y, { width: 170, align: 'right' })
    doc.text(value, MARGIN + CONTENT_WIDTH - 90, y, { width: 90, align: 'right' })
  }
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(INK)
    .text(`Amount in words: ${invoice.amountInWords}`, MARGIN, doc.y + 6, { width: CONTENT_WIDTH })
  // How a discount reached the lines (decision 042; CGST Act s. 15(3)(a): a discount shown on the invoice is not taxed).
  if (discounted) {
    const given = invoice.lines.reduce((sum, l) => sum + (l.discountPaise ?? 0), 0)
    doc.text(
      `Discounts of ${money(given)} in all are shown on this ${creditNote ? 'credit note' : 'invoice'} and taken off each line before tax, in proportion to the line's value (a coupon only over the lines it applies to).`,
      MARGIN,
      doc.y + 4,
      { width: CONTENT_WIDTH },
    )
  }
  doc.moveDown(1)

  // The tax per tariff code and rate.
  ensureRoom(60)
  doc.font('bold').fontSize(10).fillColor(INK).text('Tax by HSN/SAC and rate', MARGIN, doc.y)
  doc.moveDown(0.3)
  type Summary = InvoiceDocument['rateSummary'][number]
  table<Summary>(
    [
      { header: 'HSN/SAC', width: 90, value: (s) => s.hsnCode || '—' },
      { header: 'GST rate', width: 70, align: 'right', value: (s) => percent(s.ratePercent) },
      { header: 'Taxable value', width: 95, align: 'right', value: (s) => money(s.taxablePaise) },
      ...((intra
        ? [
            { header: `CGST`, width: 85, align: 'right', value: (s: Summary) => money(s.cgstPaise) },
            { header: `SGST`, width: 85, align: 'right', value: (s: Summary) => money(s.sgstPaise) },
          ]
        : [{ header: 'IGST', width: 170, align: 'right', value: (s: Summary) => money(s.igstPaise) }]) as Column<Summary>[]),
      { header: 'Total tax', width: CONTENT_WIDTH - 90 - 70 - 95 - 170, align: 'right', value: (s) => money(s.taxPaise) },
    ],
    invoice.rateSummary,
  )

  ensureRoom(70)
  doc.moveDown(0.8)
  doc.font('regular').fontSize(8).fillColor(MUTED)
  doc.text(
    'Prices include GST. The delivery charge is taxed at the highest GST rate of the goods it delivers (a composite supply). ' +
      (intra ? 'CGST and SGST are each half of the GST.' : 'Goods delivered to another state carry IGST.'),
    MARGIN,
    doc.y,
    { width: CONTENT_WIDTH },
  )
  if (creditNote)
    doc.text(`This credit note reduces invoice ${creditNote.invoiceNumber} by the amounts above, at that invoice's GST rates.`, {
      width: CONTENT_WIDTH,
    })
  doc.text(`This is a computer-generated ${creditNote ? 'credit note' : 'invoice'} and needs no signature.`, { width: CONTENT_WIDTH })
  doc.moveDown(1)
  doc.font('bold').fontSize(9).fillColor(INK).text(`For ${invoice.seller.name}`, MARGIN, doc.y, { width: CONTENT_WIDTH, align: 'right' })

  doc.end()
  return done
}
