import { formatRupeesAndPaise as money } from '../money/money'
import { openPdf } from '../pdf/pdf-document.server'
import type { CreditNoteDocument } from './credit-note-document'
import type { InvoiceDocument } from './invoice-document'
import { formatIndiaDate } from '~/features/dates/india-time'
import type { Language } from '~/i18n/language'
import { m } from '~/i18n/paraglide/messages.js'

// A stored invoice as an A4 PDF, set in the shop's PDF fonts (pdf-document.server.ts).
const MARGIN = 40
const PAGE_WIDTH = 595.28
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN
const INK = '#1f2937'
const MUTED = '#4b5563'
const RULE = '#9ca3af'

const percent = (rate: number) => `${rate}%`

type Column<Row> = { header: string; width: number; align?: 'left' | 'right'; value: (row: Row, index: number) => string }

type Message<Inputs> = (inputs: Inputs, options: { locale: Language }) => string

/**
 * The document's words in the language of its order (decision 074): an English order's papers read as they always
 * have; a Tamil order's carry each label in Tamil and English (a GST invoice is read by the buyer and by the tax
 * office), sentences in Tamil with the English under them. Never the language of whoever downloads it.
 */
function wordsFor(language: Language) {
  const english = <Inputs>(message: Message<Inputs>, inputs: Inputs) => message(inputs, { locale: 'en' })
  const tamil = <Inputs>(message: Message<Inputs>, inputs: Inputs) => message(inputs, { locale: 'ta' })
  const both = (separator: string) =>
    language === 'ta'
      ? <Inputs>(message: Message<Inputs>, inputs: Inputs) => `${tamil(message, inputs)}${separator}${english(message, inputs)}`
      : english
  return { label: both(' / '), header: both('\n'), sentence: both('\n') }
}

/**
 * `invoice` may be a credit note: the same layout, its own title and facts, and the invoice it reduces. `notes` are
 * printed under the title, e.g. on an invoice, the credit notes that reduced it.
 */
