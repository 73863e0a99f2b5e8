import { onServerOnly, settingsSlice } from '../settings/settings-slice'

/** The shop's GST registration, printed on its invoices (gst.ts checks it). */
export type TaxDetails = {
  gstin: string
  /** Where the shop is registered for GST: orders delivered in this state pay CGST + SGST, others IGST. */
  gstState: string
}

// A made-up registration in the demo's state; the owner enters the real one at /dash/settings.
const DEFAULT_TAX_DETAILS: TaxDetails = { gstin: '33AAKFK4821M1Z5', gstState: 'Tamil Nadu' }

const TAX_FIELDS = ['gstin', 'gstState'] as const
export type TaxField = (typeof TAX_FIELDS)[number]

/** The tax details section of /dash/settings: the first on the page, and the one a post without an intent saves. */
export const taxSettings = settingsSlice({
  key: 'tax',
  defaults: DEFAULT_TAX_DETAILS,
  fields: TAX_FIELDS,
  form: async () => (import.meta.env.SSR ? (await import('./tax-settings-form')).taxSettingsForm : onServerOnly()),
})
