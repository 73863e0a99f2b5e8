import { and, eq, lte, sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Database } from '~/db/client.server'
import { outbox } from '~/db/schema'

export type OutgoingMail = { recipient: string; subject: string; text: string }

/** Queues a mail. Pass the transaction of the change that causes it, so both land or neither. */
export async function enqueueMail(db: Database, mail: OutgoingMail) {
  const [row] = await db.insert(outbox).values(mail).returning({ id: outbox.id })
  return row!.id
}

export type MailTransport = { send(mail: OutgoingMail & { from: string }): Promise<void> }

export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl)
  return {
    async send(mail) {
      await transporter.sendMail({ from: mail.from, to: mail.recipient, subject: mail.subject, text: mail.text })
    },
  }
}

const MAX_ATTEMPTS = 8

/**
 * Sends the mails that are due. Rows are claimed with FOR UPDATE SKIP LOCKED, so several app servers
 * can run this at once and no mail goes out twice.
 */
export async function deliverDueMail(db: Database, transport: MailTransport, from: string, batch = 20) {
  let sent = 0
  for (let i = 0; i < batch; i++) {
    const delivered = await db.transaction(async (tx) => {
      const [mail] = await tx
        .select()
        .from(outbox)
        .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)))
        .orderBy(outbox.id)
        .limit(1)
        .for('update', { skipLocked: true })
      if (!mail) return null
      try {
        await transport.send({ from, recipient: mail.recipient, subject: mail.subject, text: mail.text })
        await tx.update(outbox).set({ status: 'sent', sentAt: new Date(), attempts: mail.attempts + 1 }).where(eq(outbox.id, mail.id))
        return true
      } catch (err) {
        const attempts = mail.attempts + 1
        // Back off 30 s, 1 min, 2 min, ... and give up after MAX_ATTEMPTS; the admin sees failed mail.
        const delaySeconds = 30 * 2 ** (attempts - 1)
        await tx
          .update(outbox)
          .set({
            attempts,
            lastError: String((err as Error).message ?? err).slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            nextAttemptAt: new Date(Date.now() + delaySeconds * 1000),
          })
          .where(eq(outbox.id, mail.id))
        console.error(`Mail ${mail.id} to ${mail.recipient} failed (attempt ${attempts}):`, (err as Error).message)
        return false
      }
    })
    if (delivered === null) break
    if (delivered) sent++
  }
  return sent
}

/** Polls the outbox in the background; returns a function that stops it. */
export function startOutboxWorker(db: Database, transport: MailTransport, from: string, everyMs = 2000) {
  let stopped = false
  let running: Promise<unknown> = Promise.resolve()
  const tick = () => {
    if (stopped) return
    running = deliverDueMail(db, transport, from)
      .catch((err) => console.error('Outbox worker failed:', err))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, everyMs)
      })
  }
  let timer = setTimeout(tick, 100)
  return async () => {
    stopped = true
    clearTimeout(timer)
    await running
  }
}
