import os from 'node:os'
import { and, asc, eq, gt, lt, ne, sql } from 'drizzle-orm'
import type { Database, Transaction } from '~/db/client.server'
import { serverHeartbeats } from '~/db/schema'
import { log } from '~/log.server'

/**
 * Each running app server has a row in server_heartbeats (docs/decisions/028-several-servers.md), so a server
 * knows which others share its database. Times are the database's, so servers' clocks need not agree.
 */

/** How often a server says it is alive. */
export const HEARTBEAT_EVERY_MS = 15_000
/** A server not seen for this long is gone (it missed several heartbeats: killed, or cut off). */
export const GONE_AFTER_SECONDS = 60
/** Rows of servers gone this long are deleted when another server registers. */
const FORGOTTEN_AFTER_SECONDS = 60 * 60
/** Registrations take this lock one after another (the migrations' lock is 7291001, the seed's 7291002). */
const REGISTRATION_LOCK = 7291003

export type ServerHeartbeat = typeof serverHeartbeats.$inferSelect
export type ServerIdentity = { id: string; media: string; host?: string; pid?: number }

/** The servers seen within the last GONE_AFTER_SECONDS, oldest first, except `exceptId`. */
export async function liveServers(db: Database | Transaction, exceptId?: string): Promise<ServerHeartbeat[]> {
  return db
    .select()
    .from(serverHeartbeats)
    .where(and(gt(serverHeartbeats.lastSeenAt, secondsAgo(GONE_AFTER_SECONDS)), exceptId ? ne(serverHeartbeats.id, exceptId) : undefined))
    .orderBy(asc(serverHeartbeats.startedAt), asc(serverHeartbeats.id))
}

/**
 * Registers a starting server. Registrations run one at a time under a lock, so of two servers starting at once
 * the second sees the first. `check` gets the other live servers and may throw to refuse the start: the row is
 * then not kept.
 */
export async function registerServer(db: Database, server: ServerIdentity, check?: (others: ServerHeartbeat[]) => void | Promise<void>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REGISTRATION_LOCK})`)
    await tx.delete(serverHeartbeats).where(lt(serverHeartbeats.lastSeenAt, secondsAgo(FORGOTTEN_AFTER_SECONDS)))
    await tx.insert(serverHeartbeats).values(rowOf(server))
    const others = await liveServers(tx, server.id)
    await check?.(others)
    return others
  })
}

/** Says the server is alive; puts its row back if it was deleted meanwhile (the server was cut off for an hour). */
export async function beat(db: Database, server: ServerIdentity) {
  await db
    .insert(serverHeartbeats)
    .values(rowOf(server))
    .onConflictDoUpdate({ target: serverHeartbeats.id, set: { lastSeenAt: sql`now()` } })
}

export async function unregisterServer(db: Database, id: string) {
  await db.delete(serverHeartbeats).where(eq(serverHeartbeats.id, id))
}

/** Beats every `everyMs` until stopped; stopping removes the row, so the others know at once the server is gone. */
export function startHeartbeat(db: Database, server: ServerIdentity, everyMs = HEARTBEAT_EVERY_MS) {
  let beating: Promise<void> = Promise.resolve()
  const timer = setInterval(() => {
    beating = beat(db, server).catch((err) => log.warn({ err }, 'Could not record this server’s heartbeat; trying again shortly'))
  }, everyMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await beating
      await unregisterServer(db, server.id).catch((err) =>
        log.warn({ err }, 'Could not remove this server’s heartbeat; the others forget it within a minute'),
      )
    },
  }
}

function rowOf(server: ServerIdentity) {
  return { id: server.id, host: server.host ?? os.hostname(), pid: server.pid ?? process.pid, media: server.media }
}

function secondsAgo(seconds: number) {
  return sql`now() - make_interval(secs => ${seconds})`
}
