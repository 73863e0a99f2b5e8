import { m } from '~/i18n/paraglide/messages.js'
import { tooManyAttempts } from './account-schemas'
import type { AuthAnswer } from './auth.server'

/**
 * What to tell the user when better-auth refused, beyond the form's own failure message; null when the
 * reason is not one we can safely tell (then the form's message alone shows).
 */
export function refusalReason(answer: AuthAnswer): string | null {
  if (answer.status === 429) return tooManyAttempts(answer.retryAfter)
  const code = typeof answer.body?.code === 'string' ? answer.body.code : ''
  if (code === 'BANNED_USER') return m.accounts_account_blocked()
  if (answer.status === 403 && /ORIGIN|CSRF|CROSS_SITE/.test(code)) {
    return m.accounts_form_from_shop()
  }
  return null
}
