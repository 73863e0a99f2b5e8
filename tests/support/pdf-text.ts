import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/** The text of each page of a PDF, as a reader would copy it. */
export async function pdfPages(pdf: Uint8Array | Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, disableFontFace: true, isEvalSupported: false })
    .promise
  const pages: string[] = []
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''))
  }
  await document.destroy()
  return pages
}

/** The text of the whole PDF. */
export async function pdfText(pdf: Uint8Array | Buffer) {
  return (await pdfPages(pdf)).join('\n')
}
