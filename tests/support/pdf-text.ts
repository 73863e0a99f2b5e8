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

/**
 * Tamil as written, from the text of a PDF in which it was shaped: pdf.js gives glyphs in the order they are drawn, so
 * a vowel sign drawn before its consonant (ெ ே ை) comes first, and the two halves of ொ ோ ௌ come apart. Puts each sign
 * back after its consonant (or conjunct) and joins the halves (Unicode's canonical composition). What readers that
 * honour the PDF's ActualText give at once.
 */
export function tamilAsWritten(text: string) {
  return text.replace(/([\u0BC6-\u0BC8])([\u0B95-\u0BB9](?:\u0BCD[\u0B95-\u0BB9])?)/g, '$2$1').normalize('NFC')
}
