import { z } from '~/zod'
import type { SliceForm } from '../settings/settings-slice'
import type { FssaiField, FssaiLicence } from './fssai-settings'

const FSSAI_LICENCE = /^[12]\d{13}$/
const FSSAI_PROBLEM = 'An FSSAI licence or registration number is 14 digits, starting with 1 or 2 (e.g. 12426999000123).'

/** The FSSAI number as the admin types it, spaces allowed. */
export const fssaiFormSchema = z.object({
  fssaiLicence: z
    .string({ error: FSSAI_PROBLEM })
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(FSSAI_LICENCE, FSSAI_PROBLEM)),
})

/** Saves the FSSAI number: every page's footer shows it at once, invoices issued from now on carry it (decision 037). */
export const fssaiSettingsForm: SliceForm<FssaiLicence, FssaiField> = {
  stored: z.object({ fssaiLicence: z.string().regex(FSSAI_LICENCE) }),
  typed: (posted) => ({ fssaiLicence: posted.fssaiLicence.slice(0, 40) }),
  form: fssaiFormSchema,
  shown: ({ fssaiLicence }) => ({ fssaiLicence }),
  saved: ({ fssaiLicence }) => `Saved. Every page's footer and new invoices show FSSAI Lic. No. ${fssaiLicence}.`,
  refused: 'Check the field marked below.',
}
