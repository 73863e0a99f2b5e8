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
    .number({ error: 'Enter the weight in grams.' })
    .int('Enter the weight in whole grams.')
    .min(1, 'Enter the weight in grams.')
    .max(100_000, 'A parcel above 100 kg is not one a courier takes.'),
  box: z.string().trim().min(1, 'Choose a box.').max(60),
  courierId: z
    .string()
    .trim()
    .max(20)
    .regex(/^\d*$/, 'Choose a courier from the list.')
    .transform((v) => v || null),
})

export const handOverSchema = z.object(HANDED_OVER_FIELDS)

const comment = text({ label: 'Note', max: 200, required: false, oneLine: true, tooLong: 'Keep the note under 200 characters.' })
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
        .refine((v) => v === '' || isCalendarDay(v), 'Enter the day as the calendar shows it, or leave it empty.')
        .transform((v) => v || null),
      phone: z
        .string()
        .trim()
        .optional()
        .default('')
        .refine(
          (v) => v === '' || /^(\+91[\s-]?)?[6-9]\d{4}[\s-]?\d{5}$/.test(v),
          'Enter a 10-digit Indian mobile number, or leave it empty.',
        )
        .transform((v) => v || null),
      addressLine: text({
        label: 'Address line',
        max: 200,
        required: false,
        oneLine: true,
        tooLong: 'Keep the address line under 200 characters.',
      })
        .optional()
        .default('')
        .transform((v) => v || null),
      comment,
    }),
    z.object({ answer: z.literal('return'), comment }),
  ],
  { error: 'Choose to deliver again or to return the parcel.' },
)
