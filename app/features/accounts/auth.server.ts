import { betterAuth } from 'better-auth/minimal'
import { and, eq, gt, sql } from 'drizzle-orm'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { admin } from 'better-auth/plugins/admin'
import type { ShopConfig } from '~/config.server'
import type { Database } from '~/db/client.server'
import { log } from '~/log.server'
import { m } from '~/i18n/paraglide/messages.js'
import { cleanName, isWellFormedText } from '~/zod'
import { accounts, outbox, rateLimits, sessions, users, verifications } from '~/db/schema'
import { enqueueMail } from '../mail/outbox.server'
import { getShopSettings } from '../settings/shop-settings.server'
import { emailConfirmationMail, passwordResetMail, resetPasswordPath, signUpAttemptMail } from './account-mails'
import { weakPasswordReason } from './password-strength.server'
import { ACCOUNT_LIMITS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, phoneSchema, signUpSchema, usernameSchema } from './account-schemas'

/** Where better-auth's endpoints live (app/routes/api.auth.$.ts). */
export const AUTH_BASE_PATH = '/api/auth'

/**
 * The client's address, as the Express server worked it out (the socket, or X-Forwarded-For when TRUST_PROXY
 * says so). Our routes set it on every request they hand to better-auth and overwrite whatever a client sent,
 * so rate limits count per real client and a forged header buys nothing.
 */
export const CLIENT_ADDRESS_HEADER = 'x-shop-client-address'

/** "Remember me" keeps a session this long; without it the cookie ends with the browser (and the session within a day). */
export const SESSION_DAYS = 30

/**
 * Attempts allowed per client address, per path, in a window of seconds. Kept in the database so every
 * app server counts the same attempts.
 */
export const AUTH_RATE_LIMITS = {
  '/sign-in/email': { window: 5 * 60, max: 10 },
  '/sign-up/email': { window: 10 * 60, max: 5 },
  '/request-password-reset': { window: 10 * 60, max: 3 },
  '/reset-password': { window: 10 * 60, max: 10 },
  '/send-verification-email': { window: 10 * 60, max: 3 },
} as const

export type AuthOptions = {
  db: Database
  config: Pick<ShopConfig, 'PUBLIC_URL' | 'PUBLIC_URL_SET' | 'ADMIN_EMAILS' | 'RATE_LIMIT'>
  secret: string
}

/** Tells an address's owner that someone tried to sign up with it; one such mail an hour, so nobody can flood an inbox. */
async function mailSignUpAttempt(db: Database, user: { email: string; name: string }, shopUrl: string) {
  const mail = signUpAttemptMail(user, shopUrl, await getShopSettings(db))
  const [recent] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(eq(outbox.recipient, mail.recipient), eq(outbox.subject, mail.subject), gt(outbox.createdAt, sql`now() - interval '1 hour'`)),
    )
    .limit(1)
  if (!recent) await enqueueMail(db, mail)
}

/** The first field (at any depth) of a request's body or query holding a NUL or a lone surrogate, or null. */
function brokenTextField(value: unknown, field: string = m.accounts_a_field()): { field: string; nul: boolean } | null {
  if (typeof value === 'string') return isWellFormedText(value) ? null : { field, nul: value.includes('\u0000') }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const found = brokenTextField(inner, Array.isArray(value) ? field : key)
      if (found) return found
    }
  }
  return null
}

function badRequest(message: string) {
  return new APIError('BAD_REQUEST', { message })
}

