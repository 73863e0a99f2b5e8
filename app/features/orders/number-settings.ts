import { INVOICE_PREFIX } from '../invoices/series'
import { onServerOnly, settingsSlice } from '../settings/settings-slice'
import { DEFAULT_ORDER_PREFIX } from './order-number'

/**
 * The letters before new orders' and new invoices' numbers (decision 070): KO-12 and KO/2026-27/0001 until the
 * owner chooses others. Orders and invoices already issued keep the numbers they were issued with.
 */
export type NumberPrefixes = {
  orderPrefix: string
  invoicePrefix: string
}

const DEFAULT_NUMBER_PREFIXES: NumberPrefixes = { orderPrefix: DEFAULT_ORDER_PREFIX, invoicePrefix: INVOICE_PREFIX }

const NUMBER_FIELDS = ['orderPrefix', 'invoicePrefix'] as const
export type NumberField = (typeof NUMBER_FIELDS)[number]

/** The order and invoice numbers' section of /dash/settings. */
export const numberSettings = settingsSlice({
  key: 'numbers',
  defaults: DEFAULT_NUMBER_PREFIXES,
  fields: NUMBER_FIELDS,
  form: async () => (import.meta.env.SSR ? (await import('./number-settings-form')).numberSettingsForm : onServerOnly()),
})
