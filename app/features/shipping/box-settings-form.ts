import { m } from '~/i18n/paraglide/messages.js'
import { type FieldLabel, labelText, text, z } from '~/zod'
import type { SliceForm } from '../settings/settings-slice'
import { BOX_LIMITS, BOX_NUMBERS, BOX_PARTS, type BoxField, type BoxPart, boxField, boxLabel, MAX_BOXES } from './box-fields'
import type { BoxSettings, ShippingBox } from './box-settings'

/** The owner's boxes as typed at /dash/settings: up to five rows, a blank row being no box. */

/** A whole number of `unit` from 1 to `max`, or blank (the row's check says whether blank will do). */
const wholeNumber = (label: FieldLabel, max: number, unit: 'cm' | 'grams') =>
  z.string().transform((typed, ctx): number | undefined => {
    const value = typed.replace(/[\s,]/g, '')
    if (value === '') return undefined
    const n = /^\d{1,6}$/.test(value) ? Number(value) : NaN
    if (!(n >= 1 && n <= max)) {
      const words = unit === 'cm' ? m.shipping_box_whole_cm : m.shipping_box_whole_grams
      ctx.addIssue({ code: 'custom', message: words({ label: labelText(label), max: max.toLocaleString('en-IN') }) })
      return z.NEVER
    }
    return n
  })

const rowShape = (n: (typeof BOX_NUMBERS)[number]) => {
  // Worded when a message is made, never when the schema is (the language is the request's).
  const of = (words: (inputs: { box: string }) => string) => () => words({ box: boxLabel(n) })
  return {
    [boxField(n, 'Name')]: text({ label: of(m.shipping_box_name_of), max: BOX_LIMITS.name, required: false, oneLine: true }),
    [boxField(n, 'Length')]: wholeNumber(of(m.shipping_box_length_of), BOX_LIMITS.maxSideCm, 'cm'),
    [boxField(n, 'Breadth')]: wholeNumber(of(m.shipping_box_breadth_of), BOX_LIMITS.maxSideCm, 'cm'),
    [boxField(n, 'Height')]: wholeNumber(of(m.shipping_box_height_of), BOX_LIMITS.maxSideCm, 'cm'),
    [boxField(n, 'MaxWeight')]: wholeNumber(of(m.shipping_box_weight_limit_of), BOX_LIMITS.maxWeightGrams, 'grams'),
  }
}

type Row = { Name: string; Length?: number; Breadth?: number; Height?: number; MaxWeight?: number }

const MISSING: Record<BoxPart, () => string> = {
  Name: m.shipping_box_missing_name,
  Length: m.shipping_box_missing_length,
  Breadth: m.shipping_box_missing_breadth,
  Height: m.shipping_box_missing_height,
  MaxWeight: m.shipping_box_missing_max_weight,
}

const boxesForm = z
  .object(Object.assign({}, ...BOX_NUMBERS.map(rowShape)) as Record<BoxField, z.ZodType<string | number | undefined, string>>)
  .superRefine(
    (form, ctx) => {
      // Runs even when a field failed, so every message shows at once.
      const failed = new Set(ctx.issues.map((issue) => issue.path?.[0]))
      const names = new Set<string>()
      let rows = 0
      for (const n of BOX_NUMBERS) {
        const row = rowOf(form, n)
        const blank = BOX_PARTS.every(
          (part) => !failed.has(boxField(n, part)) && (part === 'Name' ? row.Name === '' : row[part] === undefined),
        )
        if (blank) continue
        rows++
        for (const part of BOX_PARTS) {
          const field = boxField(n, part)
          const given = part === 'Name' ? row.Name !== '' : row[part] !== undefined
          if (!given && !failed.has(field)) ctx.addIssue({ code: 'custom', path: [field], message: MISSING[part]() })
        }
        if (failed.has(boxField(n, 'Name')) || row.Name === '') continue
        const name = row.Name.toLocaleLowerCase('en-IN')
        if (names.has(name)) {
          ctx.addIssue({ code: 'custom', path: [boxField(n, 'Name')], message: m.shipping_box_name_taken() })
        }
        names.add(name)
      }
      if (rows === 0) {
        ctx.addIssue({
          code: 'custom',
          path: [boxField(1, 'Name')],
          message: m.shipping_box_keep_one(),
        })
      }
    },
    { when: () => true },
  )
  .transform(
    (form): BoxSettings => ({
      shippingBoxes: BOX_NUMBERS.map((n) => rowOf(form, n))
        .filter((row) => row.Name !== '')
        .map((row) => ({
          name: row.Name,
          lengthCm: row.Length!,
          breadthCm: row.Breadth!,
          heightCm: row.Height!,
          maxWeightGrams: row.MaxWeight!,
        })),
    }),
  )

function rowOf(form: Record<BoxField, unknown>, n: (typeof BOX_NUMBERS)[number]): Row {
  const part = <T>(p: BoxPart) => form[boxField(n, p)] as T
  return {
    Name: typeof form[boxField(n, 'Name')] === 'string' ? part<string>('Name') : '',
    Length: part<number | undefined>('Length'),
    Breadth: part<number | undefined>('Breadth'),
    Height: part<number | undefined>('Height'),
    MaxWeight: part<number | undefined>('MaxWeight'),
  }
}

const side = z.number().int().min(1).max(BOX_LIMITS.maxSideCm)

const storedBox = z.object({
  name: z.string().trim().min(1).max(BOX_LIMITS.name),
  lengthCm: side,
  breadthCm: side,
  heightCm: side,
  maxWeightGrams: z.number().int().min(1).max(BOX_LIMITS.maxWeightGrams),
}) satisfies z.ZodType<ShippingBox>

const grams = (n: number) => `${n.toLocaleString('en-IN')} g`

/** Saves the owner's boxes: the shipping desk proposes from them at once; shipments already booked keep their box. */
export const boxSettingsForm: SliceForm<BoxSettings, BoxField> = {
  stored: z.object({ shippingBoxes: z.array(storedBox).min(1).max(MAX_BOXES) }),
  typed: (posted) =>
    Object.fromEntries(
      BOX_NUMBERS.flatMap((n) =>
        BOX_PARTS.map((part) => {
          const field = boxField(n, part)
          return [field, posted[field].trim().slice(0, part === 'Name' ? 100 : 20)]
        }),
      ),
    ) as Record<BoxField, string>,
  form: boxesForm,
  shown: ({ shippingBoxes }) =>
    Object.fromEntries(
      BOX_NUMBERS.flatMap((n) => {
        const box = shippingBoxes[n - 1]
        const values: Record<BoxPart, string> = box
          ? {
              Name: box.name,
              Length: String(box.lengthCm),
              Breadth: String(box.breadthCm),
              Height: String(box.heightCm),
              MaxWeight: String(box.maxWeightGrams),
            }
          : { Name: '', Length: '', Breadth: '', Height: '', MaxWeight: '' }
        return BOX_PARTS.map((part) => [boxField(n, part), values[part]])
      }),
    ) as Record<BoxField, string>,
  saved: ({ shippingBoxes }) => {
    const heaviest = Math.max(...shippingBoxes.map((box) => box.maxWeightGrams))
    return shippingBoxes.length === 1
      ? m.shipping_boxes_saved_one({ weight: grams(heaviest), box: shippingBoxes[0]!.name })
      : m.shipping_boxes_saved_many({ count: shippingBoxes.length, weight: grams(heaviest) })
  },
}
