import { type FieldLabel, labelText, text, z } from '~/zod'
import { PACK_SIZES } from '../catalogue/categories'
import { PRODUCT_ID_PATTERN } from '../catalogue/product'
import { MAX_LINE_QUANTITY } from '../cart/cart'
import { gstStateOf } from '../invoices/gst'
import { INDIAN_STATES } from './indian-states'
import { pinCodeProblem } from './pin-codes'
import { m } from '~/i18n/paraglide/messages.js'

// Address lines are one line each: they are printed on labels, invoices and mails.
const required = (label: FieldLabel, max = 100) => text({ label, max, oneLine: true })

const optionalText = (label: FieldLabel, max = 100) => text({ label, max, required: false, oneLine: true }).optional().default('')

/** What a person types between digits: spaces and hyphens. */
const withoutSpacesOrHyphens = (value: string) => value.replace(/[\s-]/g, '')

/**
 * A PIN code as people write it ("560 034", "560-034"): spaces and hyphens go, as for phone numbers (issue 39), and
 * what is left must be six digits, the first not 0.
 */
const pinCode = (message: () => string) =>
  z
    .string()
    .transform(withoutSpacesOrHyphens)
    .pipe(z.string().regex(/^[1-9]\d{5}$/, { error: message }))

/** Indian mobile numbers: ten digits starting 6–9, with an optional +91 or 0 in front. */
const MOBILE = /^(?:\+91|0)?([6-9]\d{9})$/
export function normalizeMobile(value: string) {
  const match = withoutSpacesOrHyphens(value).match(MOBILE)
  return match ? match[1]! : null
}

const mobile = (label: FieldLabel) =>
  required(label, 20).transform((value, ctx) => {
    const normalized = normalizeMobile(value)
    if (!normalized) {
      ctx.addIssue({ code: 'custom', message: m.checkout_mobile_invalid({ label: labelText(label) }) })
      return z.NEVER
    }
    return normalized
  })

const shippingAddressFields = z.object({
  fullName: required(m.checkout_field_full_name),
  buildingNumber: optionalText(m.checkout_field_building_number),
  streetName: optionalText(m.checkout_field_street_name, 200),
  // Indian couriers find doors by landmarks ("opposite the temple tank"): issue 39. Optional in the type too, as
  // orders placed before it was asked for have none.
  landmark: text({ label: m.checkout_field_landmark, max: 120, required: false, oneLine: true }).optional(),
  city: required(m.checkout_field_city, 60),
  postalCode: required(m.checkout_field_postal_code, 10).pipe(pinCode(m.checkout_postal_code_invalid)),
  // Named as GST names it ("TN", "tamilnadu" → Tamil Nadu): the invoice's CGST + SGST or IGST follows it.
  state: required(m.checkout_field_state, 60).transform((value, ctx) => {
    const state = gstStateOf(value)
    if (!state) {
      ctx.addIssue({ code: 'custom', message: m.checkout_state_invalid() })
      return z.NEVER
    }
    return state
  }),
  phoneNumber: mobile(m.checkout_field_phone_number),
  alternateNumber: text({ label: m.checkout_field_alternate_number, max: 20, required: false, oneLine: true })
    .optional()
    .default('')
    .transform((value, ctx) => {
      if (!value) return ''
      const normalized = normalizeMobile(value)
      if (!normalized) {
        ctx.addIssue({ code: 'custom', message: m.checkout_mobile_invalid({ label: m.checkout_field_alternate_number() }) })
        return z.NEVER
      }
      return normalized
    }),
})

/**
 * What a courier needs to find the door (decision 035): a street line, and a PIN code of the state named. Checked
 * beside other fields' mistakes too (`when`: a wrong phone, a state that is none), so the form says them together;
 * a blank required text stops Zod before it (its check aborts), and then this is said on the next try. Each check
 * looks only at fields that parsed.
 */
