import { z } from 'zod'

const address = z.object({
  label: z.string().min(1),
  lines: z.array(z.string().min(1)).min(1),
  phone: z.string().min(1),
  email: z.string().min(1),
  hours: z.string().min(1),
})

/** Shop details the spec leaves out; the owner edits them without code changes. */
export const shopSettingsSchema = z.object({
  shopName: z.string().min(1),
  tagline: z.string().min(1),
  /** Shown to customers, dialled for bulk orders. */
  phone: z.string().min(1),
  /** Digits only with country code, as wa.me expects. */
  whatsappNumber: z.string().regex(/^\d{8,15}$/),
  email: z.string().min(1),
  factory: address,
  overseasOffice: address,
})
export type ShopSettings = z.infer<typeof shopSettingsSchema>

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
}

export function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

export function whatsappHref(settings: Pick<ShopSettings, 'whatsappNumber' | 'shopName'>) {
  const text = encodeURIComponent(`Hello ${settings.shopName}, I have a question.`)
  return `https://wa.me/${settings.whatsappNumber}?text=${text}`
}
