import { m } from '~/i18n/paraglide/messages.js'
import { type FieldLabel, labelText, z } from '~/zod'
import { ADJUSTMENT_REASONS } from './adjustment-reasons'

export { ADJUSTMENT_REASON_LABELS, ADJUSTMENT_REASONS, type AdjustmentReason, STOCK_REASON_LABELS } from './adjustment-reasons'

/**
 * A stock adjustment by an admin (issue 15, decision 027): a new count set against the count the admin was shown,
 * or units added or removed. Shared by the Edit dialog, its "add/remove units" control and the server.
 */

export const MAX_STOCK = 100_000

/** The refusal of a count set from a form opened before the stock changed; the admin sees it as is. */
export function stockChangedMessage(current: number) {
  return m.stock_changed_since({ current })
}

const wholeNumber = (label: FieldLabel) => ({ error: () => m.stock_whole_number({ label: labelText(label) }) })
const atMost = (label: FieldLabel) => ({
  error: () => m.stock_at_most({ label: labelText(label), max: MAX_STOCK.toLocaleString('en-IN') }),
})

const count = (label: FieldLabel) =>
  z.coerce
    .number(wholeNumber(label))
    .int(wholeNumber(label))
    .min(0, { error: () => m.stock_zero_or_more({ label: labelText(label) }) })
    .max(MAX_STOCK, atMost(label))

export const adjustmentReasonSchema = z.enum(ADJUSTMENT_REASONS, { error: () => m.stock_choose_reason() })

const size = z.enum(['one', '250g', '500g', '1kg'], { error: () => m.stock_unknown_pack() })

/** `set`: the pack's count becomes `newStock`, if it is still `shownStock`; `add`: `change` units in (or out, when negative). */
export const stockAdjustmentSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('set'),
      size,
      shownStock: count(m.stock_count_shown),
      newStock: count(m.stock_new_stock),
      reason: adjustmentReasonSchema,
    }),
    z.object({
      kind: z.literal('add'),
      size,
      change: z.coerce
        .number(wholeNumber(m.stock_units))
        .int(wholeNumber(m.stock_units))
        .min(-MAX_STOCK, { error: () => m.stock_units_between({ max: MAX_STOCK }) })
        .max(MAX_STOCK, { error: () => m.stock_units_between({ max: MAX_STOCK }) })
        .refine((n) => n !== 0, { error: () => m.stock_enter_units_change() }),
      reason: adjustmentReasonSchema,
    }),
  ],
  { error: () => m.stock_choose_set_or_add() },
)
export type StockAdjustment = z.output<typeof stockAdjustmentSchema>

/** The stock page's "add/remove units" form, as an `add` adjustment. */
export const unitsFormSchema = z
  .object({
    size: size,
    direction: z.enum(['add', 'remove'], { error: () => m.stock_choose_direction() }),
    units: z.coerce
      .number(wholeNumber(m.stock_units))
      .int(wholeNumber(m.stock_units))
      .min(1, { error: () => m.stock_at_least_one() })
      .max(MAX_STOCK, atMost(m.stock_units)),
    reason: adjustmentReasonSchema,
  })
  .transform((v): StockAdjustment => ({ kind: 'add', size: v.size, change: v.direction === 'add' ? v.units : -v.units, reason: v.reason }))
