import type { PrepaidOffer } from '../offers/order-pricing'
import { onServerOnly, settingsSlice } from '../settings/settings-slice'
import { type CodRules, DEFAULT_COD_RULES } from './cash-on-delivery'

/** How customers may pay: cash on delivery's rules (decision 043) and the automatic offer for paying online. */
export type PaymentSettings = { cod: CodRules; prepaidOffer: PrepaidOffer | null }

/** Cash on delivery's rules and the offer for paying online (issue 19); kept on the server, never sent to pages. */
export type PaymentRules = { payments: PaymentSettings }

// No offer for paying online until the owner sets one.
const DEFAULT_PAYMENT_RULES: PaymentRules = { payments: { cod: DEFAULT_COD_RULES, prepaidOffer: null } }

export const PAYMENT_FIELDS = [
  'codEnabled',
  'codFee',
  'codMinOrder',
  'codMaxOrder',
  'codRefusedPins',
  'codMaxReturns',
  'codConfirmHours',
  'prepaidKind',
  'prepaidPercent',
  'prepaidMaxDiscount',
  'prepaidFixed',
] as const
export type PaymentField = (typeof PAYMENT_FIELDS)[number]

/**
 * The payments section of /dash/settings: one form, so the checkout never runs on half of a change. Every server
 * reads the rules for each quote and order (and the expiry job for each unconfirmed order); placed orders keep their
 * fee and discount.
 */
export const paymentSettings = settingsSlice({
  key: 'payments',
  defaults: DEFAULT_PAYMENT_RULES,
  fields: PAYMENT_FIELDS,
  form: async () => (import.meta.env.SSR ? (await import('./payment-settings-form')).paymentSettingsForm : onServerOnly()),
})
