import { type FieldLabel, labelText, z } from '~/zod'
import { m } from '~/i18n/paraglide/messages.js'
import type { SliceForm } from '../settings/settings-slice'
import type { ReservationLimitField, ReservationLimits } from './reservation-limits-settings'

const wholeUnits = (label: FieldLabel) =>
  z.coerce
    .number({ error: () => m.settings_limits_not_number({ label: labelText(label) }) })
    .int({ error: () => m.settings_limits_not_whole({ label: labelText(label) }) })
    .min(1, { error: () => m.settings_limits_at_least_1({ label: labelText(label) }) })
    .max(10_000, { error: () => m.settings_limits_at_most({ label: labelText(label) }) })

/** Held units must cover one full line, or the largest order allowed could never be placed. */
function checkReservationLimits(value: ReservationLimits, ctx: z.RefinementCtx) {
  if (value.maxUnitsHeldUnpaid < value.maxUnitsPerLine) {
    ctx.addIssue({
      code: 'custom',
      path: ['maxUnitsHeldUnpaid'],
      message: m.settings_limits_held_below_line(),
    })
  }
}

/** The reservation limits the admin edits at /dash/settings (decision 024). */
export const reservationLimitsSchema = z
  .object({ maxUnitsPerLine: wholeUnits(m.settings_limits_per_line), maxUnitsHeldUnpaid: wholeUnits(m.settings_limits_held) })
  .superRefine(checkReservationLimits)

/** A blank field is a missing number, not 0. */
const typedUnits = (label: FieldLabel) => z.preprocess((typed) => (typed === '' ? undefined : typed), wholeUnits(label))

/** Saves the reservation limits (decision 024); every server reads them from the database for each new order. */
export const reservationLimitsForm: SliceForm<ReservationLimits, ReservationLimitField> = {
  stored: reservationLimitsSchema,
  typed: (posted) => ({
    maxUnitsPerLine: posted.maxUnitsPerLine.trim().slice(0, 10),
    maxUnitsHeldUnpaid: posted.maxUnitsHeldUnpaid.trim().slice(0, 10),
  }),
  form: z
    .object({ maxUnitsPerLine: typedUnits(m.settings_limits_per_line), maxUnitsHeldUnpaid: typedUnits(m.settings_limits_held) })
    .superRefine(checkReservationLimits),
  shown: (limits) => ({ maxUnitsPerLine: String(limits.maxUnitsPerLine), maxUnitsHeldUnpaid: String(limits.maxUnitsHeldUnpaid) }),
  saved: (limits) => m.settings_limits_saved({ perLine: limits.maxUnitsPerLine, held: limits.maxUnitsHeldUnpaid }),
}
