import { m } from '~/i18n/paraglide/messages.js'
import { hasLoneSurrogate, z } from '~/zod'

/** What the account forms send; shared by the forms, the route actions and the auth hooks. */

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
export const ACCOUNT_LIMITS = { email: 254, username: 50, phone: 20, password: PASSWORD_MAX_LENGTH } as const

export const PASSWORD_TOO_SHORT = `Use at least ${PASSWORD_MIN_LENGTH} characters for your password`

const PHONE_PATTERN = /^\+?[\d\s().-]+$/
const digitCount = (value: string) => value.replace(/\D/g, '').length

export const emailSchema = z
  .string({ error: 'Enter your e-mail address' })
  .trim()
  .min(1, { error: 'Enter your e-mail address', abort: true })
  .max(ACCOUNT_LIMITS.email, { error: 'Enter a valid e-mail address', abort: true })
  .pipe(z.email('Enter a valid e-mail address'))
  .transform((v) => v.toLowerCase())

/** A new password: the length rules better-auth enforces too, with our own messages. */
export const newPasswordSchema = z
  .string({ error: 'Enter a password' })
  .min(1, { error: 'Enter a password', abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_TOO_SHORT, abort: true })
  .max(PASSWORD_MAX_LENGTH, `Keep the password under ${PASSWORD_MAX_LENGTH} characters`)

export const usernameSchema = z
  .string({ error: 'Enter a username' })
  .refine((v) => !hasLoneSurrogate(v), { error: () => m.field_broken_character({ label: 'The username' }), abort: true })
  .trim()
  .min(1, 'Enter a username')
  .max(ACCOUNT_LIMITS.username, `Keep the username under ${ACCOUNT_LIMITS.username} characters`)
  // No control characters or angle brackets: the name is shown in the shop and in mails.
  .refine((v) => !/[\p{Cc}<>]/u.test(v), 'Use letters, digits, spaces and simple punctuation')

export const phoneSchema = z
  .string({ error: 'Enter your phone number' })
  .trim()
  .min(1, { error: 'Enter your phone number', abort: true })
  .max(ACCOUNT_LIMITS.phone, { error: 'Enter a valid phone number', abort: true })
  .refine((v) => PHONE_PATTERN.test(v) && digitCount(v) >= 7 && digitCount(v) <= 15, 'Enter a valid phone number')

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
    .string({ error: 'Enter your password' })
    .min(1, 'Enter your password')
    .max(PASSWORD_MAX_LENGTH, 'Failed to log in. Please check your credentials.'),
  rememberMe: checkbox,
  redirectTo: z.string().optional(),
})
export type SignInInput = z.infer<typeof signInSchema>

export const forgotPasswordSchema = z.object({ email: emailSchema })

/** better-auth's reset tokens are 24 letters and digits; anything else cannot be one. */
export const resetTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'This reset link is not valid')

export const resetPasswordSchema = z
  .object({
    token: resetTokenSchema,
    password: newPasswordSchema,
    confirmPassword: z.string({ error: 'Enter the new password again' }).min(1, 'Enter the new password again'),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: 'The two passwords are not the same' })

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

export const SIGN_UP_FAILED = 'Failed to create an account'
export const SIGN_IN_FAILED = 'Failed to log in. Please check your credentials.'
export const SIGNED_IN = 'Logged in successfully!'
export const RESET_MAIL_QUEUED =
  'If an account uses that e-mail address, we have sent it a link to set a new password. The link works once, for one hour.'

/** What to say when the shop refused for too many attempts; `seconds` from the Retry-After answer. */
export function tooManyAttempts(seconds: number | null) {
  const wait = seconds && seconds > 0 ? (seconds > 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`) : 'a few minutes'
  return `Too many attempts from your network. Please wait ${wait} and try again.`
}
