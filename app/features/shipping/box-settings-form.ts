import { text, z } from '~/zod'
import type { SliceForm } from '../settings/settings-slice'
import { BOX_LIMITS, BOX_NUMBERS, BOX_PARTS, type BoxField, type BoxPart, boxField, boxLabel, MAX_BOXES } from './box-fields'
import type { BoxSettings, ShippingBox } from './box-settings'

/** The owner's boxes as typed at /dash/settings: up to five rows, a blank row being no box. */

/** A whole number of `unit` from 1 to `max`, or blank (the row's check says whether blank will do). */
const wholeNumber = (label: string, max: number, unit: string) =>
  z.string().transform((typed, ctx): number | undefined => {
    const value = typed.replace(/[\s,]/g, '')
    if (value === '') return undefined
    const n = /^\d{1,6}$/.test(value) ? Number(value) : NaN
    if (!(n >= 1 && n <= max)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a whole number of ${unit} from 1 to ${max.toLocaleString('en-IN')}.` })
      return z.NEVER
    }
    return n
  })

const rowShape = (n: (typeof BOX_NUMBERS)[number]) => {
  const box = boxLabel(n)
  return {
    [boxField(n, 'Name')]: text({ label: `${box}’s name`, max: BOX_LIMITS.name, required: false, oneLine: true }),
    [boxField(n, 'Length')]: wholeNumber(`${box}’s length`, BOX_LIMITS.maxSideCm, 'cm'),
    [boxField(n, 'Breadth')]: wholeNumber(`${box}’s breadth`, BOX_LIMITS.maxSideCm, 'cm'),
    [boxField(n, 'Height')]: wholeNumber(`${box}’s height`, BOX_LIMITS.maxSideCm, 'cm'),
    [boxField(n, 'MaxWeight')]: wholeNumber(`${box}’s weight limit`, BOX_LIMITS.maxWeightGrams, 'grams'),
  }
}

type Row = { Name: string; Length?: number; Breadth?: number; Height?: number; MaxWeight?: number }

const MISSING: Record<BoxPart, string> = {
  Name: 'Give this box a name, or clear its row.',
  Length: 'Enter the length in cm.',
  Breadth: 'Enter the breadth in cm.',
  Height: 'Enter the height in cm.',
  MaxWeight: 'Enter the most weight this box takes, in grams.',
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
          if (!given && !failed.has(field)) ctx.addIssue({ code: 'custom', path: [field], message: MISSING[part] })
        }
        if (failed.has(boxField(n, 'Name')) || row.Name === '') continue
        const name = row.Name.toLocaleLowerCase('en-IN')
        if (names.has(name)) {
          ctx.addIssue({ code: 'custom', path: [boxField(n, 'Name')], message: 'Another box has this name: give each box its own.' })
        }
        names.add(name)
      }
      if (rows === 0) {
        ctx.addIssue({
          code: 'custom',
          path: [boxField(1, 'Name')],
          message: 'Keep at least one box: the shipping desk proposes one for every parcel.',
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
      ? `Saved. Every parcel up to ${grams(heaviest)} is proposed the ${shippingBoxes[0]!.name}; shipments already booked keep their box.`
      : `Saved. Each parcel is proposed the smallest of your ${shippingBoxes.length} boxes that takes its weight (up to ${grams(heaviest)}); shipments already booked keep their box.`
  },
}
