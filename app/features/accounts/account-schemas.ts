import { m } from '~/i18n/paraglide/messages.js'
import { hasLoneSurrogate, z } from '~/zod'

/** What the account forms send; shared by the forms, the route actions and the auth hooks. */

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
export const ACCOUNT_LIMITS = { email: 254, username: 50, phone: 20, password: PASSWORD_MAX_LENGTH } as const

const PHONE_PATTERN = /^\+?[\d\s().-]+$/
const digitCount = (value: string) => value.replace(/\D/g, '').length

export const emailSchema = z
  .string({ error: () => m.accounts_enter_email() })
  .trim()
  .min(1, { error: () => m.accounts_enter_email(), abort: true })
  .max(ACCOUNT_LIMITS.email, { error: () => m.accounts_email_invalid(), abort: true })
  .pipe(z.email({ error: () => m.accounts_email_invalid() }))
  .transform((v) => v.toLowerCase())

/** A new password: the length rules better-auth enforces too, with our own messages. */
export const newPasswordSchema = z
  .string({ error: () => m.accounts_enter_new_password() })
  .min(1, { error: () => m.accounts_enter_new_password(), abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: () => m.accounts_password_too_short({ min: PASSWORD_MIN_LENGTH }), abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: () => m.accounts_password_too_long({ max: PASSWORD_MAX_LENGTH }) })

export const usernameSchema = z
  .string({ error: () => m.accounts_enter_username() })
  .refine((v) => !hasLoneSurrogate(v), { error: () => m.field_broken_character({ label: m.accounts_the_username() }), abort: true })
  .trim()
  .min(1, { error: () => m.accounts_enter_username() })
  .max(ACCOUNT_LIMITS.username, { error: () => m.accounts_username_too_long({ max: ACCOUNT_LIMITS.username }) })
  // No control characters or angle brackets: the name is shown in the shop and in mails.
  .refine((v) => !/[\p{Cc}<>]/u.test(v), { error: () => m.accounts_username_characters() })

export const phoneSchema = z
  .string({ error: () => m.accounts_enter_phone() })
  .trim()
  .min(1, { error: () => m.accounts_enter_phone(), abort: true })
  .max(ACCOUNT_LIMITS.phone, { error: () => m.accounts_phone_invalid(), abort: true })
  .refine((v) => PHONE_PATTERN.test(v) && digitCount(v) >= 7 && digitCount(v) <= 15, { error: () => m.accounts_phone_invalid() })

export const signUpSchema = z.object({
  email: emailSchema,
  username: usernameSchema,
  phone: phoneSchema,
  password: newPasswordSchema,
})
export type SignUpInput = z.infer<typeof signUpSchema>

/** A checkbox sends "on" when ticked and nothing otherwise; JSON clients may send a boolean. */
const checkbox = z
  .union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false'), z.literal('')])
  .optional()
  .transform((v) => v === true || v === 'on' || v === 'true')

export const signInSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: () => m.accounts_enter_password() })
    .min(1, { error: () => m.accounts_enter_password() })
    .max(PASSWORD_MAX_LENGTH, { error: () => m.accounts_sign_in_failed() }),
  rememberMe: checkbox,
  redirectTo: z.string().optional(),
})
export type SignInInput = z.infer<typeof signInSchema>

export const forgotPasswordSchema = z.object({ email: emailSchema })

/** better-auth's reset tokens are 24 letters and digits; anything else cannot be one. */
export const resetTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: () => m.accounts_reset_link_invalid() })

export const resetPasswordSchema = z
  .object({
    token: resetTokenSchema,
    password: newPasswordSchema,
    confirmPassword: z
      .string({ error: () => m.accounts_enter_new_password_again() })
      .min(1, { error: () => m.accounts_enter_new_password_again() }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: () => m.accounts_passwords_differ() })

/**
 * Where to go after signing in: a path on this shop, never another site. Anything else (a full URL,
 * `//host`, a backslash trick) falls back to `fallback`.
 */
export function safeRedirectPath(value: string | null | undefined, fallback: string) {
  // URL parsers drop tabs and line breaks and read a backslash as a slash: none belongs in a path we made.
  if (!value?.startsWith('/') || /^\/[/\\]|\\|\p{Cc}/u.test(value)) return fallback
  try {
    const url = new URL(value, 'http://shop.invalid')
    if (url.origin !== 'http://shop.invalid') return fallback
    // Back to the sign-in or sign-up page would be a loop.
    if (/^\/(signin|signup|signout)$/i.test(url.pathname)) return fallback
    const path = url.pathname + url.search + url.hash
    // Normalising can itself make `//host` (`/.//evil.example`, `/a/..//evil.example`): checked again after it.
    return /^\/[/\\]/.test(path) ? fallback : path
  } catch {
    return fallback
  }
}

/** What to say when the shop refused for too many attempts; `seconds` from the Retry-After answer. */
export function tooManyAttempts(seconds: number | null) {
  if (!seconds || seconds <= 0) return m.accounts_too_many_attempts()
  return seconds > 90
    ? m.accounts_too_many_attempts_minutes({ count: Math.ceil(seconds / 60) })
    : m.accounts_too_many_attempts_seconds({ count: seconds })
}
