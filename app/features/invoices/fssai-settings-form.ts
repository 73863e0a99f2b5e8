import { z } from '~/zod'
import { m } from '~/i18n/paraglide/messages.js'
import type { SliceForm } from '../settings/settings-slice'
import type { FssaiField, FssaiLicence } from './fssai-settings'

const FSSAI_LICENCE = /^[12]\d{13}$/
const fssaiProblem = () => m.settings_fssai_problem()

/** The FSSAI number as the admin types it, spaces allowed. */
export const fssaiFormSchema = z.object({
  fssaiLicence: z
    .string({ error: fssaiProblem })
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(FSSAI_LICENCE, { error: fssaiProblem })),
})

/** Saves the FSSAI number: every page's footer shows it at once, invoices issued from now on carry it (decision 037). */
export const fssaiSettingsForm: SliceForm<FssaiLicence, FssaiField> = {
  stored: z.object({ fssaiLicence: z.string().regex(FSSAI_LICENCE) }),
  typed: (posted) => ({ fssaiLicence: posted.fssaiLicence.slice(0, 40) }),
  form: fssaiFormSchema,
  shown: ({ fssaiLicence }) => ({ fssaiLicence }),
  saved: ({ fssaiLicence }) => m.settings_fssai_saved({ licence: fssaiLicence }),
  refused: () => m.settings_check_field(),
}
