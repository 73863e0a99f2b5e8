import path from 'node:path'
import { z } from '~/zod'

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
  /** How long the shop waits for an answer from Razorpay's API before telling the buyer to try again. */
  RAZORPAY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  // Shiprocket (app/features/shipping/shiprocket.server.ts): an API user's log-in, the pickup address's nickname in
  // Shiprocket, and the webhook's security token; all four, or none for a shop without a courier account.
  SHIPROCKET_EMAIL: z.string().trim().optional(),
  SHIPROCKET_PASSWORD: z.string().optional(),
  SHIPROCKET_PICKUP_LOCATION: z.string().trim().optional(),
  SHIPROCKET_WEBHOOK_TOKEN: z.string().trim().optional(),
  /** Shiprocket's documented base (the paths add /v1/external); tests point it at the loopback stand-in. */
  SHIPROCKET_API_BASE: z.url().default('https://apiv2.shiprocket.in'),
  /** How long the shop waits for an answer from Shiprocket before telling the owner nothing was changed. */
  SHIPROCKET_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(15),
  /** How long a new order's stock is reserved; the payment page extends it while the buyer pays (decision 024). */
  ORDER_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10),
  /** The longest an unpaid order's stock is held from its creation, however long the payment page stays open. */
  ORDER_HOLD_MAX_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** How often the shop looks for unpaid orders past their time, and for those due a look-up at the provider. */
  ORDER_EXPIRY_CHECK_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 60)
    .default(60),
  /**
   * When an unpaid order is looked up at the payment provider, in minutes after it is placed (decision 032), so a
   * payment whose webhook was lost is honoured within minutes; it is looked up once more when its reservation ends.
   */
  PAYMENT_CHECK_MINUTES: z
    .string()
    .trim()
    .default('2,10,25')
    .transform((text, ctx) => {
      const minutes = text === '' ? [] : text.split(',').map((m) => Number(m.trim()))
      if (minutes.some((m) => !Number.isInteger(m) || m < 1 || m > 24 * 60) || minutes.length > 10) {
        ctx.addIssue({
          code: 'custom',
          message: 'PAYMENT_CHECK_MINUTES: up to 10 whole minutes from 1 to 1440, separated by commas, e.g. 2,10,25',
        })
        return z.NEVER
      }
      return [...minutes].sort((a, b) => a - b)
    }),
  /** After SIGTERM, how long requests in flight may take to finish before their connections are closed (server.js). */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  /** How long a catalogue page rendered for visitors without an account is reused (app/http/page-cache.server.ts); 0: never. */
  PAGE_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(1),
  // Accounts (app/features/accounts).
  PUBLIC_URL: optionalUrl(['http', 'https']),
  SESSION_SECRET: z
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
  /** Rate limits on sign-in, sign-up, password reset, contact messages and checkouts; `off` only for test setups. */
  RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  /** `test` allows the built-in test payments in production (a staging shop); otherwise Razorpay's keys are required there. */
  PAYMENT_MODE: z.enum(['auto', 'test']).default('auto'),
  /** Set by `npm start`: a trial on one's own machine runs the production build without production's required secrets. */
  SHOP_TRIAL: z.enum(['', '0', '1']).default(''),
  // Media on S3-compatible storage (app/features/media/storage.server.ts); without S3_BUCKET, local disk under DATA_DIR.
  S3_BUCKET: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  S3_ENDPOINT: optionalUrl(['http', 'https']),
  S3_REGION: z
    .string()
    .trim()
    .default('us-east-1')
    .transform((v) => v || 'us-east-1'),
  S3_ACCESS_KEY_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** Where browsers fetch media from (a CDN in front of the bucket); without it the shop serves /media itself. */
  PUBLIC_MEDIA_URL: optionalUrl(['http', 'https']),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  const shiprocketSettings = [c.SHIPROCKET_EMAIL, c.SHIPROCKET_PASSWORD, c.SHIPROCKET_PICKUP_LOCATION, c.SHIPROCKET_WEBHOOK_TOKEN].filter(
    Boolean,
  ).length
  if (shiprocketSettings !== 0 && shiprocketSettings !== 4) {
    throw new Error(
      'Invalid environment configuration:\n  SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD, SHIPROCKET_PICKUP_LOCATION and SHIPROCKET_WEBHOOK_TOKEN: set all four for Shiprocket, or none to ship without a courier account',
    )
  }
  if (Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      'Invalid environment configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither (the SDK then finds credentials itself)',
    )
  }
  if ((c.S3_ENDPOINT || c.S3_ACCESS_KEY_ID) && !c.S3_BUCKET) {
    throw new Error('Invalid environment configuration:\n  S3_BUCKET: required when S3_ENDPOINT or S3 keys are set')
  }
  if (c.NODE_ENV === 'production' && c.SHOP_TRIAL !== '1') {
    const missing: string[] = []
    if (!c.SESSION_SECRET)
      missing.push(
        '  SESSION_SECRET: required in production (at least 32 characters, e.g. `openssl rand -base64 32`), the same on every instance',
      )
    if (!c.PUBLIC_URL) missing.push('  PUBLIC_URL: required in production: the address customers use, e.g. https://shop.example')
    if (razorpayKeys === 0 && c.PAYMENT_MODE !== 'test') {
      missing.push(
        '  RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: required in production (or PAYMENT_MODE=test for a staging shop that takes no real money)',
      )
    }
    if (missing.length) throw new Error(`Missing production settings (NODE_ENV=production):\n${missing.join('\n')}`)
  }
  return {
    ...c,
    DATA_DIR: path.resolve(c.DATA_DIR),
    // Links in mails point here; without PUBLIC_URL, at this machine.
    PUBLIC_URL: new URL(c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).origin,
    /** Whether PUBLIC_URL was given: only then is it the one origin trusted for sign-in forms. */
    PUBLIC_URL_SET: c.PUBLIC_URL !== undefined,
    /** Whether MAIL_FROM was given: the shop's own sending address, for the go-live checklist (features/admin/go-live.server.ts). */
    MAIL_FROM_SET: Boolean(env.MAIL_FROM?.trim()),
  }
}