function deliverable<T extends z.ZodType<{ buildingNumber: string; streetName: string; postalCode: string; state: string }>>(schema: T) {
  const filled = (value: unknown) => typeof value === 'string' && value.trim() !== ''
  return schema.superRefine(
    (address, ctx) => {
      if (!filled(address.buildingNumber) && !filled(address.streetName)) {
        ctx.addIssue({
          code: 'custom',
          path: ['streetName'],
          message: m.checkout_street_or_building_required(),
        })
      }
      const { postalCode, state } = address
      if (typeof postalCode !== 'string' || !/^[1-9]\d{5}$/.test(postalCode) || typeof state !== 'string' || !INDIAN_STATES.includes(state))
        return
      const problem = pinCodeProblem(postalCode, state)
      if (problem) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: problem })
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
}

export const shippingAddressSchema = deliverable(shippingAddressFields)
export type ShippingAddress = z.infer<typeof shippingAddressSchema>

export const emailSchema = required(m.checkout_field_email, 254).pipe(z.email({ error: () => m.checkout_email_invalid() }))

/** The address form: the shipping address plus the e-mail for the receipt. */
export const addressFormSchema = deliverable(shippingAddressFields.extend({ email: emailSchema }))

export const orderItemSchema = z.object({
  productId: z
    .string({ error: () => m.checkout_product_id_required() })
    .regex(PRODUCT_ID_PATTERN, { error: () => m.checkout_product_id_invalid() }),
  size: z.enum(PACK_SIZES, { error: () => m.checkout_size_invalid() }).optional(),
  quantity: z
    .number({ error: () => m.checkout_quantity_not_number() })
    .int({ error: () => m.checkout_quantity_not_whole() })
    .min(1, { error: () => m.checkout_quantity_too_small() })
    .max(MAX_LINE_QUANTITY, { error: () => m.checkout_quantity_too_large({ max: MAX_LINE_QUANTITY }) }),
})
export type OrderItem = z.infer<typeof orderItemSchema>

export const orderItemsSchema = z
  .array(orderItemSchema, { error: () => m.checkout_items_not_list() })
  .min(1, { error: () => m.checkout_cart_is_empty() })
  .max(50, { error: () => m.checkout_too_many_items() })

/** A coupon code as typed: its shape is checked where codes are looked up (an odd one reads as unknown). */
const couponCodeField = z
  .string({ error: () => m.checkout_coupon_code_not_text() })
  .max(64, { error: () => m.checkout_coupon_code_too_long() })
  .optional()
  .transform((code) => code?.trim() || undefined)

/** Pay online (Razorpay) or cash on delivery; online unless said. */
const paymentField = z.enum(['online', 'cod'], { error: () => m.checkout_payment_invalid() }).optional()

/** Body of POST /api/payment/createOrder. Any amount the browser sends is not part of it. */
export const createOrderSchema = z.object({
  items: orderItemsSchema,
  shippingAddress: shippingAddressSchema,
  email: emailSchema,
  couponCode: couponCodeField,
  payment: paymentField.default('online'),
  /** Chosen by the payment page once per checkout, so a reload does not create a second order. */
  checkoutKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: () => m.checkout_checkout_key_malformed() })
    .optional(),
})
export type CreateOrderInput = z.infer<typeof createOrderSchema>
/** What the payment page sends to POST /api/payment/createOrder (before parsing: the address as typed). */
export type CreateOrderRequest = z.input<typeof createOrderSchema>

/**
 * POST /api/cart/quote: the browser's cart, to be priced, with the code typed and the way to pay; from the payment
 * step also the e-mail, phone and PIN code, so the code's limits per customer and the COD rules are checked as the
 * order will check them.
 */
export const cartQuoteRequestSchema = z.object({
  items: orderItemsSchema,
  couponCode: couponCodeField,
  payment: paymentField,
  email: z
    .string({ error: () => m.checkout_email_not_text() })
    .max(254, { error: () => m.checkout_email_too_long() })
    .optional(),
  phone: z
    .string({ error: () => m.checkout_phone_not_text() })
    .max(20, { error: () => m.checkout_phone_too_long() })
    .optional(),
  postalCode: z
    .string({ error: () => m.checkout_postal_code_not_text() })
    .max(10, { error: () => m.checkout_postal_code_too_long() })
    .pipe(pinCode(m.checkout_postal_code_param_invalid))
    .optional(),
})
export type CartQuoteRequest = z.input<typeof cartQuoteRequestSchema>
