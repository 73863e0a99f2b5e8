import { m } from '~/i18n/paraglide/messages.js'
import { eq, sql } from 'drizzle-orm'
import { data } from 'react-router'
import type { ShopConfig } from '~/config.server'
import type { Database } from '~/db/client.server'
import { requestLimits } from '~/db/schema'
import { type Logger, log as rootLog } from '~/log.server'
import type { ApiError } from './json.server'

/**
 * Rate limits for our own endpoints (contact messages, checkouts), counted in the database so that every app
 * server counts the same requests. Sign-in, sign-up and password reset are limited by better-auth
 * (app/features/accounts/auth.server.ts AUTH_RATE_LIMITS); RATE_LIMIT=off turns both off.
 *
 * Fixed windows: the first request from an address opens a window of `windowSeconds`; up to `max` requests
 * pass in it, the rest are refused until it ends. One atomic upsert per request, so concurrent requests on
 * any number of servers are counted exactly.
 */

export type RateLimit = { max: number; windowSeconds: number }

const minutes = (seconds: number) => m.http_minutes({ count: Math.max(1, Math.ceil(seconds / 60)) })

/** Per client address. A checkout retried with the same checkout key counts too: simple, and a real customer needs few. */
export const RATE_LIMITS = {
  contact: {
    max: 5,
    windowSeconds: 10 * 60,
    message: (retryAfterSeconds: number) => m.http_too_many_messages({ minutes: minutes(retryAfterSeconds) }),
  },
  createOrder: {
    max: 20,
    windowSeconds: 10 * 60,
    message: (retryAfterSeconds: number) => m.http_too_many_checkouts({ minutes: minutes(retryAfterSeconds) }),
  },
  /**
   * Coupon codes refused (unknown, expired, used up…): counted only when refused, and checked before a code is looked
   * at, so a shopper re-pricing a cart with a good code is never held back and a guesser learns nothing once over.
   */
  couponCode: {
    max: 10,
    windowSeconds: 10 * 60,
    message: (retryAfterSeconds: number) => m.http_too_many_codes({ minutes: minutes(retryAfterSeconds) }),
  },
  /**
   * Delivery dates by PIN: with a courier set up, each new PIN is a call to the courier's API, which limits the shop's
   * account. A shopper tries a few PINs; a script trying thousands is held back.
   */
  deliveryEstimate: {
    max: 60,
    windowSeconds: 10 * 60,
    message: (retryAfterSeconds: number) => m.http_too_many_pin_codes({ minutes: minutes(retryAfterSeconds) }),
  },
  /** Order tracking (/track): a few tries for a customer, too few to guess other people's orders. */
  track: {
    max: 10,
    windowSeconds: 10 * 60,
    message: (retryAfterSeconds: number) => m.http_too_many_tracking_tries({ minutes: minutes(retryAfterSeconds) }),
  },
} as const satisfies Record<string, RateLimit & { message: (retryAfterSeconds: number) => string }>

export type Bucket = keyof typeof RATE_LIMITS

export type Verdict = {
  allowed: boolean
  /** Seconds until the window ends and the client may try again (at least 1). */
  retryAfterSeconds: number
  /** Requests counted in the current window, this one included. */
  hits: number
}

/** Rows whose window started longer ago than this are deleted; far longer than any window. */
const KEEP_SECONDS = 24 * 60 * 60
const PRUNE_EVERY_MS = 60_000
const lastPruned = new WeakMap<Database, number>()

/** When a stored window ends, in SQL. */
const windowEndOf = (windowSeconds: number) => sql`${requestLimits.windowStartedAt} + make_interval(secs => ${windowSeconds})`

/**
 * Counts one request of `client` in `bucket` and says whether it is within `max` per `windowSeconds`.
 * `now` is for tests; otherwise the database's clock, the one clock all servers share.
 */
