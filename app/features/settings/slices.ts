import { deliverySettings } from '../checkout/delivery-settings'
import { paymentSettings } from '../checkout/payment-settings'
import { reservationLimitSettings } from '../checkout/reservation-limits-settings'
import { fssaiSettings } from '../invoices/fssai-settings'
import { taxSettings } from '../invoices/tax-settings'
import { numberSettings } from '../orders/number-settings'
import { mailSenderSettings } from '../mail/sender-settings'
import { homeClaimsSettings } from '../catalogue/home-claims'
import { boxSettings } from '../shipping/box-settings'
import type { SlicesFormValues, SlicesValue } from './settings-slice'

/**
 * Every feature's slice of the shop's settings, one line each: /dash/settings shows their sections in this order,
 * but for the brand's, which /dash/shop shows (issue 39). A feature adds a setting in its own folder
 * (settings-slice.ts says how) and registers it here.
 */
export const SETTINGS_SLICES = [
  taxSettings,
  fssaiSettings,
  numberSettings,
  deliverySettings,
  boxSettings,
  paymentSettings,
  reservationLimitSettings,
  mailSenderSettings,
  homeClaimsSettings,
] as const

/** What the slices hold together, in the shop's settings. */
export type SlicesSettings = SlicesValue<typeof SETTINGS_SLICES>

export type SettingsSliceKey = (typeof SETTINGS_SLICES)[number]['key']

/** Each section's fields as /dash/settings shows them, by the section's key. */
export type SettingsFormValues = SlicesFormValues<typeof SETTINGS_SLICES>

/** The slices' defaults, together. */
export const SLICES_DEFAULTS = Object.assign({}, ...SETTINGS_SLICES.map((slice) => slice.defaults)) as SlicesSettings
