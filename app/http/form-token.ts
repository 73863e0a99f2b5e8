/**
 * The hidden field every form that posts carries (docs/decisions/034-form-tokens.md). Named as the scanners and
 * frameworks name it, so an auditor's tools recognise it.
 */
export const FORM_TOKEN_FIELD = 'csrf_token'

export const FORM_TOKEN_REFUSAL = 'This form could not be sent: it had expired or did not come from one of the shop’s pages.'
export const FORM_TOKEN_ADVICE = 'Go back, reload the page and send it again. The shop needs cookies turned on to take a form.'
