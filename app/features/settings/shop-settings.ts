import { SLICES_DEFAULTS, type SlicesSettings } from './slices'
import { m } from '~/i18n/paraglide/messages.js'

/** A place of the shop customers may write to, call or visit; phone, e-mail and hours may be blank. */
export type ShopAddress = {
  label: string
  lines: string[]
  phone: string
  email: string
  hours: string
}

/**
 * The grievance officer the Consumer Protection (E-Commerce) Rules, 2020 ask an e-commerce seller to name, with their
 * designation and contact details (rule 6(5)(d)); complaints are acknowledged within 48 hours (rule 4(5)).
 */
export type GrievanceOfficer = { name: string; designation: string; phone: string; email: string }

/** The most addresses the contact page lists, and products the home page features. */
export const MAX_ADDRESSES = 10
export const MAX_FEATURED = 12

/** The address fields of the shop details form: `address-<n>-<field>`, n from 0. */
export const ADDRESS_FIELDS = ['label', 'lines', 'phone', 'email', 'hours'] as const
export const addressField = (index: number, field: (typeof ADDRESS_FIELDS)[number] | 'remove') => `address-${index}-${field}`

/** In the announcement, stands for the free-delivery threshold of the moment ("₹350"). */
export const FREE_DELIVERY_TOKEN = '{free delivery}'

/** The announcement as shown: the owner's text with the threshold of the moment in place of FREE_DELIVERY_TOKEN. */
export function announcementText(settings: Pick<ShopSettings, 'home' | 'freeDeliveryFromPaise'>, formatRupees: (paise: number) => string) {
  return settings.home.announcement.replaceAll(FREE_DELIVERY_TOKEN, formatRupees(settings.freeDeliveryFromPaise))
}

/** What the home page says and shows, set by the owner (issue 18). */
export type HomeTexts = {
  heading: string
  paragraph: string
  /** A strip above every page's header, e.g. "Free delivery above ₹350"; blank for none. */
  announcement: string
  /** The hero picture's media key (features/media), or null for the shop's own. */
  heroImage: string | null
  heroAlt: string
}

/**
 * The owner's logo (issue 39): a picture made from their upload at the header's height (features/media storeLogo),
 * by its media key, with its size so the header keeps its place while it loads.
 */
export type BrandLogo = { key: string; width: number; height: number }

/** The shop's own details, which the owner edits at /dash/shop (issue 18; shop-details.server.ts). */
export type ShopDetails = {
  shopName: string
  /** The header's logo; none: the shop's name in text (the demo's logo only on the demo shop, isDemoShop). */
  logo: BrandLogo | null
  tagline: string
  /** Shown to customers, dialled for bulk orders. */
  phone: string
  /** Digits only with country code, as wa.me expects. */
  whatsappNumber: string
  email: string
  /** Every place of the shop, in the order the contact page lists them; the first is the registered one (invoices, footer). */
  addresses: ShopAddress[]
  grievanceOfficer: GrievanceOfficer
  home: HomeTexts
  /** The products the home page shows first, by slug, in this order; the best-selling ones when empty. */
  featuredProductSlugs: string[]
}

/**
 * Shop details the spec leaves out; the owner edits them without code changes (shop-settings.server.ts checks them):
 * the shop's own details, and each feature's slice (slices.ts).
 */
export type ShopSettings = ShopDetails & SlicesSettings

/**
 * The settings every page may read (the root loader sends them): all but the payment rules, and the home page's
 * claims, which the home page's own loader sends.
 */
export type StorefrontSettings = Omit<ShopSettings, 'payments' | 'claims' | 'shippingBoxes'>

export const DEFAULT_SHOP_DETAILS: ShopDetails = {
  shopName: 'Kaadu Organics',
  logo: null,
  tagline: 'Organic, non-GMO food from small farmers of South India',
  phone: '+91 94430 21876',
  whatsappNumber: '919443021876',
  email: 'care@kaaduorganics.in',
  addresses: [
    {
      label: 'Factory',
      lines: ['No. 14, SIDCO Industrial Estate', 'Kurichi, Coimbatore', 'Tamil Nadu 641021, India'],
      phone: '+91 94430 21876',
      email: 'care@kaaduorganics.in',
      hours: '9:00 AM to 7:00 PM',
    },
    {
      label: 'Overseas office',
      lines: ['21 Tanjong Pagar Road, #04-02', 'Singapore 088444'],
      phone: '+65 6221 4408',
      email: 'export@kaaduorganics.in',
      hours: '11:00 AM to 8:00 PM',
    },
  ],
  // Made up, like the GSTIN: the owner names the real officer at /dash/settings.
  grievanceOfficer: {
    name: 'Anitha Ramasamy',
    designation: 'Grievance Officer',
    phone: '+91 94430 21876',
    email: 'grievance@kaaduorganics.in',
  },
  home: {
    heading: 'Welcome to Kaadu Organics',
    paragraph:
      'Organic, non-GMO food grown by small farmers across South India: fruits and vegetables freeze-dried or gently dehydrated at their best, herbal powders and capsules, slow-cooked thokku, whole spices, essential oils and dry fruits. No preservatives, no shortcuts, and a fair price for the families who grow it.',
    announcement: `Free delivery on orders of ${FREE_DELIVERY_TOKEN} or more`,
    heroImage: null,
    heroAlt: '',
  },
  featuredProductSlugs: [
    'freeze-dried-mango',
    'panruti-cashews-w320',
    'tomato-thokku',
    'moringa-leaf-powder',
    'freeze-dried-banana',
    'sambar-powder',
  ],
}

export const DEFAULT_SHOP_SETTINGS: ShopSettings = { ...DEFAULT_SHOP_DETAILS, ...SLICES_DEFAULTS }

/** The demo shop, which wears the demo's logo: still the demo's name, and no logo of its own. */
export function isDemoShop(settings: Pick<ShopDetails, 'shopName' | 'logo'>) {
  return settings.logo === null && settings.shopName === DEFAULT_SHOP_DETAILS.shopName
}

export function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

export function whatsappHref(settings: Pick<ShopSettings, 'whatsappNumber' | 'shopName'>) {
  const text = encodeURIComponent(m.settings_whatsapp_greeting({ shop: settings.shopName }))
  return `https://wa.me/${settings.whatsappNumber}?text=${text}`
}
