import { type PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite'
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite'

/**
 * The type parsers Drizzle's PGlite driver passes with every query (drizzle-orm/pglite/session.js): dates, times and
 * intervals, and their arrays, come back as PostgreSQL's text, which Drizzle's columns turn into values themselves.
 */
const DRIZZLE_PARSERS: Record<number, (value: string) => string> = {
  [types.TIMESTAMP]: (value) => value,
  [types.TIMESTAMPTZ]: (value) => value,
  [types.INTERVAL]: (value) => value,
  [types.DATE]: (value) => value,
  1231: (value) => value, // numeric[]
  1115: (value) => value, // timestamp[]
  1185: (value) => value, // timestamptz[]
  1187: (value) => value, // interval[]
  1182: (value) => value, // date[]
}

/** Options without `parsers`: the client already has Drizzle's, so PGlite has nothing to merge. */
function withoutParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options
  const { parsers: _merged, ...rest } = options
  return rest
}

/** A transaction whose queries, like the client's, leave out the parsers it already has. */
function transactionWithoutParsers(tx: Transaction): Transaction {
  return new Proxy(tx, {
    get(target, key) {
      if (key === 'query')
        return (query: string, params?: unknown[], options?: QueryOptions) => target.query(query, params, withoutParsers(options))
      const value = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/**
 * Drizzle on an embedded database, without PGlite copying its ~320 type parsers into a new object at every query.
 *
 * Drizzle passes its own parsers with each query, and PGlite merges them into a copy of the client's
 * (`{ ...this.parsers, ...options.parsers }`, in its result parsing): a copy of an object keyed by type ids, about
 * 0.11 ms each, a fifth to a third of a one-row query's CPU (decision 062). Here
 * Drizzle's parsers are the client's own, set once, so every query parses rows exactly as Drizzle's driver would,
 * and PGlite uses the client's parsers as they are. Call it once PGlite is ready: its array parsers are set as it
 * opens. Nothing else reads this client's dates (LISTEN's payloads are text).
 */
export function drizzleOnPglite<TSchema extends Record<string, unknown>>(
  client: PGlite,
  config: Omit<Parameters<typeof drizzle<TSchema>>[0] & object, 'client' | 'connection'> = {},
): PgliteDatabase<TSchema> {
  Object.assign(client.parsers, DRIZZLE_PARSERS)
  const runner: Pick<PGlite, 'query' | 'transaction'> = {
    query: (query, params, options) => client.query(query, params, withoutParsers(options)),
    transaction: (callback) => client.transaction((tx) => callback(transactionWithoutParsers(tx))),
  }
  // Drizzle's `$client` is this runner, not the PGlite itself: the return type leaves it out.
  return drizzle({ ...config, client: runner as PGlite })
}
