import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { ShopConfig } from '~/config.server'
import type { Database } from '~/db/client.server'
import { serverHeartbeats } from '~/db/schema'
import { log } from '~/log.server'
import { GONE_AFTER_SECONDS, HEARTBEAT_EVERY_MS, registerServer, type ServerHeartbeat, startHeartbeat } from './heartbeats.server'

type MediaSettings = Pick<ShopConfig, 'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION'>

/** Marks of servers with no live row are removed once this old (a server writes its mark just before registering). */
const STALE_MARK_MS = 5 * 60_000

/** Where a server keeps its pictures, as its heartbeat row records it: servers on one database must agree. */
export function mediaPlace(config: MediaSettings) {
  if (!config.S3_BUCKET) return 'local disk'
  return `S3 bucket ${config.S3_BUCKET} ${config.S3_ENDPOINT ? `at ${config.S3_ENDPOINT}` : `in ${config.S3_REGION}`}`
}

/** The folder where each server on local-disk media leaves a file named by its id (DATA_DIR/media/servers). */
export function marksFolder(dataDir: string) {
  return path.join(dataDir, 'media', 'servers')
}

export class MediaNotSharedError extends Error {}

/**
 * Joins the servers sharing the database (docs/decisions/028-several-servers.md): registers this one's heartbeat,
 * after checking that every other live server serves the same pictures. The same S3 bucket passes; so does local
 * disk when each server's media folder is the same folder (a shared disk), which shows as this server seeing the
 * mark file every other server left in its own media folder. Anything else refuses the start with a message that
 * names S3_BUCKET: uploads made through one server would be 404 on the others.
 */
export async function joinServers(db: Database, config: MediaSettings, options: { heartbeatEveryMs?: number } = {}) {
  const server = { id: crypto.randomUUID(), media: mediaPlace(config) }
  const local = !config.S3_BUCKET
  const marks = marksFolder(config.DATA_DIR)
  const mark = path.join(marks, server.id)
  if (local) {
    fs.mkdirSync(marks, { recursive: true })
    // Written before the row exists, so any server that sees the row can look for the mark.
    fs.writeFileSync(mark, `${JSON.stringify({ pid: process.pid, started: new Date().toISOString() })}\n`)
  }
  let others: ServerHeartbeat[]
  try {
    others = await registerServer(db, server, (others) => {
      for (const other of others) {
        if (other.media !== server.media) throw new MediaNotSharedError(differentMediaMessage(other, server.media))
        if (local && !fs.existsSync(path.join(marks, other.id)))
          throw new MediaNotSharedError(notSharedFolderMessage(other, path.dirname(marks)))
      }
    })
  } catch (err) {
    if (local) fs.rmSync(mark, { force: true })
    throw err
  }
  if (local) await forgetStaleMarks(db, marks)
  if (others.length)
    log.info(
      `${others.length + 1} shop servers share this database; pictures are on ${server.media}${local ? ` (one folder, ${path.dirname(marks)})` : ''}.`,
    )
  const heartbeat = startHeartbeat(db, server, options.heartbeatEveryMs ?? HEARTBEAT_EVERY_MS)
  return {
    id: server.id,
    async stop() {
      await heartbeat.stop()
      if (local) fs.rmSync(mark, { force: true })
    },
  }
}

function describeServer(other: ServerHeartbeat) {
  return `another shop server (${other.host}, process ${other.pid})`
}

function differentMediaMessage(other: ServerHeartbeat, ours: string) {
  return (
    `Pictures: ${describeServer(other)} uses this database with its pictures on ${other.media}, and this one on ${ours}: ` +
    'each would miss the pictures uploaded through the other. Give every server the same S3_BUCKET (and S3_ENDPOINT, ' +
    `S3_REGION and keys). If that server has stopped without closing, it is forgotten ${GONE_AFTER_SECONDS} s after its last heartbeat.`
  )
}

function notSharedFolderMessage(other: ServerHeartbeat, mediaDir: string) {
  return (
    `Pictures: ${describeServer(other)} uses this database, but keeps its pictures in a folder other than this one's ` +
    `${mediaDir}: pictures uploaded through one server would be missing (404) on the others. Set S3_BUCKET (with ` +
    'S3_ENDPOINT, S3_REGION and keys as needed) on every server so they share one bucket, or give every server the ' +
    `same DATA_DIR/media folder on a shared disk. If that server has stopped without closing, it is forgotten ` +
    `${GONE_AFTER_SECONDS} s after its last heartbeat; start this one again then.`
  )
}

/**
 * Removes the marks of servers that are gone (killed, so they never removed their own): those with no row at all. A
 * server silent for a while keeps its row (for an hour), so its mark stays for when it comes back.
 */
async function forgetStaleMarks(db: Database, marks: string) {
  try {
    const known = new Set((await db.select({ id: serverHeartbeats.id }).from(serverHeartbeats)).map((s) => s.id))
    for (const name of await fs.promises.readdir(marks)) {
      if (known.has(name)) continue
      const file = path.join(marks, name)
      const { mtimeMs } = await fs.promises.stat(file)
      if (Date.now() - mtimeMs > STALE_MARK_MS) await fs.promises.rm(file, { force: true })
    }
  } catch (err) {
    log.warn({ err }, 'Could not tidy the servers’ marks in the media folder')
  }
}