export function createShopAuth({ db, config, secret }: AuthOptions) {
  const adminEmails = new Set(config.ADMIN_EMAILS.map((e) => e.toLowerCase()))
  const isAdminEmail = (email: unknown) => typeof email === 'string' && adminEmails.has(email.toLowerCase())
  const link = (path: string) => new URL(path, config.PUBLIC_URL).toString()

  return betterAuth({
    appName: 'Kaadu Organics',
    baseURL: config.PUBLIC_URL,
    basePath: AUTH_BASE_PATH,
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      // Sign-up writes the user, its password and its session together or not at all.
      transaction: true,
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    user: {
      additionalFields: {
        // Required on sign-up by the hook below; optional here so an admin made from the command line needs neither.
        username: { type: 'string', required: false, defaultValue: '', input: true },
        phone: { type: 'string', required: false, defaultValue: '', input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Sign-up answers alike for a new and a taken address, so it cannot sign anyone in; the taken address's
      // owner is mailed instead (docs/decisions/023-sign-up-does-not-tell.md).
      autoSignIn: false,
      async onExistingUserSignUp({ user }) {
        // Not awaited: better-auth calls this inside sign-up's transaction, and the embedded database has one
        // connection, which the transaction holds until it ends. The mail is queued right after.
        void mailSignUpAttempt(db, user, config.PUBLIC_URL).catch((err) => log.error({ err }, 'Could not queue the sign-up attempt mail'))
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      // Whoever knew the old password is signed out everywhere.
      revokeSessionsOnPasswordReset: true,
      // The link came by mail to this address and was used: the address is the user's.
      async onPasswordReset({ user }) {
        await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id))
      },
      async sendResetPassword({ user, token }) {
        const settings = await getShopSettings(db)
        // Our own page, on the shop's configured address: never a host taken from the request.
        await enqueueMail(db, passwordResetMail(user, link(resetPasswordPath(token)), settings))
      },
    },
    emailVerification: {
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, url }) {
        const settings = await getShopSettings(db)
        await enqueueMail(db, emailConfirmationMail(user, url, settings))
      },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      // Thirty days from signing in, as promised; a refreshed expiry would outlive the cookie's Max-Age anyway.
      disableSessionRefresh: true,
    },
    // Reset tokens are kept hashed: a leaked database does not hand out password resets.
    verification: { storeIdentifier: 'hashed' },
    rateLimit: {
      enabled: config.RATE_LIMIT === 'on',
      storage: 'database',
      window: 60,
      max: 100,
      customRules: AUTH_RATE_LIMITS,
    },
    // Forms that change something must come from the shop itself. With PUBLIC_URL set, that is its origin;
    // without it, the origin the request was addressed to (a cross-site page still cannot pass as it).
    trustedOrigins: config.PUBLIC_URL_SET ? [config.PUBLIC_URL] : (request) => [request ? new URL(request.url).origin : undefined],
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      // Secure cookies follow the shop's public address: https in production, plain http on a laptop or in tests.
      useSecureCookies: config.PUBLIC_URL.startsWith('https:'),
      cookiePrefix: 'shop',
      // better-auth turns these checks off when NODE_ENV=test or TEST is set; ours stay on everywhere.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            // Whatever endpoint made the account, its name is one clean line (the hooks below refuse worse).
            const named = { ...user, name: cleanName(user.name ?? '', ACCOUNT_LIMITS.username) }
            return { data: isAdminEmail(user.email) ? { ...named, role: 'admin' } : named }
          },
        },
        update: {
          async before(user) {
            if (typeof user.name === 'string') return { data: { ...user, name: cleanName(user.name, ACCOUNT_LIMITS.username) } }
          },
        },
      },
      session: {
        create: {
          // ADMIN_EMAILS also promotes accounts made before the address was listed, at their next sign-in.
          async before(session, ctx) {
            if (!ctx || adminEmails.size === 0) return
            const user = await ctx.context.internalAdapter.findUserById(session.userId)
            if (user && isAdminEmail(user.email) && (user as { role?: string }).role !== 'admin') {
              await ctx.context.internalAdapter.updateUser(user.id, { role: 'admin' })
            }
          },
        },
      },
    },
    hooks: {
      // Our rules for what an account holds, for the forms and for anyone calling the API directly.
      before: createAuthMiddleware(async (ctx) => {
        // No endpoint takes text PostgreSQL cannot store: a NUL or a lone surrogate in a token, say, reached the
        // verification lookup and came back as a 500. Refused first, for every endpoint, body and query alike.
        const broken = brokenTextField(ctx.body) ?? brokenTextField(ctx.query)
        if (broken) throw badRequest((broken.nul ? m.field_nul_refused : m.field_broken_character)({ label: broken.field }))
        if (ctx.path === '/sign-up/email') {
          const body = (ctx.body ?? {}) as Record<string, unknown>
          const parsed = signUpSchema.safeParse({ email: body.email, username: body.username, phone: body.phone, password: body.password })
          if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message)
          const weak = await weakPasswordReason(parsed.data.password, [parsed.data.email, parsed.data.username])
          if (weak) throw badRequest(weak)
          // better-auth's display name is the username; the fields as our schema cleaned them.
          return { context: { body: { ...body, name: parsed.data.username, username: parsed.data.username, phone: parsed.data.phone } } }
        }
        if (ctx.path === '/reset-password') {
          const body = (ctx.body ?? {}) as Record<string, unknown>
          const weak = typeof body.newPassword === 'string' ? await weakPasswordReason(body.newPassword) : null
          if (weak) throw badRequest(weak)
        }
        if (ctx.path === '/update-user') {
          const body = (ctx.body ?? {}) as Record<string, unknown>
          const cleaned: Record<string, unknown> = {}
          // better-auth's display name is the username: the same rules for both.
          for (const field of ['name', 'username'] as const) {
            if (!(field in body)) continue
            const parsed = usernameSchema.safeParse(body[field])
            if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message)
            cleaned[field] = parsed.data
          }
          if ('phone' in body) {
            const parsed = phoneSchema.safeParse(body.phone)
            if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message)
            cleaned.phone = parsed.data
          }
          return { context: { body: { ...body, ...cleaned } } }
        }
      }),
    },
    plugins: [admin({ defaultRole: 'user', adminRoles: ['admin'] })],
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      // Into the shop's JSON log, with only an Error among the details (serialised without query parameters):
      // nothing else better-auth passes, which could be a request body.
      log: (level, message, ...args) => {
        const err = args.find((a) => a instanceof Error)
        log[level](err ? { err } : {}, `better-auth: ${message}`)
      },
    },
  })
}

