import { describe, expect, it } from 'vitest'
import { pdfPages, pdfText } from '../../../tests/support/pdf-text'
import { build, ISSUED_BEFORE_068, order } from '../../../tests/support/invoice-fixtures'
import { InvoiceMismatchError } from './invoice-document'
import { renderInvoicePdf } from './invoice-pdf.server'

describe('the invoice of an order', () => {
  it('within the shop’s state (Tamil Nadu, however typed): CGST + SGST, totals equal to what was paid', () => {
    const invoice = build('tamilnadu')
    expect(invoice).toMatchObject({
      number: 'KO/2026-27/0007',
      fileName: 'invoice-KO-2026-27-0007.pdf',
      orderNumber: 'KO-42',
      supply: 'intra-state',
      placeOfSupply: 'Tamil Nadu (33)',
      seller: { name: 'Kaadu Organics', gstin: '33AAKFK4821M1Z5', state: 'Tamil Nadu', stateCode: '33' },
      buyer: {
        name: 'Meena Sundaram',
        state: 'Tamil Nadu',
        stateCode: '33',
        addressLines: ['12', 'Gandhi Road', 'Madurai 625001', 'Tamil Nadu'],
      },
      totals: { taxablePaise: 34816, cgstPaise: 1642, sgstPaise: 1642, igstPaise: 0, taxPaise: 3284, totalPaise: 38100 },
      amountInWords: 'Rupees Three Hundred Eighty-One Only',
      taxSplit: 'equal-halves',
    })
    expect(invoice.lines.map((l) => [l.description, l.hsnCode, l.ratePercent, l.taxablePaise, l.cgstPaise, l.sgstPaise])).toEqual([
      ['Lemongrass Oil', '3301', 18, 8474, 763, 763],
      ['Turmeric Powder', '09103020', 5, 22952, 574, 574],
      ['Delivery charge', '996812', 18, 3390, 305, 305],
    ])
  })

  it('to another state: IGST, with that state as the place of supply', () => {
    const invoice = build('Karnataka')
    expect(invoice).toMatchObject({
      supply: 'inter-state',
      placeOfSupply: 'Karnataka (29)',
      totals: { taxablePaise: 34817, igstPaise: 3283, cgstPaise: 0, sgstPaise: 0, totalPaise: 38100 },
    })
  })

  it('a state it cannot read is taxed as inter-state, and says so', () => {
    const invoice = build('Madras Presidency')
    expect(invoice.supply).toBe('inter-state')
    expect(invoice.placeOfSupply).toMatch(/^Madras Presidency \(not a state we recognise/)
  })

  it('refuses to issue an invoice that would not add up to the order’s total', () => {
    expect(() => build('Tamil Nadu', { totalPaise: 38000 })).toThrow(InvoiceMismatchError)
  })
})

describe('the invoice as a PDF', () => {
  it('carries the GSTIN, the number, HSN codes, CGST and SGST, and the totals in rupees', async () => {
    const pdf = await renderInvoicePdf(build('Tamil Nadu'))
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const text = await pdfText(pdf)
    for (const expected of [
      'TAX INVOICE',
      'GSTIN: 33AAKFK4821M1Z5',
      'FSSAI Lic. No.: 12426999000123',
      'KO/2026-27/0007',
      'KO-42',
      'Meena Sundaram',
      'Place of supply',
      'Tamil Nadu (33)',
      '3301',
      '09103020',
      '996812',
      'CGST',
      'SGST',
      '₹84.74',
      '₹16.42',
      '₹348.16',
      '₹381.00',
      'Rupees Three Hundred Eighty-One Only',
    ]) {
      expect(text, expected).toContain(expected)
    }
    expect(text).not.toContain('IGST')
    expect(text).not.toContain('₹16.41')
  })

  it('an invoice issued before decision 068 renders as it was issued, its odd paisa in SGST', async () => {
    const text = await pdfText(await renderInvoicePdf(ISSUED_BEFORE_068))
    for (const expected of ['₹84.75', '₹7.62', '₹7.63', '₹16.41', '₹16.42', '₹348.17', '₹32.83', '₹381.00']) {
      expect(text, expected).toContain(expected)
    }
    expect(text).not.toContain('₹84.74')
  })

  it('to another state shows IGST instead', async () => {
    const text = await pdfText(await renderInvoicePdf(build('Kerala')))
    expect(text).toContain('IGST')
    expect(text).toContain('₹32.83')
    expect(text).toContain('Kerala (32)')
    expect(text).not.toMatch(/\bCGST\b/)
  })

  it('runs onto more pages for a long order, repeating the table’s heading', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({
      productId: 'turmeric',
      name: `Spice blend number ${i + 1}`,
      size: '250g',
      quantity: 1,
      unitPricePaise: 10000,
    }))
    const pages = await pdfPages(await renderInvoicePdf(build('Tamil Nadu', { lines, deliveryPaise: 0, totalPaise: 600_000 })))
    expect(pages.length).toBeGreaterThan(1)
    expect(pages[1]).toMatch(/^#\s+Item\s+HSN\/SAC/)
    expect(pages.join('\n')).toContain('Spice blend number 60 (250g)')
    expect(pages.at(-1)).toContain('₹6,000.00')
  })

  it('with discounts and cash on delivery: a Discount column, the COD fee line and a sentence on how the discount was spread', async () => {
    // ₹341 of goods less ₹34.10 of coupon over both lines (₹10.00 and ₹24.10), ₹40 delivery, ₹30 COD fee.
    const lines = order('Tamil Nadu').lines.map((l) => ({ ...l, discountPaise: l.productId === 'oil' ? 1_000 : 2_410 }))
    const document = build('Tamil Nadu', {
      lines,
      codFeePaise: 3_000,
      totalPaise: 34_100 - 3_410 + 4_000 + 3_000,
      paidAt: null,
      paymentId: null,
      paymentMethod: 'cod',
    })
    expect(document.totals.totalPaise).toBe(37_690)
    const text = await pdfText(await renderInvoicePdf(document))
    expect(text).toMatch(/Discount/)
    expect(text).toContain('-₹24.10')
    expect(text).toMatch(/Cash on delivery\s+fee/)
    expect(text.replace(/\s+/g, ' ')).toContain('Discounts of ₹34.10 in all are shown on this invoice and taken off each line before tax')
    expect(text).toContain('Payment: Cash on delivery')
    // Without discounts, neither the column nor the sentence.
    const plain = await pdfText(await renderInvoicePdf(build('Tamil Nadu')))
    expect(plain).not.toContain('Discounts of')
    expect(plain).not.toMatch(/\bDiscount\b/)
  })
})
