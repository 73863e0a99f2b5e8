import { formatIndiaDate } from '../dates/india-time'
import { formatRupeesAndPaise } from '../money/money'
import { openPdf } from '../pdf/pdf-document.server'
import { formatParcelWeight } from './parcel-weight'

/**
 * The shop's own A6 shipping labels and packing slips, for parcels it sends without a courier account (India Post by
 * hand, a local courier). Rendered from plain data: the caller reads the order and the shop's settings.
 */

/** What the courier collects at the door: a COD parcel's amount in paise, or nothing for a prepaid one. */
export type Collection = { method: 'cod'; amountPaise: number } | { method: 'prepaid' }

/** Which parcel of the order this is, when the owner split it ("Parcel 1 of 2"). */
export type ParcelNumber = { number: number; of: number }

export type ShippingLabel = {
  /** As the customer reads it: KO-1042. Printed as a Code 128 barcode and in text. */
  orderNumber: string
  to: {
    name: string
    /** Building, street, landmark: one entry a line, blank ones left out. */
    lines: string[]
    city: string
    state: string
    pinCode: string
    phone: string
  }
  /** The shop's name and return address (its lines already hold the town, state and PIN). */
  returnTo: { name: string; lines: string[]; phone: string }
  weightGrams: number
  /** Known once the parcel is handed over or booked; left off the label until then. */
  courier: string | null
  trackingNumber: string | null
  collect: Collection
  parcel?: ParcelNumber
}

export type PackingSlip = {
  orderNumber: string
  /** When the order was placed: the packer matches it with the label and the order list. */
  orderedAt: Date
  customerName: string
  /** `packSize` is the pack the customer chose ("250g"); null for a product sold in one size. */
  items: Array<{ name: string; packSize: string | null; quantity: number }>
  weightGrams: number
  collect: Collection
  parcel?: ParcelNumber
}

/** A label or slip whose text cannot fit an A6 page even in small type: refused, never printed cut off. */
export class LabelDoesNotFitError extends Error {}

/** One A6 page per parcel; several parcels make one PDF, printed as a stack. */
export async function shippingLabelsPdf(labels: ShippingLabel[]): Promise<Uint8Array> {
  if (labels.length === 0) throw new Error('There are no labels to print: choose at least one parcel.')
  const bars = await Promise.all(labels.map((label) => code128(label.orderNumber)))
  const { doc, done } = await openA6(labels.length === 1 ? `Shipping label ${labels[0]!.orderNumber}` : 'Shipping labels')
  labels.forEach((label, index) => {
    if (index > 0) doc.addPage()
    drawLabel(doc, label, bars[index]!)
  })
  doc.end()
  return new Uint8Array(await done)
}

/** One A6 packing slip per parcel (a parcel with very many items continues on a second page). */
export async function packingSlipsPdf(slips: PackingSlip[]): Promise<Uint8Array> {
  if (slips.length === 0) throw new Error('There are no packing slips to print: choose at least one parcel.')
  const bars = await Promise.all(slips.map((slip) => code128(slip.orderNumber)))
  const { doc, done } = await openA6(slips.length === 1 ? `Packing slip ${slips[0]!.orderNumber}` : 'Packing slips')
  slips.forEach((slip, index) => {
    if (index > 0) doc.addPage()
    drawPackingSlip(doc, slip, bars[index]!)
  })
  doc.end()
  return new Uint8Array(await done)
}

/** "COD: collect ₹1,234.00" or "Prepaid: collect nothing": what the person at the door must hear. */
export function collectionText(collect: Collection) {
  return collect.method === 'cod' ? `COD: collect ${formatRupeesAndPaise(collect.amountPaise)}` : 'Prepaid: collect nothing'
}

// A6 in points (105 × 148 mm). Thermal label printers lose a few millimetres at the edges, hence the margin.
const PAGE = { width: 297.64, height: 419.53 }
const MARGIN = 12
const WIDTH = PAGE.width - 2 * MARGIN
const BOTTOM = PAGE.height - MARGIN
// Kept clear above the bottom margin so that rounding never makes PDFKit start a page of its own.
const SLACK = 1
const GAP = 8
const INK = '#000000'
const MUTED = '#374151'

type Doc = PDFKit.PDFDocument
type Font = 'regular' | 'bold'

async function openA6(title: string) {
  return openPdf({ size: [PAGE.width, PAGE.height], margin: MARGIN, bufferPages: false, info: { Title: title } })
}

/** One paragraph of a block of text; `size` and `after` (the space below it) are at full scale. */
type Run = { text: string; font: Font; size: number; after?: number; color?: string; align?: 'left' | 'center' | 'right' }

function runHeight(doc: Doc, run: Run, width: number, scale: number) {
  doc.font(run.font).fontSize(run.size * scale)
  return doc.heightOfString(run.text, { width }) + (run.after ?? 0) * scale
}

