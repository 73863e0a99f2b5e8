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
  return { ...c, DATA_DIR: path.resolve(c.DATA_DIR) }
}
