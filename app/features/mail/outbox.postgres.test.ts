import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { openTestDatabase } from '~/db/test-database'
import { enqueueMail, type MailTransport, OUTBOX_CHANNEL, startOutboxWorker } from './outbox.server'

// PostgreSQL only: the outbox listens on a connection of its own, which a restart or a failover can drop.

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await openTestDatabase()
})
afterAll(async () => handle?.close())

it('listens again after its connection is cut, and sends at once what was queued meanwhile', async () => {
  const sent: string[] = []
  const transport: MailTransport = { send: async (mail) => void sent.push(mail.recipient) }
  // A minute between polls: only listening again can send in time.
  const stop = startOutboxWorker(handle.db, transport, 'shop@example.in', 60_000, 20, (wake) => handle.listen(OUTBOX_CHANNEL, wake))
  const listener = async () => {
    const result = await handle.db.execute(
      sql`select pid from pg_stat_activity where datname = current_database() and query = ${`LISTEN ${OUTBOX_CHANNEL}`}`,
    )
    return (result as unknown as { rows: Array<{ pid: number }> }).rows.map((row) => row.pid)
  }
  try {
    await expect.poll(listener, { timeout: 5_000 }).toHaveLength(1)
    // Its first look (100 ms after the start) finds nothing; the next poll would be a minute later.
    await new Promise((r) => setTimeout(r, 300))
    const [cut] = await listener()
    await handle.db.execute(sql`select pg_terminate_backend(${cut})`)
    await enqueueMail(handle.db, { recipient: 'while-cut@example.in', subject: 'Order placed', text: 't' })
    // Opened again after 5 s (LISTEN_RETRY_MS), it looks once for what it missed.
    await expect.poll(() => sent, { timeout: 15_000, interval: 50 }).toEqual(['while-cut@example.in'])
    const [again] = await listener()
    expect(again).toBeDefined()
    expect(again).not.toBe(cut)
    // And hears the next one at once.
    await enqueueMail(handle.db, { recipient: 'after@example.in', subject: 'Order placed', text: 't' })
    await expect.poll(() => sent.length, { timeout: 3_000, interval: 10 }).toBe(2)
  } finally {
    await stop()
  }
}, 30_000)
