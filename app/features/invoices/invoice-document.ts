import type { ShippingAddress } from '../checkout/checkout-schemas'
import type { Language } from '~/i18n/languages'
import { type NumberedOrder, orderNumberLabel } from '../orders/order-number'
import type { ShopSettings } from '../settings/shop-settings'
import { GST_STATE_CODES, gstStateOf } from './gst'
import { lineDescription } from './line-description'
import { invoiceFileName, invoiceNumberLabel } from './series'
import { amountInWords, type RateSummary, type Supply, type TaxedLine, type TaxTotals, taxInvoice } from './tax'

/**
 * Everything printed on a tax invoice, as it was when the invoice was issued. Stored with the invoice
 * (invoices.document) and rendered from there, so later edits to products or settings never change an invoice.
 */
export type InvoiceDocument = {
  version: 1
  /** KO/2026-27/0001 */
  number: string
  fileName: string
  issuedAt: string
  orderNumber: string
  paidAt: string | null
  paymentId: string | null
  /** 'cod' for cash on delivery, invoiced at dispatch before it is paid (decision 043); absent for online. */
  paymentMethod?: 'cod'
  /** 'ta' when the order was placed in Tamil: its papers are bilingual (decision 074); absent for English. */
  language?: 'ta'
  /** `fssaiLicence`: absent on invoices issued before the shop kept it (decision 037). */
  seller: {
    name: string
    addressLines: string[]
    state: string
    stateCode: string
    gstin: string
    fssaiLicence?: string
    phone: string
    email: string
  }
  buyer: { name: string; addressLines: string[]; state: string; stateCode: string | null; phone: string; email: string }
  /** The buyer's state (where the goods go) with its code, e.g. "Kerala (32)". */
  placeOfSupply: string
  supply: Supply
  /**
   * How CGST and SGST were worked out: 'equal-halves' on documents issued since decision 068. Absent on those issued
   * before, whose odd paisa went to SGST; they keep their figures, and their credit notes the same split.
   */
  taxSplit?: 'equal-halves'
  lines: TaxedLine[]
  rateSummary: RateSummary[]
  totals: TaxTotals
  amountInWords: string
}

export type OrderToInvoice = NumberedOrder & {
  email: string
  shippingAddress: ShippingAddress
  deliveryPaise: number
  /** Cash on delivery's fee: a line of its own, at the highest rate of the goods, like delivery (decision 042). */
  codFeePaise?: number
  totalPaise: number
  paidAt: Date | null
  paymentId: string | null
  paymentMethod?: 'online' | 'cod'
  /** The language the order was placed in. */
  language?: Language
  /** `discountPaise`: the line's part of the coupon and prepaid discounts; it is taxed on what is left. */
  lines: Array<{ productId: string; name: string; size: string; quantity: number; unitPricePaise: number; discountPaise?: number }>
}

export type ProductTax = { hsnCode: string; gstRatePercent: number }

export class InvoiceMismatchError extends Error {}

/**
 * The invoice of a paid order. `taxOf` gives each line's tariff code and rate (the product's now). Throws when the
 * lines do not add up to the order's total, rather than issue an invoice for another amount.
 */
export function buildInvoiceDocument(input: {
  order: OrderToInvoice
  settings: ShopSettings
  taxOf: (productId: string) => ProductTax
  series: string
  sequence: number
  issuedAt: Date
}): InvoiceDocument {
  const { order, settings } = input
  const address = order.shippingAddress
  const buyerState = gstStateOf(address.state)
  const supply: Supply = buyerState === settings.gstState ? 'intra-state' : 'inter-state'
  const { lines, totals, rateSummary } = taxInvoice({
    supply,
    deliveryPaise: order.deliveryPaise,
    codFeePaise: order.codFeePaise ?? 0,
    lines: order.lines.map((line) => {
      const tax = input.taxOf(line.productId)
      return {
        description: lineDescription(line),
        hsnCode: tax.hsnCode,
        ratePercent: tax.gstRatePercent,
        quantity: line.quantity,
        unitPricePaise: line.unitPricePaise,
        discountPaise: line.discountPaise ?? 0,
      }
    }),
  })
  if (totals.totalPaise !== order.totalPaise) {
    throw new InvoiceMismatchError(
      `The lines of order ${orderNumberLabel(order)} add up to ${totals.totalPaise} paise, not its total ${order.totalPaise}.`,
    )
  }
  const buyerCode = buyerState ? GST_STATE_CODES[buyerState]! : null
  return {
    version: 1,
    number: invoiceNumberLabel(input.series, input.sequence),
    fileName: invoiceFileName(input.series, input.sequence),
    issuedAt: input.issuedAt.toISOString(),
    orderNumber: orderNumberLabel(order),
    paidAt: order.paidAt?.toISOString() ?? null,
    paymentId: order.paymentId,
    ...(order.paymentMethod === 'cod' ? { paymentMethod: 'cod' as const } : {}),
    ...(order.language === 'ta' ? { language: 'ta' as const } : {}),
    seller: {
      name: settings.shopName,
      addressLines: settings.addresses[0]!.lines,
      state: settings.gstState,
      stateCode: GST_STATE_CODES[settings.gstState] ?? '',
      gstin: settings.gstin,
      fssaiLicence: settings.fssaiLicence,
      phone: settings.phone,
      email: settings.email,
    },
    buyer: {
      name: address.fullName,
      addressLines: [
        ...[address.buildingNumber, address.streetName, address.landmark ?? ''].filter(Boolean),
        `${address.city} ${address.postalCode}`,
        buyerState ?? address.state,
      ],
      state: buyerState ?? address.state,
      stateCode: buyerCode,
      phone: address.phoneNumber,
      email: order.email,
    },
    placeOfSupply: buyerState ? `${buyerState} (${buyerCode})` : `${address.state} (not a state we recognise: taxed as inter-state)`,
    supply,
    taxSplit: 'equal-halves',
    lines,
    rateSummary,
    totals,
    amountInWords: amountInWords(totals.totalPaise),
  }
}

export const REDACTED_BUYER = 'Name and address shown to the buyer only'

/**
 * The invoice as someone who only tracked the order sees it: of the buyer, the town, PIN code and state (the
 * last two address lines, as buildInvoiceDocument writes them), as on the track page; no name, street, phone or
 * e-mail. The taxes are unchanged: the place of supply is the state.
 */
export function withBuyerRedacted<Document extends Pick<InvoiceDocument, 'buyer'>>(invoice: Document): Document {
  return {
    ...invoice,
    buyer: { ...invoice.buyer, name: REDACTED_BUYER, addressLines: invoice.buyer.addressLines.slice(-2), phone: '', email: '' },
  }
}
