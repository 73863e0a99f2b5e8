/**
 * Whether an error means the database cannot be reached just now (stopped, restarting, unreachable, out of
 * connections), as opposed to a fault in a query or in our code. Those answer 503 with Retry-After: the
 * pool reconnects by itself once PostgreSQL is back (docs/decisions/014-operations.md).
 */

/** Seconds a client is told to wait (Retry-After) while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 30

/** Node's socket errors for a server that is not there or went away. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * PostgreSQL's SQLSTATEs: class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up or shutting down), 53300 too_many_connections.
 */
function isUnavailableSqlState(code: string) {
  return /^08[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300'
}

/** What node-postgres and its pool say when a connection drops or cannot be had in time. */
const MESSAGES = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Connection terminated due to connection timeout/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /terminating connection due to administrator command/i,
]

export function isDatabaseUnavailable(err: unknown): boolean {
  return check(err, 0, true)
}

// Drizzle wraps the driver's error in `cause` (a DrizzleQueryError, which carries the `query`); a connection to
// a name with several addresses fails with an AggregateError: look through both, a few levels deep. Socket
// codes count thrown as they are (the pool's connect, for a transaction) or below a failed query, not below
// other wrappers, so a payment provider or mail server that cannot be reached is not taken for the database.
function check(err: unknown, depth: number, socketCodesCount: boolean): boolean {
  if (depth > 5 || typeof err !== 'object' || err === null) return false
  const { code, message, cause, errors, query } = err as {
    code?: unknown
    message?: unknown
    cause?: unknown
    errors?: unknown
    query?: unknown
  }
  const isQuery = typeof query === 'string'
  if (typeof code === 'string' && (isUnavailableSqlState(code) || (socketCodesCount && NETWORK_CODES.has(code)))) return true
  if (typeof message === 'string' && MESSAGES.some((m) => m.test(message))) return true
  if (Array.isArray(errors) && errors.some((e) => check(e, depth + 1, socketCodesCount))) return true
  return check(cause, depth + 1, isQuery)
}