function blockHeight(doc: Doc, runs: Run[], width: number, scale: number) {
  return runs.reduce((sum, run) => sum + runHeight(doc, run, width, scale), 0)
}

/** The largest scale, from 1 down to `smallest`, at which the runs, wrapped, fit the height; null when none does. */
function fittingScale(doc: Doc, runs: Run[], width: number, height: number, smallest: number) {
  for (let step = 0; 1 - step * 0.05 >= smallest - 1e-9; step++) {
    const scale = 1 - step * 0.05
    if (blockHeight(doc, runs, width, scale) <= height) return scale
  }
  return null
}

/** Draws the runs from `top`, wrapped to the width; returns where the block ends. */
function drawRuns(doc: Doc, runs: Run[], x: number, top: number, width: number, scale: number) {
  let y = top
  for (const run of runs) {
    doc
      .font(run.font)
      .fontSize(run.size * scale)
      .fillColor(run.color ?? INK)
      .text(run.text, x, y, { width, align: run.align ?? 'left' })
    y += runHeight(doc, run, width, scale)
  }
  return y
}

/** The largest size up to `size` at which one line of text is no wider than `width`. */
function oneLineSize(doc: Doc, text: string, font: Font, size: number, width: number) {
  doc.font(font).fontSize(size)
  const natural = doc.widthOfString(text)
  return natural <= width ? size : Math.floor(((size * width) / natural) * 10) / 10
}

function rule(doc: Doc, y: number, weight = 0.75) {
  doc
    .save()
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .lineWidth(weight)
    .strokeColor(INK)
    .stroke()
    .restore()
}

function tooLong(what: string, orderNumber: string): never {
  throw new LabelDoesNotFitError(
    `The ${what} of order ${orderNumber} is too long to print on an A6 page, even in small type. Please shorten it and print again.`,
  )
}

/**
 * The order number's Code 128 symbol as the widths of its bars and spaces in modules (bar first), encoded by bwip-js
 * (Barcode Writer in Pure PostScript), which picks the code sets and the check digit.
 */
async function code128(text: string): Promise<number[]> {
  // Loaded on the first label, not at start: it holds every symbology there is.
  const { default: bwipjs } = await import('bwip-js/node')
  const refused = (cause?: unknown) => new Error(`The order number "${text}" cannot be printed as a Code 128 barcode.`, { cause })
  // Printable ASCII only: bwip-js quietly writes other characters as some other byte, a barcode that scans wrong.
  if (!/^[\x20-\x7e]+$/.test(text)) throw refused()
  let symbols: readonly object[]
  try {
    symbols = bwipjs.raw('code128', text, {})
  } catch (error) {
    throw refused(error)
  }
  const symbol = symbols[0]
  if (!symbol || !('sbs' in symbol) || !Array.isArray(symbol.sbs)) throw new Error(`The order number "${text}" gave no Code 128 bars.`)
  return symbol.sbs as number[]
}

// A module (the narrowest bar) of 0.25–0.45 mm: what handheld scanners read comfortably from a printed label.
const MODULE = { smallest: 0.7, largest: 1.3 }
const QUIET_ZONE_MODULES = 10

/** Draws the bars as filled rectangles (vector, sharp at any printer's resolution), centred on the page. */
function drawBarcode(doc: Doc, widths: number[], orderNumber: string, top: number, height: number) {
  const modules = widths.reduce((sum, w) => sum + w, 0)
  const module = Math.min(MODULE.largest, WIDTH / (modules + 2 * QUIET_ZONE_MODULES))
  if (module < MODULE.smallest) tooLong('number', orderNumber)
  let x = MARGIN + (WIDTH - modules * module) / 2
  doc.save()
  widths.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(x, top, w * module, height)
    x += w * module
  })
  doc.fillColor(INK).fill().restore()
}

// Label: heights at full scale of the parts below the address, which is given the rest of the page.
const BARCODE = { bars: 40, textSize: 12 }
const BOX = { height: 34, inset: 6 }

