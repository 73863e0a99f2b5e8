import { m } from '~/i18n/paraglide/messages.js'
/**
 * The hidden field every form that posts carries (docs/decisions/034-form-tokens.md). Named as the scanners and
 * frameworks name it, so an auditor's tools recognise it.
 */
export const FORM_TOKEN_FIELD = 'csrf_token'

export const formTokenRefusalMessage = () => m.http_form_token_refusal()
export const formTokenAdvice = () => m.http_form_token_advice()
