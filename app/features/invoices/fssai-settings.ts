import { onServerOnly, settingsSlice } from '../settings/settings-slice'

export type FssaiLicence = {
  /**
   * The FSSAI licence or registration number (14 digits), which a food business selling online shows on its site and
   * its invoices (FSSAI's e-commerce directions of 2017; decision 037).
   */
  fssaiLicence: string
}

// Made up, of the right shape: the owner enters the real one.
const DEFAULT_FSSAI_LICENCE: FssaiLicence = { fssaiLicence: '12426999000123' }

const FSSAI_FIELDS = ['fssaiLicence'] as const
export type FssaiField = (typeof FSSAI_FIELDS)[number]

export const fssaiSettings = settingsSlice({
  key: 'fssai',
  defaults: DEFAULT_FSSAI_LICENCE,
  fields: FSSAI_FIELDS,
  form: async () => (import.meta.env.SSR ? (await import('./fssai-settings-form')).fssaiSettingsForm : onServerOnly()),
})
