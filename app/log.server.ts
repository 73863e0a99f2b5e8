import pino, { type Logger } from 'pino'

export type { Logger }

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])

/** Fields that hold secrets wherever they appear in a logged object (one or two levels down). */
const SECRET_FIELDS = ['password', 'newPassword', 'currentPassword', 'token', 'secret']
const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
]

/**
 * Drizzle puts a failed query's parameters in its message ("Failed query: …\nparams: …"); they can be
 * session tokens, password hashes or a customer's address, so only the query stays.
 */
function withoutQueryParams(text: string) {
  const at = text.indexOf('\nparams:')
  return at < 0 ? text : `${text.slice(0, at)}\nparams: [hidden]`
}

/**
 * An error as JSON: type, message, stack, codes (pg's `code`, `severity`, `routine`, Node's `errno`, `syscall`),
 * its cause and an AggregateError's errors, without query parameters (drizzle's `params` field and message).
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return err
  const out: Record<string, unknown> = { type: err.constructor?.name ?? err.name, message: withoutQueryParams(err.message) }
  if (err.stack) out.stack = withoutQueryParams(err.stack.replace(err.message, withoutQueryParams(err.message)))
  for (const [key, value] of Object.entries(err)) {
    if (key === 'params' || key === 'query' || key === 'cause' || key === 'errors') continue
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value
  }
  if (depth < 5) {
    if (err.cause !== undefined) out.cause = serializeError(err.cause, depth + 1)
    if (err instanceof AggregateError) out.errors = err.errors.map((e) => serializeError(e, depth + 1))
  }
  return out
}

function initialLevel() {
  const level = process.env.LOG_LEVEL?.trim()
  return level && LEVELS.has(level) ? level : 'info'
}

/**
 * The shop's one logger: JSON lines on standard output. Requests log through `req.log` / the load
 * context's `log`, a child of this one carrying the request id (server/app.ts). server.js sets the level
 * from the checked configuration (LOG_LEVEL).
 */
export const log: Logger = pino(
  {
    level: initialLevel(),
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
  },
  // Synchronous: lines written just before the process exits (a failed start, a shutdown) are not lost.
  pino.destination({ dest: 1, sync: true }),
)
