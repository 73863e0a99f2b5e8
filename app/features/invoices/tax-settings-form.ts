import { z } from '~/zod'
import { m } from '~/i18n/paraglide/messages.js'
import type { SliceForm } from '../settings/settings-slice'
import { GST_STATE_CODES, gstinProblem } from './gst'
import type { TaxDetails, TaxField } from './tax-settings'

/** The shop's GST registration: a state we know, and a GSTIN of that state with the right check character. */
const gstFields = {
  gstState: z
    .string({ error: () => m.settings_tax_choose_state() })
    .refine((state) => Object.hasOwn(GST_STATE_CODES, state), { error: () => m.settings_tax_choose_state() }),
  gstin: z
    .string({ error: () => m.settings_tax_enter_gstin() })
    .trim()
    .toUpperCase()
    .min(1, { error: () => m.settings_tax_enter_gstin() }),
}

/** The GSTIN and the state are checked together: a GSTIN's first two digits name its state. */
function checkGstin(value: { gstin: string; gstState: string }, ctx: z.RefinementCtx) {
  const problem = value.gstin && Object.hasOwn(GST_STATE_CODES, value.gstState) ? gstinProblem(value.gstin, value.gstState) : null
  if (problem) ctx.addIssue({ code: 'custom', path: ['gstin'], message: problem })
}

/** The tax details the admin edits at /dash/settings. */
export const taxDetailsSchema = z.object(gstFields).superRefine(checkGstin)

/** Saves the GST registration printed on new invoices; invoices already issued keep what they were issued with. */
export const taxSettingsForm: SliceForm<TaxDetails, TaxField> = {
  stored: taxDetailsSchema,
  typed: (posted) => ({ gstin: posted.gstin.slice(0, 40), gstState: posted.gstState.slice(0, 60) }),
  form: taxDetailsSchema,
  shown: ({ gstin, gstState }) => ({ gstin, gstState }),
  saved: ({ gstin, gstState }) => m.settings_tax_saved({ gstin, state: gstState }),
}
