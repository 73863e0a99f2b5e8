import { buildInvoiceDocument, type InvoiceDocument, type OrderToInvoice } from '../../app/features/invoices/invoice-document'
import type { TaxedLine } from '../../app/features/invoices/tax'
import { DEFAULT_SHOP_SETTINGS } from '../../app/features/settings/shop-settings'
import { testAddress } from './test-address'

/** Invoices of one order for the invoice and credit-note tests: ₹100 of 18% oil, 2 × ₹120.50 of 5% turmeric, ₹40 delivery. */
export const order = (state: string): OrderToInvoice => ({
  number: 42,
  email: 'meena@example.in',
  shippingAddress: { ...testAddress, state },
  deliveryPaise: 4000,
  totalPaise: 38100,
  paidAt: new Date('2026-06-10T05:00:00Z'),
  paymentId: 'pay_test_42',
  lines: [
    { productId: 'oil', name: 'Lemongrass Oil', size: 'one', quantity: 1, unitPricePaise: 10000 },
    { productId: 'turmeric', name: 'Turmeric Powder', size: 'one', quantity: 2, unitPricePaise: 12050 },
  ],
})

const TAXES: Record<string, { hsnCode: string; gstRatePercent: number }> = {
  oil: { hsnCode: '3301', gstRatePercent: 18 },
  turmeric: { hsnCode: '09103020', gstRatePercent: 5 },
}

export const build = (state: string, overrides: Partial<OrderToInvoice> = {}) =>
  buildInvoiceDocument({
    order: { ...order(state), ...overrides },
    settings: DEFAULT_SHOP_SETTINGS,
    taxOf: (id) => TAXES[id]!,
    series: '2026-27',
    sequence: 7,
    issuedAt: new Date('2026-06-10T05:00:00Z'),
  })

/**
 * The invoice of `build('Tamil Nadu')` as the shop stored it before decision 068 (invoices.document): no `taxSplit`,
 * each taxable value the nearest paisa, CGST the half of the rest rounded down and SGST the rest. Written out, not
 * worked out, as a stored document is.
 */
export const ISSUED_BEFORE_068: InvoiceDocument = (() => {
  const { taxSplit: _, ...document } = build('Tamil Nadu')
  const [oil, turmeric, delivery] = document.lines as [TaxedLine, TaxedLine, TaxedLine]
  const line = (l: TaxedLine, taxablePaise: number, cgstPaise: number, sgstPaise: number) => ({ ...l, taxablePaise, cgstPaise, sgstPaise })
  return {
    ...document,
    lines: [line(oil, 8475, 762, 763), line(turmeric, 22952, 574, 574), line(delivery, 3390, 305, 305)],
    rateSummary: [
      { hsnCode: '3301', ratePercent: 18, taxablePaise: 8475, cgstPaise: 762, sgstPaise: 763, igstPaise: 0, taxPaise: 1525 },
      { hsnCode: '09103020', ratePercent: 5, taxablePaise: 22952, cgstPaise: 574, sgstPaise: 574, igstPaise: 0, taxPaise: 1148 },
      { hsnCode: '996812', ratePercent: 18, taxablePaise: 3390, cgstPaise: 305, sgstPaise: 305, igstPaise: 0, taxPaise: 610 },
    ],
    totals: { taxablePaise: 34817, cgstPaise: 1641, sgstPaise: 1642, igstPaise: 0, taxPaise: 3283, totalPaise: 38100 },
  }
})()