export async function renderInvoicePdf(
  invoice: InvoiceDocument | CreditNoteDocument,
  { notes = [] }: { notes?: string[] } = {},
): Promise<Buffer> {
  const creditNote = 'kind' in invoice && invoice.kind === 'credit-note' ? invoice : null
  const language = invoice.language ?? 'en'
  const { label, header, sentence } = wordsFor(language)
  const { doc, done } = await openPdf({
    script: language === 'ta' ? 'tamil' : 'latin',
    size: 'A4',
    margin: MARGIN,
    bufferPages: false,
    info: {
      Title: `${label(creditNote ? m.invoices_document_credit_note : m.invoices_document_invoice, {})} ${invoice.number}`,
      Author: invoice.seller.name,
      Subject: `${label(m.invoices_order, {})} ${invoice.orderNumber}`,
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
  doc.text(`${label(m.invoices_phone, {})} ${invoice.seller.phone} · ${invoice.seller.email}`, { width: CONTENT_WIDTH / 2 })
  doc
    .font('bold')
    .fillColor(INK)
    .text(`GSTIN: ${invoice.seller.gstin}`, { width: CONTENT_WIDTH / 2 })
  doc
    .font('regular')
    .text(`${label(m.invoices_state, {})}: ${invoice.seller.state} (${invoice.seller.stateCode})`, { width: CONTENT_WIDTH / 2 })
  // Invoices issued before the number was kept have none.
  if (invoice.seller.fssaiLicence) doc.text(`${label(m.invoices_fssai, {})}: ${invoice.seller.fssaiLicence}`, { width: CONTENT_WIDTH / 2 })
  const sellerBottom = doc.y

  const right = MARGIN + CONTENT_WIDTH / 2
  doc
    .font('bold')
    .fontSize(18)
    .fillColor(INK)
    .text(header(creditNote ? m.invoices_title_credit_note : m.invoices_title_invoice, {}), right, top, {
      width: CONTENT_WIDTH / 2,
      align: 'right',
    })
  doc.font('regular').fontSize(9)
  const facts: Array<[string, string]> = creditNote
    ? [
        [label(m.invoices_credit_note_number, {}), creditNote.number],
        [label(m.invoices_credit_note_date, {}), formatIndiaDate(creditNote.issuedAt, 'en')],
        [label(m.invoices_against_invoice, {}), `${creditNote.invoiceNumber} of ${formatIndiaDate(creditNote.invoiceIssuedAt, 'en')}`],
        [label(m.invoices_order, {}), creditNote.orderNumber],
        [label(m.invoices_reason, {}), creditNote.reason],
      ]
    : [
        [label(m.invoices_invoice_number, {}), invoice.number],
        [label(m.invoices_invoice_date, {}), formatIndiaDate(invoice.issuedAt, 'en')],
        [label(m.invoices_order, {}), invoice.orderNumber],
        ...('paidAt' in invoice && invoice.paidAt
          ? ([[label(m.invoices_paid_on, {}), formatIndiaDate(invoice.paidAt, 'en')]] as Array<[string, string]>)
          : []),
        ...('paymentId' in invoice && invoice.paymentId
          ? ([[label(m.invoices_payment, {}), invoice.paymentId]] as Array<[string, string]>)
          : []),
        ...('paymentMethod' in invoice && invoice.paymentMethod === 'cod'
          ? ([[label(m.invoices_payment, {}), label(m.invoices_cash_on_delivery, {})]] as Array<[string, string]>)
          : []),
      ]
  // Two languages make a long label: the value then takes a line of its own, so a number is never broken.
  const factSeparator = language === 'ta' ? ':\n' : ': '
  for (const [label, value] of facts)
    doc.text(`${label}${factSeparator}${value}`, right, doc.y, { width: CONTENT_WIDTH / 2, align: 'right' })
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
    .text(label(m.invoices_bill_to, {}), MARGIN, buyerTop, { width: CONTENT_WIDTH / 2 })
  doc.font('regular').fontSize(9)
  doc.text(invoice.buyer.name, { width: CONTENT_WIDTH / 2 })
  for (const line of invoice.buyer.addressLines) doc.text(line, { width: CONTENT_WIDTH / 2 })
  const contact = [invoice.buyer.phone && `${label(m.invoices_phone, {})} ${invoice.buyer.phone}`, invoice.buyer.email]
    .filter(Boolean)
    .join(' · ')
  if (contact) doc.text(contact, { width: CONTENT_WIDTH / 2 })
  const buyerBottom = doc.y
  doc
    .font('bold')
    .fontSize(10)
    .text(label(m.invoices_place_of_supply, {}), right, buyerTop, { width: CONTENT_WIDTH / 2, align: 'right' })
  doc
    .font('regular')
    .fontSize(9)
    .text(invoice.placeOfSupply, right, doc.y, { width: CONTENT_WIDTH / 2, align: 'right' })
  doc.text(sentence(invoice.supply === 'intra-state' ? m.invoices_intra_state : m.invoices_inter_state, {}), right, doc.y, {
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
    { header: header(m.invoices_column_quantity, {}), width: 26, align: 'right', value: (l) => String(l.quantity) },
    { header: header(m.invoices_column_unit_price, {}), width: 56, align: 'right', value: (l) => money(l.unitPricePaise) },
    // Only on invoices with a discount: each line's part of it, taken off before tax (decision 042).
    ...(discounted
      ? [
          {
            header: header(m.invoices_column_discount, {}),
            width: 50,
            align: 'right',
            value: (l) => (l.discountPaise ? `-${money(l.discountPaise)}` : '—'),
          } satisfies Column<Line>,
        ]
      : []),
    { header: header(m.invoices_column_taxable_value, {}), width: 60, align: 'right', value: (l) => money(l.taxablePaise) },
    { header: 'GST', width: 28, align: 'right', value: (l) => percent(l.ratePercent) },
    ...taxColumns,
    { header: header(m.invoices_column_total, {}), width: 60, align: 'right', value: (l) => money(l.totalPaise) },
  ]
  const descriptionWidth = CONTENT_WIDTH - fixed.reduce((sum, c) => sum + c.width, 0)
  const columns: Column<Line>[] = [
    fixed[0]!,
    { header: header(m.invoices_column_item, {}), width: descriptionWidth, value: (l) => l.description },
    ...fixed.slice(1),
  ]

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
    [label(m.invoices_column_taxable_value, {}), money(totals.taxablePaise), false],
    ...(intra
      ? ([
          ['CGST', money(totals.cgstPaise), false],
          ['SGST', money(totals.sgstPaise), false],
        ] as Array<[string, string, boolean]>)
      : ([['IGST', money(totals.igstPaise), false]] as Array<[string, string, boolean]>)),
    [label(m.invoices_total_gst, {}), money(totals.taxPaise), false],
    [label(creditNote ? m.invoices_total_credited : m.invoices_total, {}), money(totals.totalPaise), true],
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
    .text(`${label(m.invoices_amount_in_words, {})}: ${invoice.amountInWords}`, MARGIN, doc.y + 6, { width: CONTENT_WIDTH })
  // How a discount reached the lines (decision 042; CGST Act s. 15(3)(a): a discount shown on the invoice is not taxed).
  if (discounted) {
    const given = invoice.lines.reduce((sum, l) => sum + (l.discountPaise ?? 0), 0)
    doc.text(
      sentence(creditNote ? m.invoices_discounts_credit_note : m.invoices_discounts_invoice, { amount: money(given) }),
      MARGIN,
      doc.y + 4,
      { width: CONTENT_WIDTH },
    )
  }
  doc.moveDown(1)

  // The tax per tariff code and rate.
  ensureRoom(60)
  doc.font('bold').fontSize(10).fillColor(INK).text(label(m.invoices_tax_by_rate, {}), MARGIN, doc.y)
  doc.moveDown(0.3)
  type Summary = InvoiceDocument['rateSummary'][number]
  table<Summary>(
    [
      { header: 'HSN/SAC', width: 90, value: (s) => s.hsnCode || '—' },
      { header: header(m.invoices_column_gst_rate, {}), width: 70, align: 'right', value: (s) => percent(s.ratePercent) },
      { header: header(m.invoices_column_taxable_value, {}), width: 95, align: 'right', value: (s) => money(s.taxablePaise) },
      ...((intra
        ? [
            { header: `CGST`, width: 85, align: 'right', value: (s: Summary) => money(s.cgstPaise) },
            { header: `SGST`, width: 85, align: 'right', value: (s: Summary) => money(s.sgstPaise) },
          ]
        : [{ header: 'IGST', width: 170, align: 'right', value: (s: Summary) => money(s.igstPaise) }]) as Column<Summary>[]),
      {
        header: header(m.invoices_column_total_tax, {}),
        width: CONTENT_WIDTH - 90 - 70 - 95 - 170,
        align: 'right',
        value: (s) => money(s.taxPaise),
      },
    ],
    invoice.rateSummary,
  )

  ensureRoom(70)
  doc.moveDown(0.8)
  doc.font('regular').fontSize(8).fillColor(MUTED)
  const taxNote = (locale: Language) =>
    `${m.invoices_prices_include_gst({}, { locale })} ${(intra ? m.invoices_halves : m.invoices_igst)({}, { locale })}`
  doc.text(language === 'ta' ? `${taxNote('ta')}\n${taxNote('en')}` : taxNote('en'), MARGIN, doc.y, { width: CONTENT_WIDTH })
  if (creditNote) doc.text(sentence(m.invoices_credit_note_reduces, { number: creditNote.invoiceNumber }), { width: CONTENT_WIDTH })
  doc.text(sentence(creditNote ? m.invoices_computer_generated_credit_note : m.invoices_computer_generated_invoice, {}), {
    width: CONTENT_WIDTH,
  })
  doc.moveDown(1)
  doc
    .font('bold')
    .fontSize(9)
    .fillColor(INK)
    .text(label(m.invoices_for_seller, { seller: invoice.seller.name }), MARGIN, doc.y, { width: CONTENT_WIDTH, align: 'right' })

  doc.end()
  return done
}
