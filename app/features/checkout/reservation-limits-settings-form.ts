import { z } from '~/zod'
import type { SliceForm } from '../settings/settings-slice'
import type { ReservationLimitField, ReservationLimits } from './reservation-limits-settings'

const wholeUnits = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(1, `${label} must be at least 1.`)
    .max(10_000, `${label} must be at most 10000.`)

/** Held units must cover one full line, or the largest order allowed could never be placed. */
function checkReservationLimits(value: ReservationLimits, ctx: z.RefinementCtx) {
  if (value.maxUnitsHeldUnpaid < value.maxUnitsPerLine) {
    ctx.addIssue({
      code: 'custom',
      path: ['maxUnitsHeldUnpaid'],
      message: 'Units held by unpaid orders must be at least the units of one pack per order.',
    })
  }
}

/** The reservation limits the admin edits at /dash/settings (decision 024). */
export const reservationLimitsSchema = z
  .object({ maxUnitsPerLine: wholeUnits('Units of one pack per order'), maxUnitsHeldUnpaid: wholeUnits('Units held by unpaid orders') })
  .superRefine(checkReservationLimits)

/** A blank field is a missing number, not 0. */
const typedUnits = (label: string) => z.preprocess((typed) => (typed === '' ? undefined : typed), wholeUnits(label))

/** Saves the reservation limits (decision 024); every server reads them from the database for each new order. */
export const reservationLimitsForm: SliceForm<ReservationLimits, ReservationLimitField> = {
  stored: reservationLimitsSchema,
  typed: (posted) => ({
    maxUnitsPerLine: posted.maxUnitsPerLine.trim().slice(0, 10),
    maxUnitsHeldUnpaid: posted.maxUnitsHeldUnpaid.trim().slice(0, 10),
  }),
  form: z
    .object({ maxUnitsPerLine: typedUnits('Units of one pack per order'), maxUnitsHeldUnpaid: typedUnits('Units held by unpaid orders') })
    .superRefine(checkReservationLimits),
  shown: (limits) => ({ maxUnitsPerLine: String(limits.maxUnitsPerLine), maxUnitsHeldUnpaid: String(limits.maxUnitsHeldUnpaid) }),
  saved: (limits) =>
    `Saved. New orders may take ${limits.maxUnitsPerLine} units of a pack; unpaid orders may hold ${limits.maxUnitsHeldUnpaid} units per address, e-mail and phone.`,
}
