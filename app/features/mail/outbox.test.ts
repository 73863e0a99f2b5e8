import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { outbox } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { deliverDueMail, enqueueMail, type MailTransport, OUTBOX_CHANNEL, smtpTransport, startOutboxWorker } from './outbox.server'

/** A real SMTP server on loopback that keeps what it receives. */
function startSmtpServer(port = 0) {
  const received: string[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let message = ''
      stream.on('data', (c) => (message += c))
      stream.on('end', () => {
        received.push(message)
        callback()
      })
    },
  })
  return new Promise<{ port: number; received: string[]; close: () => Promise<void> }>((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({
        port: (server.server.address() as AddressInfo).port,
        received,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    )
  })
}

describe(`mail outbox on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => handle?.close())

  it('keeps mails while the SMTP server is down and sends each exactly once when it is back', async () => {
    // Find a free port, then leave it closed: the mail server is "down".
    const probe = await startSmtpServer()
    const port = probe.port
    await probe.close()

    for (const n of [1, 2, 3]) {
      await enqueueMail(handle.db, { recipient: `customer${n}@example.in`, subject: `Order ${n}`, text: `Thank you ${n}` })
    }
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`)
    expect(await deliverDueMail(handle.db, transport, 'Shop <shop@example.in>')).toBe(0)
    let rows = await handle.db.select().from(outbox)
    expect(rows.every((r) => r.status === 'pending' && r.attempts === 1 && r.lastError)).toBe(true)
    // Backed off: nothing is due right away.
    expect(await deliverDueMail(handle.db, transport, 'Shop <shop@example.in>')).toBe(0)

    const smtp = await startSmtpServer(port)
    try {
      // Time passes: the back-off is over.
      await handle.db.update(outbox).set({ nextAttemptAt: sql`now() - interval '1 second'` })
      expect(await deliverDueMail(handle.db, transport, 'Shop <shop@example.in>')).toBe(3)
      expect(await deliverDueMail(handle.db, transport, 'Shop <shop@example.in>')).toBe(0)
      expect(smtp.received).toHaveLength(3)
      expect(smtp.received.join('\n')).toContain('Subject: Order 2')
      rows = await handle.db.select().from(outbox)
      expect(rows.every((r) => r.status === 'sent' && r.sentAt)).toBe(true)
    } finally {
      await smtp.close()
    }
  })

  it('works through a burst without pausing between full batches', async () => {
    await handle.db.delete(outbox)
    for (let i = 0; i < 45; i++) await enqueueMail(handle.db, { recipient: `burst${i}@example.in`, subject: 'Burst', text: 't' })
    const sent: string[] = []
    const transport: MailTransport = { send: async (mail) => void sent.push(mail.recipient) }
    // A minute between rounds: only going on at once after a full batch can send all 45 in time.
    const stop = startOutboxWorker(handle.db, transport, 'shop@example.in', 60_000, 20)
    try {
      await expect.poll(() => sent.length, { timeout: 15_000, interval: 100 }).toBe(45)
    } finally {
      await stop()
    }
    expect(new Set(sent).size).toBe(45)
  })

  it('sends a mail as soon as the change that queued it commits, not at the next poll; a rolled-back one never', async () => {
    await handle.db.delete(outbox)
    const sent: string[] = []
    const transport: MailTransport = { send: async (mail) => void sent.push(mail.recipient) }
    // A minute between polls: only the wake-up can send in time.
    const stop = startOutboxWorker(handle.db, transport, 'shop@example.in', 60_000, 20, (wake) => handle.listen(OUTBOX_CHANNEL, wake))
    try {
      // Its first look (100 ms after the start) finds nothing; the next poll would be a minute later.
      await new Promise((r) => setTimeout(r, 300))
      const failedOrder = handle.db.transaction(async (tx) => {
        await enqueueMail(tx, { recipient: 'rolled-back@example.in', subject: 'Order placed', text: 't' })
        throw new Error('the order failed')
      })
      await expect(failedOrder).rejects.toThrow('the order failed')
      const started = Date.now()
      await handle.db.transaction(async (tx) => {
        await enqueueMail(tx, { recipient: 'paid@example.in', subject: 'Order placed', text: 't' })
      })
      await expect.poll(() => sent, { timeout: 5_000, interval: 10 }).toEqual(['paid@example.in'])
      expect(Date.now() - started).toBeLessThan(5_000)
      expect(await handle.db.select({ recipient: outbox.recipient }).from(outbox)).toEqual([{ recipient: 'paid@example.in' }])
    } finally {
      await stop()
    }
  })
})