function drawLabel(doc: Doc, label: ShippingLabel, bars: number[]) {
  const { to, returnTo } = label

  // From the bottom up: return address, barcode, parcel details, what to collect; the address takes the rest.
  const fromRuns: Run[] = [
    { text: 'From / return to', font: 'bold', size: 7.5, color: MUTED, after: 1 },
    { text: returnTo.name, font: 'bold', size: 9, after: 0.5 },
    ...returnTo.lines.filter(Boolean).map((line): Run => ({ text: line, font: 'regular', size: 8.5 })),
    { text: `Phone ${returnTo.phone}`, font: 'regular', size: 8.5 },
  ]
  const fromScale = fittingScale(doc, fromRuns, WIDTH, 80, 0.7) ?? tooLong('return address', label.orderNumber)
  const fromTop = BOTTOM - SLACK - blockHeight(doc, fromRuns, WIDTH, fromScale)

  const barcodeTextHeight = runHeight(doc, { text: label.orderNumber, font: 'bold', size: BARCODE.textSize }, WIDTH, 1)
  const barcodeTop = fromTop - GAP - BARCODE.bars - 2 - barcodeTextHeight

  const details = [
    `Weight ${formatParcelWeight(label.weightGrams)}${label.parcel && label.parcel.of > 1 ? ` · Parcel ${label.parcel.number} of ${label.parcel.of}` : ''}`,
    label.courier ? `Courier: ${label.courier}` : '',
    label.trackingNumber ? `Tracking number (AWB): ${label.trackingNumber}` : '',
  ]
  const detailRuns = details.filter(Boolean).map((text, i): Run => ({ text, font: i === 0 ? 'bold' : 'regular', size: 10 }))
  const detailScale = fittingScale(doc, detailRuns, WIDTH, 48, 0.7) ?? tooLong('courier or tracking number', label.orderNumber)
  const detailsTop = barcodeTop - GAP - blockHeight(doc, detailRuns, WIDTH, detailScale)

  const boxTop = detailsTop - GAP - BOX.height

  const toRuns: Run[] = [
    { text: 'To', font: 'bold', size: 9, color: MUTED, after: 1 },
    { text: to.name, font: 'bold', size: 17, after: 2 },
    ...to.lines.filter(Boolean).map((line): Run => ({ text: line, font: 'regular', size: 14 })),
    { text: `${to.city}, ${to.state}`, font: 'regular', size: 14, after: 1 },
    { text: `PIN ${to.pinCode}`, font: 'bold', size: 19, after: 1 },
    { text: `Phone ${to.phone}`, font: 'regular', size: 14 },
  ]
  const toRoom = boxTop - GAP - MARGIN
  const toScale = fittingScale(doc, toRuns, WIDTH, toRoom, 0.45) ?? tooLong('delivery address', label.orderNumber)

  drawRuns(doc, toRuns, MARGIN, MARGIN, WIDTH, toScale)

  // COD in a heavy box: the courier must not hand the parcel over without the cash.
  const cod = label.collect.method === 'cod'
  const collect = collectionText(label.collect)
  const collectSize = oneLineSize(doc, collect, 'bold', cod ? 18 : 13, WIDTH - 2 * BOX.inset)
  doc
    .save()
    .lineWidth(cod ? 2.5 : 0.75)
    .rect(MARGIN + 1.25, boxTop, WIDTH - 2.5, BOX.height)
    .strokeColor(INK)
    .stroke()
    .restore()
  doc.font('bold').fontSize(collectSize)
  const collectTop = boxTop + (BOX.height - doc.heightOfString(collect, { width: WIDTH - 2 * BOX.inset })) / 2
  doc.fillColor(INK).text(collect, MARGIN + BOX.inset, collectTop, { width: WIDTH - 2 * BOX.inset, align: 'center' })

  rule(doc, detailsTop - GAP / 2)
  drawRuns(doc, detailRuns, MARGIN, detailsTop, WIDTH, detailScale)

  drawBarcode(doc, bars, label.orderNumber, barcodeTop, BARCODE.bars)
  drawRuns(
    doc,
    [{ text: label.orderNumber, font: 'bold', size: BARCODE.textSize, align: 'center' }],
    MARGIN,
    barcodeTop + BARCODE.bars + 2,
    WIDTH,
    1,
  )

  rule(doc, fromTop - GAP / 2)
  drawRuns(doc, fromRuns, MARGIN, fromTop, WIDTH, fromScale)
}

// Packing slip: the item table's columns (the tick box, the item's name, its pack, how many).
const COLUMNS = { tick: 16, pack: 48, quantity: 30 }
const ITEM_WIDTH = WIDTH - COLUMNS.tick - COLUMNS.pack - COLUMNS.quantity
const SLIP_BARCODE = { bars: 30, textSize: 10 }