export async function hit(db: Database, options: { bucket: string; client: string; now?: Date } & RateLimit): Promise<Verdict> {
  const { bucket, client, max, windowSeconds, now } = options
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`rate limit max must be a positive integer, not ${max}`)
  if (!Number.isInteger(windowSeconds) || windowSeconds < 1)
    throw new RangeError(`rate limit window must be a positive integer, not ${windowSeconds}`)
  await pruneNowAndThen(db, now)

  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`
  const windowEnd = windowEndOf(windowSeconds)
  // In ON CONFLICT's SET, the table's columns are the stored row's values, before this update.
  const expired = sql`${windowEnd} <= ${at}`
  const [row] = await db
    .insert(requestLimits)
    .values({ key: `${bucket}:${client}`, hits: 1, windowStartedAt: sql`${at}` })
    .onConflictDoUpdate({
      target: requestLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${requestLimits.hits} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${at} else ${requestLimits.windowStartedAt} end`,
      },
    })
    // In RETURNING they are the row as written.
    .returning({
      hits: requestLimits.hits,
      secondsLeft: sql<number>`ceil(extract(epoch from (${windowEnd} - ${at})))`.mapWith(Number),
    })
  const hits = row!.hits
  return { allowed: hits <= max, retryAfterSeconds: Math.max(1, row!.secondsLeft), hits }
}

/** Deletes the counts of windows that ended long ago, so the table holds only recent clients. */
export async function pruneRequestLimits(db: Database, now?: Date) {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`
  await db.delete(requestLimits).where(sql`${requestLimits.windowStartedAt} < ${at} - make_interval(secs => ${KEEP_SECONDS})`)
}

/** At most once a minute per process and database: a cheap delete, not worth doing on every request. */
async function pruneNowAndThen(db: Database, now?: Date) {
  const last = lastPruned.get(db)
  if (last !== undefined && Date.now() - last < PRUNE_EVERY_MS) return
  lastPruned.set(db, Date.now())
  try {
    await pruneRequestLimits(db, now)
  } catch (err) {
    // Only housekeeping: the count below still decides; the next minute tries again.
    rootLog.warn({ err }, 'Could not prune old rate-limit counts')
  }
}

export type Refusal = { retryAfterSeconds: number; message: string }

/**
 * Counts this request against `bucket` for the client's address (context.clientAddress: the socket's, or
 * X-Forwarded-For's as TRUST_PROXY allows). Null when it may go ahead; otherwise what to answer.
 */
export async function limitRequest(
  context: { shop: { db: Database; config: Pick<ShopConfig, 'RATE_LIMIT'> }; clientAddress: string; log: Logger },
  bucket: Bucket,
): Promise<Refusal | null> {
  if (context.shop.config.RATE_LIMIT === 'off') return null
  const limit = RATE_LIMITS[bucket]
  const verdict = await hit(context.shop.db, { bucket, client: context.clientAddress, max: limit.max, windowSeconds: limit.windowSeconds })
  if (verdict.allowed) return null
  // The request log line carries the address.
  context.log.warn({ bucket, hits: verdict.hits, retryAfterSeconds: verdict.retryAfterSeconds }, 'Rate limit reached')
  return { retryAfterSeconds: verdict.retryAfterSeconds, message: limit.message(verdict.retryAfterSeconds) }
}

/**
 * Whether the client has already used up `bucket` in its current window, without counting this request: for limits
 * on failures only (couponCode), where limitRequest is called once a try has failed.
 */
export async function alreadyLimited(
  context: { shop: { db: Database; config: Pick<ShopConfig, 'RATE_LIMIT'> }; clientAddress: string },
  bucket: Bucket,
): Promise<Refusal | null> {
  if (context.shop.config.RATE_LIMIT === 'off') return null
  const limit = RATE_LIMITS[bucket]
  const windowEnd = windowEndOf(limit.windowSeconds)
  const [row] = await context.shop.db
    .select({ hits: requestLimits.hits, secondsLeft: sql<number>`ceil(extract(epoch from (${windowEnd} - now())))`.mapWith(Number) })
    .from(requestLimits)
    .where(eq(requestLimits.key, `${bucket}:${context.clientAddress}`))
  if (!row || row.secondsLeft <= 0 || row.hits < limit.max) return null
  return { retryAfterSeconds: row.secondsLeft, message: limit.message(row.secondsLeft) }
}

/** The Retry-After header for a refusal. */
export function retryAfterHeaders(refusal: Refusal) {
  return { 'Retry-After': String(refusal.retryAfterSeconds) }
}

/** A JSON API's 429 answer: `{ error }` with Retry-After. */
export function tooManyRequests(refusal: Refusal) {
  return data<ApiError>({ error: refusal.message }, { status: 429, headers: retryAfterHeaders(refusal) })
}
