import { z } from '~/zod'
import { ADJUSTMENT_REASONS } from './adjustment-reasons'

export { ADJUSTMENT_REASON_LABELS, ADJUSTMENT_REASONS, type AdjustmentReason, STOCK_REASON_LABELS } from './adjustment-reasons'

/**
 * A stock adjustment by an admin (issue 15, decision 027): a new count set against the count the admin was shown,
 * or units added or removed. Shared by the Edit dialog, its "add/remove units" control and the server.
 */

export const MAX_STOCK = 100_000

/** The refusal of a count set from a form opened before the stock changed; the admin sees it as is. */
export function stockChangedMessage(current: number) {
  return `Stock changed to ${current} since you opened this; check and save again`
}

const count = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be 0 or more`)
    .max(MAX_STOCK, `${label} must be at most ${MAX_STOCK.toLocaleString('en-IN')}`)

export const adjustmentReasonSchema = z.enum(ADJUSTMENT_REASONS, { error: 'Choose a reason: received, damaged, counted or correction' })

const size = z.enum(['one', '250g', '500g', '1kg'], { error: 'Unknown pack size' })

/** `set`: the pack's count becomes `newStock`, if it is still `shownStock`; `add`: `change` units in (or out, when negative). */
export const stockAdjustmentSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('set'),
      size,
      shownStock: count('The count shown'),
      newStock: count('New stock'),
      reason: adjustmentReasonSchema,
    }),
    z.object({
      kind: z.literal('add'),
      size,
      change: z.coerce
        .number({ error: 'Units must be a whole number' })
        .int('Units must be a whole number')
        .min(-MAX_STOCK, `Units must be between -${MAX_STOCK} and ${MAX_STOCK}`)
        .max(MAX_STOCK, `Units must be between -${MAX_STOCK} and ${MAX_STOCK}`)
        .refine((n) => n !== 0, 'Enter the units to add (or, with a minus, to remove)'),
      reason: adjustmentReasonSchema,
    }),
  ],
  { error: 'Choose to set the count or to add/remove units' },
)
export type StockAdjustment = z.output<typeof stockAdjustmentSchema>

/** The stock page's "add/remove units" form, as an `add` adjustment. */
export const unitsFormSchema = z
  .object({
    size: size,
    direction: z.enum(['add', 'remove'], { error: 'Choose to add or to remove units' }),
    units: z.coerce
      .number({ error: 'Units must be a whole number' })
      .int('Units must be a whole number')
      .min(1, 'Enter at least 1 unit')
      .max(MAX_STOCK, `Units must be at most ${MAX_STOCK.toLocaleString('en-IN')}`),
    reason: adjustmentReasonSchema,
  })
  .transform((v): StockAdjustment => ({ kind: 'add', size: v.size, change: v.direction === 'add' ? v.units : -v.units, reason: v.reason }))
