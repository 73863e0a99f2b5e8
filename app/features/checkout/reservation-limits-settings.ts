import { onServerOnly, settingsSlice } from '../settings/settings-slice'

/** How much stock unpaid orders may hold (decision 024); every server reads the limits per order. */
export type ReservationLimits = {
  /** The most units of one pack (a product in one size) an order may reserve; more is a bulk purchase by phone. */
  maxUnitsPerLine: number
  /** The most units unpaid orders may hold per client address, per e-mail and per phone (decision 024). */
  maxUnitsHeldUnpaid: number
}

const DEFAULT_RESERVATION_LIMITS: ReservationLimits = { maxUnitsPerLine: 10, maxUnitsHeldUnpaid: 30 }

const RESERVATION_LIMIT_FIELDS = ['maxUnitsPerLine', 'maxUnitsHeldUnpaid'] as const
export type ReservationLimitField = (typeof RESERVATION_LIMIT_FIELDS)[number]

/** The reservation limits section of /dash/settings. */
export const reservationLimitSettings = settingsSlice({
  key: 'reservation-limits',
  defaults: DEFAULT_RESERVATION_LIMITS,
  fields: RESERVATION_LIMIT_FIELDS,
  form: async () => (import.meta.env.SSR ? (await import('./reservation-limits-settings-form')).reservationLimitsForm : onServerOnly()),
})
