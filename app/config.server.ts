import path from 'node:path'
import { z } from 'zod'

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(
      z
        .url()
        .refine((v) => protocols.some((p) => v.startsWith(`${p}:`)), {
          message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
        })
        .optional(),
    )
    .optional()

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().trim().min(3).default('Kaadu Organics <shop@localhost>'),
  SEED_DEMO_CATALOGUE: z.enum(['auto', 'never']).default('auto'),
  RAZORPAY_KEY_ID: z.string().trim().optional(),
  RAZORPAY_KEY_SECRET: z.string().trim().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().trim().optional(),
  RAZORPAY_API_BASE: z.url().default('https://api.razorpay.com'),
  ORDER_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  // Accounts (app/features/accounts).
  PUBLIC_URL: optionalUrl(['http', 'https']),
  BETTER_AUTH_SECRET: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)').optional())
    .optional(),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('must be a comma-separated list of e-mail addresses'))),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx) => {
      if (v === '' || v === 'false') return false
      if (v === 'true') return true
      if (/^\d+$/.test(v)) return Number(v)
      // Addresses or subnets of the proxies, or Express's names for ranges.
      const PROXY_ENTRY = /^([0-9a-fA-F:.]+(\/\d{1,3})?|loopback|linklocal|uniquelocal)$/
      if (v.split(',').every((entry) => PROXY_ENTRY.test(entry.trim()))) return v
      ctx.addIssue({ code: 'custom', message: 'must be false, true, a number of proxies, or their addresses (comma-separated)' })
      return z.NEVER
    }),
  AUTH_RATE_LIMIT: z.enum(['on', 'off']).default('on'),
})

export type ShopConfig = ReturnType<typeof readConfig>

/** Reads and validates every environment variable the shop uses; a wrong value names the variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = environmentSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')
    throw new Error(`Invalid environment configuration:\n${problems}`)
  }
  const c = parsed.data
  const razorpayKeys = [c.RAZORPAY_KEY_ID, c.RAZORPAY_KEY_SECRET, c.RAZORPAY_WEBHOOK_SECRET].filter(Boolean).length
  if (razorpayKeys !== 0 && razorpayKeys !== 3) {
    throw new Error(
      'Invalid environment configuration:\n  RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET: set all three for Razorpay, or none for test payments',
    )
  }
  return {
    ...c,
    DATA_DIR: path.resolve(c.DATA_DIR),
    // Links in mails point here; without PUBLIC_URL, at this machine.
    PUBLIC_URL: new URL(c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).origin,
    /** Whether PUBLIC_URL was given: only then is it the one origin trusted for sign-in forms. */
    PUBLIC_URL_SET: c.PUBLIC_URL !== undefined,
  }
}