export type ShopAuth = ReturnType<typeof createShopAuth>

/** Headers of the browser's request that better-auth needs to judge it: the session, where it came from, who sent it. */
const PASSED_ON = ['cookie', 'origin', 'referer', 'user-agent', 'sec-fetch-site', 'sec-fetch-mode', 'sec-fetch-dest']

export type AuthAnswer = {
  status: number
  body: Record<string, unknown> | null
  /** To pass on to the browser: the session cookie, or its removal. */
  setCookies: string[]
  /** Seconds to wait, when refused for too many attempts. */
  retryAfter: number | null
}

/**
 * Calls one of better-auth's endpoints on behalf of the browser request behind a form post, through its
 * HTTP handler, so the same origin check, rate limit and cookies apply as to a direct API call.
 */
export async function callAuthEndpoint(
  auth: ShopAuth,
  request: Request,
  clientAddress: string,
  path: string,
  body: Record<string, unknown>,
): Promise<AuthAnswer> {
  const headers = new Headers({ 'content-type': 'application/json', accept: 'application/json' })
  for (const name of PASSED_ON) {
    const value = request.headers.get(name)
    if (value !== null) headers.set(name, value)
  }
  headers.set(CLIENT_ADDRESS_HEADER, clientAddress)
  const response = await auth.handler(
    new Request(new URL(`${AUTH_BASE_PATH}${path}`, request.url), { method: 'POST', headers, body: JSON.stringify(body) }),
  )
  const text = await response.text()
  let parsed: Record<string, unknown> | null = null
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : null
  } catch {
    parsed = null
  }
  const retry = Number(response.headers.get('x-retry-after') ?? response.headers.get('retry-after'))
  return {
    status: response.status,
    body: parsed,
    setCookies: response.headers.getSetCookie(),
    retryAfter: Number.isFinite(retry) && retry > 0 ? retry : null,
  }
}

/** The answer's Set-Cookie headers, for a route to return with its own answer. */
export function cookieHeaders(answer: Pick<AuthAnswer, 'setCookies'>) {
  const headers = new Headers()
  for (const cookie of answer.setCookies) headers.append('Set-Cookie', cookie)
  return headers
}

/**
 * Whether a password-reset token can still be used (exists, unused, not expired), asked through better-auth's
 * own check (GET /reset-password/:token), which answers with a redirect carrying `token` or `error`.
 */
export async function isResetTokenUsable(auth: ShopAuth, request: Request, clientAddress: string, token: string) {
  const url = new URL(`${AUTH_BASE_PATH}/reset-password/${encodeURIComponent(token)}`, request.url)
  url.searchParams.set('callbackURL', '/reset-password')
  const headers = new Headers({ [CLIENT_ADDRESS_HEADER]: clientAddress })
  const response = await auth.handler(new Request(url, { headers }))
  const location = response.headers.get('location')
  if (!location) return false
  return new URL(location, url).searchParams.get('token') === token
}