function drawPackingSlip(doc: Doc, slip: PackingSlip, bars: number[]) {
  const parcel = slip.parcel && slip.parcel.of > 1 ? `Parcel ${slip.parcel.number} of ${slip.parcel.of}` : null
  const headRuns: Run[] = [
    { text: parcel ? `Packing slip · ${parcel}` : 'Packing slip', font: 'bold', size: 14, after: 2 },
    { text: `Order ${slip.orderNumber}, placed on ${formatIndiaDate(slip.orderedAt, 'en')}`, font: 'regular', size: 9.5 },
    { text: `For ${slip.customerName}`, font: 'regular', size: 9.5, after: 4 },
  ]
  const headScale = fittingScale(doc, headRuns, WIDTH, 80, 0.6) ?? tooLong('customer’s name', slip.orderNumber)
  let y = drawRuns(doc, headRuns, MARGIN, MARGIN, WIDTH, headScale)
  drawBarcode(doc, bars, slip.orderNumber, y, SLIP_BARCODE.bars)
  y = drawRuns(
    doc,
    [{ text: slip.orderNumber, font: 'bold', size: SLIP_BARCODE.textSize, align: 'center' }],
    MARGIN,
    y + SLIP_BARCODE.bars + 2,
    WIDTH,
    1,
  )
  rule(doc, y + GAP / 2)
  const tableTop = y + GAP

  // The footer sits at the foot of the slip's last page: weight, what to collect, the packer's initials.
  const footerRuns: Run[] = [
    { text: `Parcel weight: ${formatParcelWeight(slip.weightGrams)}`, font: 'regular', size: 10, after: 2 },
    { text: collectionText(slip.collect), font: 'bold', size: 11, after: 8 },
    { text: 'Packed by (initials): ____________', font: 'regular', size: 10 },
  ]
  const footerHeight = blockHeight(doc, footerRuns, WIDTH, 1)
  const footerTop = BOTTOM - SLACK - footerHeight

  // Item rows shrink to fit the page (down to 70%); past that they go on over more pages.
  const rowHeight = (item: PackingSlip['items'][number], scale: number) => {
    doc.font('regular').fontSize(9.5 * scale)
    const name = doc.heightOfString(item.name, { width: ITEM_WIDTH - 4 })
    const pack = doc.heightOfString(item.packSize ?? '—', { width: COLUMNS.pack - 4 })
    return Math.max(name, pack, 10 * scale) + 6 * scale
  }
  const headerHeight = (scale: number) => {
    doc.font('bold').fontSize(8 * scale)
    return doc.heightOfString('Item', { width: ITEM_WIDTH }) + 4 * scale
  }
  const tableHeight = (scale: number) => headerHeight(scale) + slip.items.reduce((sum, item) => sum + rowHeight(item, scale), 0)
  let scale = 0.7
  for (let s = 1; s >= 0.7 - 1e-9; s -= 0.05) {
    if (tableHeight(s) <= footerTop - GAP - tableTop) {
      scale = s
      break
    }
  }

  const tableHeader = (top: number) => {
    doc
      .font('bold')
      .fontSize(8 * scale)
      .fillColor(MUTED)
    doc.text('✓', MARGIN + 1, top, { width: COLUMNS.tick - 2 })
    doc.text('Item', MARGIN + COLUMNS.tick, top, { width: ITEM_WIDTH - 4 })
    doc.text('Pack', MARGIN + COLUMNS.tick + ITEM_WIDTH, top, { width: COLUMNS.pack - 4 })
    doc.text('Qty', MARGIN + WIDTH - COLUMNS.quantity, top, { width: COLUMNS.quantity, align: 'right' })
    return top + headerHeight(scale)
  }
  const continuedNote = 12
  const nextPage = () => {
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text('Continued on the next page', MARGIN, BOTTOM - SLACK - continuedNote + 2, { width: WIDTH, align: 'right' })
    doc.addPage()
    const top = drawRuns(
      doc,
      [{ text: `Packing slip for order ${slip.orderNumber}, continued`, font: 'bold', size: 10, after: 4 }],
      MARGIN,
      MARGIN,
      WIDTH,
      1,
    )
    return tableHeader(top)
  }

  const rowsEnd = BOTTOM - SLACK - continuedNote
  y = tableHeader(tableTop)
  for (const item of slip.items) {
    const height = rowHeight(item, scale)
    if (y + height > rowsEnd) {
      y = nextPage()
      if (y + height > rowsEnd) tooLong('name of an item', slip.orderNumber)
    }
    const top = y + 3 * scale
    const box = 8 * scale
    doc
      .save()
      .lineWidth(0.75)
      .rect(MARGIN + 1, top + 1, box, box)
      .strokeColor(INK)
      .stroke()
      .restore()
    doc
      .font('regular')
      .fontSize(9.5 * scale)
      .fillColor(INK)
    doc.text(item.name, MARGIN + COLUMNS.tick, top, { width: ITEM_WIDTH - 4 })
    doc.text(item.packSize ?? '—', MARGIN + COLUMNS.tick + ITEM_WIDTH, top, { width: COLUMNS.pack - 4 })
    doc.font('bold').text(`× ${item.quantity}`, MARGIN + WIDTH - COLUMNS.quantity, top, { width: COLUMNS.quantity, align: 'right' })
    y += height
    doc
      .save()
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + WIDTH, y)
      .lineWidth(0.3)
      .strokeColor(MUTED)
      .stroke()
      .restore()
  }
  if (y + GAP > footerTop) nextPage()
  rule(doc, footerTop - GAP / 2)
  drawRuns(doc, footerRuns, MARGIN, footerTop, WIDTH, 1)
}
