type ShopAddress = {
  label: string
  lines: string[]
  phone: string
  email: string
  hours: string
}

/** Shop details the spec leaves out; the owner edits them without code changes (shop-settings.server.ts checks them). */
export type ShopSettings = {
  shopName: string
  tagline: string
  /** Shown to customers, dialled for bulk orders. */
  phone: string
  /** Digits only with country code, as wa.me expects. */
  whatsappNumber: string
  email: string
  factory: ShopAddress
  overseasOffice: ShopAddress
  /** The shop's GST registration, printed on its invoices (features/invoices/gst.ts checks it). */
  gstin: string
  /** Where the shop is registered for GST: orders delivered in this state pay CGST + SGST, others IGST. */
  gstState: string
  /**
   * The FSSAI licence or registration number (14 digits), which a food business selling online shows on its site and
   * its invoices (FSSAI's e-commerce directions of 2017; decision 037).
   */
  fssaiLicence: string
  /** The most units of one pack (a product in one size) an order may reserve; more is a bulk purchase by phone. */
  maxUnitsPerLine: number
  /** The most units unpaid orders may hold per client address, per e-mail and per phone (decision 024). */
  maxUnitsHeldUnpaid: number
  /** Charged on an order whose subtotal is below freeDeliveryFromPaise (the spec: ₹40 below ₹350). */
  deliveryChargePaise: number
  freeDeliveryFromPaise: number
}

/** What the cart, the checkout and a new order charge for delivery; an order keeps the charge it was placed with. */
export type DeliveryRule = Pick<ShopSettings, 'deliveryChargePaise' | 'freeDeliveryFromPaise'>

export type ReservationLimits = Pick<ShopSettings, 'maxUnitsPerLine' | 'maxUnitsHeldUnpaid'>

export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
  shopName: 'Kaadu Organics',
  tagline: 'Organic, non-GMO food from small farmers of South India',
  phone: '+91 94430 21876',
  whatsappNumber: '919443021876',
  email: 'care@kaaduorganics.in',
  factory: {
    label: 'Factory',
    lines: ['No. 14, SIDCO Industrial Estate', 'Kurichi, Coimbatore', 'Tamil Nadu 641021, India'],
    phone: '+91 94430 21876',
    email: 'care@kaaduorganics.in',
    hours: '9:00 AM to 7:00 PM',
  },
  overseasOffice: {
    label: 'Overseas office',
    lines: ['21 Tanjong Pagar Road, #04-02', 'Singapore 088444'],
    phone: '+65 6221 4408',
    email: 'export@kaaduorganics.in',
    hours: '11:00 AM to 8:00 PM',
  },
  // A made-up registration in the demo's state; the owner enters the real one at /dash/settings.
  gstin: '33AAKFK4821M1Z5',
  gstState: 'Tamil Nadu',
  // Made up too, of the right shape: the owner enters the real one.
  fssaiLicence: '12426999000123',
  maxUnitsPerLine: 10,
  maxUnitsHeldUnpaid: 30,
  deliveryChargePaise: 4_000,
  freeDeliveryFromPaise: 35_000,
}

export function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

export function whatsappHref(settings: Pick<ShopSettings, 'whatsappNumber' | 'shopName'>) {
  const text = encodeURIComponent(`Hello ${settings.shopName}, I have a question.`)
  return `https://wa.me/${settings.whatsappNumber}?text=${text}`
}
