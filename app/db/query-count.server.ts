import { AsyncLocalStorage } from 'node:async_hooks'
import type { Logger } from 'drizzle-orm/logger'

/**
 * Counts the database queries each request makes, for its log line (server/app.ts) and the test that keeps
 * pages free of N+1 queries (tests/server/query-count.test.ts). The scope follows the request's async work;
 * queries outside any request (background jobs, start-up) are not counted.
 */
type QueryCounter = { queries: number }

const scope = new AsyncLocalStorage<QueryCounter>()
/** Keyed by the request, so its log line (written when the answer ends, outside the scope) finds the count. */
const counters = new WeakMap<object, QueryCounter>()

/** Runs `work` (the rest of the request's handling) counting its queries under `request`. */
export function countQueries<T>(request: object, work: () => T): T {
  const counter: QueryCounter = { queries: 0 }
  counters.set(request, counter)
  return scope.run(counter, work)
}

/** The number of queries made so far for `request`; undefined when it was not counted. */
export function queriesOf(request: object): number | undefined {
  return counters.get(request)?.queries
}

/** Drizzle's logger hook, called once per query on PGlite and node-postgres alike: one increment, nothing kept. */
export const queryCountingLogger: Logger = {
  logQuery() {
    const counter = scope.getStore()
    if (counter) counter.queries++
  },
}
