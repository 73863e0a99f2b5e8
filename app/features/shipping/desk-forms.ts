import { m } from '~/i18n/paraglide/messages.js'
import { text, z } from '~/zod'
import { isCalendarDay } from '../dates/india-time'
import { HANDED_OVER_FIELDS } from '../orders/fulfilment.server'

/**
 * What the shipping desk (/dash/shipping) posts, read from a plain form: each chosen order or parcel is a checkbox
 * named `order-<id>` or `parcel-<id>`, each order's weight, box and courier `weight-<id>`, `box-<id>`, `courier-<id>`.
 */
const ID = /^[A-Za-z0-9_-]{1,40}$/

/** The ids of the ticked `prefix-<id>` checkboxes, in the form's order. */
export function tickedIds(fields: Record<string, string>, prefix: 'order' | 'parcel') {
  return Object.entries(fields)
    .filter(([key, value]) => key.startsWith(`${prefix}-`) && value === 'yes')
    .map(([key]) => key.slice(prefix.length + 1))
    .filter((id) => ID.test(id))
}

export const bookingFieldsSchema = z.object({
  weightGrams: z.coerce
    .number({ error: () => m.shipping_enter_weight() })
    .int({ error: () => m.shipping_weight_whole() })
    .min(1, { error: () => m.shipping_enter_weight() })
    .max(100_000, { error: () => m.shipping_weight_too_heavy() }),
  box: z
    .string()
    .trim()
    .min(1, { error: () => m.shipping_choose_a_box() })
    .max(60),
  courierId: z
    .string()
    .trim()
    .max(20)
    .regex(/^\d*$/, { error: () => m.shipping_choose_courier() })
    .transform((v) => v || null),
})

export const handOverSchema = z.object(HANDED_OVER_FIELDS)

const comment = text({ label: m.shipping_note, max: 200, required: false, oneLine: true, tooLong: m.shipping_note_too_long })
  .optional()
  .default('')

/** The owner's answer to a failed delivery, as Shiprocket's NDR action takes it. */
export const failedDeliveryAnswerSchema = z.discriminatedUnion(
  'answer',
  [
    z.object({
      answer: z.literal('reattempt'),
      on: z
        .string()
        .trim()
        .optional()
        .default('')
        .refine((v) => v === '' || isCalendarDay(v), { error: () => m.shipping_day_or_empty() })
        .transform((v) => v || null),
      phone: z
        .string()
        .trim()
        .optional()
        .default('')
        .refine((v) => v === '' || /^(\+91[\s-]?)?[6-9]\d{4}[\s-]?\d{5}$/.test(v), { error: () => m.shipping_mobile_or_empty() })
        .transform((v) => v || null),
      addressLine: text({
        label: m.shipping_address_line,
        max: 200,
        required: false,
        oneLine: true,
        tooLong: m.shipping_address_line_too_long,
      })
        .optional()
        .default('')
        .transform((v) => v || null),
      comment,
    }),
    z.object({ answer: z.literal('return'), comment }),
  ],
  { error: () => m.shipping_choose_answer() },
)
