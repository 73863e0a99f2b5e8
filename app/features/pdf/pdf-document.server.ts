import { createRequire } from 'node:module'

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
 * A new PDFKit document with the fonts registered as 'regular' and 'bold', and the finished file once `doc.end()`
 * is called.
 */
export async function openPdf(options: PDFKit.PDFDocumentOptions): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  // Loaded on the first PDF, not at start: most requests never need it.
  const { default: PDFDocument } = await import('pdfkit')
  // No default font (''): PDFKit would load Helvetica's metrics for nothing; and were it DejaVu Sans by its path, PDFKit
  // 0.20 would find it under its own name on every later font('regular') and, never caching it under 'regular', read
  // and parse the 750 kB file again each time (half a second per invoice).
  const doc = new PDFDocument({ ...options, font: '' })
  doc.registerFont('regular', PDF_FONTS.regular)
  doc.registerFont('bold', PDF_FONTS.bold)
  doc.font('regular')
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  return { doc, done }
}
