import { tooManyAttempts } from './account-schemas'
import type { AuthAnswer } from './auth.server'

/** The account forms hold a few short fields; a bigger post is not one of them. */
const MAX_FORM_BYTES = 16 * 1024

/** The posted form's text fields, or null when the post is too large to be one of our forms. */
export async function readSmallForm(request: Request): Promise<Record<string, string> | null> {
  if (Number(request.headers.get('content-length') ?? '0') > MAX_FORM_BYTES) return null
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return {}
  }
  const out: Record<string, string> = {}
  for (const [key, value] of form) if (typeof value === 'string') out[key] = value
  return out
}

/**
 * What to tell the user when better-auth refused, beyond the form's own failure message; null when the
 * reason is not one we can safely tell (then the form's message alone shows).
 */
export function refusalReason(answer: AuthAnswer): string | null {
  if (answer.status === 429) return tooManyAttempts(answer.retryAfter)
  const code = typeof answer.body?.code === 'string' ? answer.body.code : ''
  if (code === 'BANNED_USER') return 'This account has been blocked. Please contact the shop.'
  if (answer.status === 403 && /ORIGIN|CSRF|CROSS_SITE/.test(code)) {
    return 'This form must be sent from the shop’s own page. Please reload the page and try again.'
  }
  return null
}
