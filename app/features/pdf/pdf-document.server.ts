import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The shop's PDFs (invoices, credit notes, shipping labels, packing slips) are set in DejaVu Sans: it carries the rupee
 * sign, which PDF's built-in fonts lack. The font files are found through Node's resolution, so this works from the
 * sources and from the built server.
 */
const require = createRequire(import.meta.url)
export const PDF_FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
}

/**
 * Papers of a Tamil order are set in Noto Sans Tamil (app/assets/fonts), which has the Tamil letters DejaVu lacks and
 * Latin, digits, the rupee sign and common punctuation as well. PDFKit shapes Tamil through fontkit (vowel signs placed
 * before or around their consonant, conjuncts joined, decision 074).
 */
let tamilFonts: { regular: string; bold: string } | undefined
function tamilFontFiles() {
  tamilFonts ??= (() => {
    // The shop's folder holds them, above this module in the sources (app/features/pdf) and in the build (build/server/…).
    let folder = path.dirname(fileURLToPath(import.meta.url))
    for (;;) {
      const fonts = path.join(folder, 'app/assets/fonts')
      if (fs.existsSync(path.join(fonts, 'NotoSansTamil-Regular.ttf')))
        return { regular: path.join(fonts, 'NotoSansTamil-Regular.ttf'), bold: path.join(fonts, 'NotoSansTamil-Bold.ttf') }
      const parent = path.dirname(folder)
      if (parent === folder) throw new Error('The Tamil fonts (app/assets/fonts/NotoSansTamil-*.ttf) are not in the shop’s folder.')
      folder = parent
    }
  })()
  return tamilFonts
}
const TAMIL = /[\u0B80-\u0BFF]/

/**
 * A new PDFKit document with the fonts registered as 'regular' and 'bold' (`script: 'tamil'`: Noto Sans Tamil), and
 * the finished file once `doc.end()` is called.
 */
export async function openPdf(
  options: PDFKit.PDFDocumentOptions & { script?: 'latin' | 'tamil' },
): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  // Loaded on the first PDF, not at start: most requests never need it.
  const { default: PDFDocument } = await import('pdfkit')
  // No default font (''): PDFKit would load Helvetica's metrics for nothing; and were it DejaVu Sans by its path, PDFKit
  // 0.20 would find it under its own name on every later font('regular') and, never caching it under 'regular', read
  // and parse the 750 kB file again each time (half a second per invoice).
  const { script = 'latin', ...pdfOptions } = options
  const doc = new PDFDocument({ ...pdfOptions, font: '' })
  const fonts = script === 'tamil' ? tamilFontFiles() : PDF_FONTS
  doc.registerFont('regular', fonts.regular)
  doc.registerFont('bold', fonts.bold)
  doc.font('regular')
  if (script === 'tamil') keepTamilReadable(doc)
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  return { doc, done }
}

/**
 * Shaped Tamil is drawn in the order it is seen (the vowel sign of கொ before its consonant), and a reader copying it
 * would get the letters in that order. Each text holding Tamil is marked with its ActualText (PDF 32000-1 §14.9.4), so
 * readers that honour it copy what was written.
 */
function keepTamilReadable(doc: PDFKit.PDFDocument) {
  const text = doc.text.bind(doc) as (...args: unknown[]) => PDFKit.PDFDocument
  doc.text = ((value: unknown, ...rest: unknown[]) => {
    if (typeof value !== 'string' || !TAMIL.test(value)) return text(value, ...rest)
    doc.markContent('Span', { actual: value, lang: 'ta-IN' } as PDFKit.Mixins.MarkingOptions)
    text(value, ...rest)
    doc.endMarkedContent()
    return doc
  }) as PDFKit.PDFDocument['text']
}
