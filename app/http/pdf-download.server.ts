/** A PDF to save (an invoice, a credit note): named for the disk, never kept by a cache, as the buyer's own papers. */
export function pdfDownload(file: { fileName: string; pdf: Buffer }) {
  return new Response(new Uint8Array(file.pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'Content-Length': String(file.pdf.length),
      'Cache-Control': 'private, no-store',
    },
  })
}
