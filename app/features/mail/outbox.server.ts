import { pathWithoutLanguage } from '~/i18n/language'
import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import { z } from '~/zod'
import { m } from '~/i18n/paraglide/messages.js'
import nodemailer from 'nodemailer'
import type { Database, StopListening } from '~/db/client.server'
import { outbox } from '~/db/schema'
import { log } from '~/log.server'
import type { MailSender } from './sender'

export type OutgoingMail = { recipient: string; subject: string; text: string }

/** Queues a mail. Pass the transaction of the change that causes it, so both land or neither. */
export async function enqueueMail(db: Database, mail: OutgoingMail) {
  const [row] = await db.insert(outbox).values(mail).returning({ id: outbox.id })
  return row!.id
}

/** Who mails are from: `Name <address>` as written, or a name and an address apart (sender.ts). */
export type MailFrom = string | MailSender

export type MailTransport = { send(mail: OutgoingMail & { from: MailFrom }): Promise<void> }

/** The sender, or how to read it as mails go out: the owner may rename it at any time (sender.ts). */
export type SenderOf = MailFrom | (() => Promise<MailFrom>)

export function smtpTransport(smtpUrl: string): MailTransport {
  // Bounded waits: a silent mail server must not hold a worker for minutes.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  })
  return {
    async send(mail) {
      await transporter.sendMail({ from: mail.from, to: mail.recipient, subject: mail.subject, text: mail.text })
    },
  }
}

const MAX_ATTEMPTS = 8
/** How long a claimed mail is left to its sender before another worker may take it (after a crash). */
const CLAIM_MINUTES = 5

/**
 * Claims one due mail: marks it `sending` with a lease, in a short transaction using FOR UPDATE SKIP LOCKED,
 * so several app servers never take the same mail. The SMTP conversation happens after the commit: no row
 * lock (and, on the embedded database, no connection) is held while a mail server is slow.
 */
async function claimDueMail(db: Database) {
  return db.transaction(async (tx) => {
    const [mail] = await tx
      .select()
      .from(outbox)
      .where(and(inArray(outbox.status, ['pending', 'sending']), lte(outbox.nextAttemptAt, sql`now()`)))
      .orderBy(outbox.id)
      .limit(1)
      .for('update', { skipLocked: true })
    if (!mail) return null
    await tx
      .update(outbox)
      .set({ status: 'sending', attempts: mail.attempts + 1, nextAttemptAt: sql`now() + make_interval(mins => ${CLAIM_MINUTES})` })
      .where(eq(outbox.id, mail.id))
    return { ...mail, attempts: mail.attempts + 1 }
  })
}

/** Sends the mails that are due, one claim at a time; returns how many went out. The sender is read once a round, when a mail is due. */
export async function deliverDueMail(db: Database, transport: MailTransport, senderOf: SenderOf, batch = 20) {
  let sent = 0
  let from: MailFrom | undefined
  for (let i = 0; i < batch; i++) {
    const mail = await claimDueMail(db)
    if (!mail) break
    try {
      from ??= typeof senderOf === 'function' ? await senderOf() : senderOf
      await transport.send({ from, recipient: mail.recipient, subject: mail.subject, text: mail.text })
      await db.update(outbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(outbox.id, mail.id))
      sent++
    } catch (err) {
      // Back off 30 s, 1 min, 2 min, ... and give up after MAX_ATTEMPTS; the admin sees failed mail.
      const delaySeconds = 30 * 2 ** (mail.attempts - 1)
      await db
        .update(outbox)
        .set({
          lastError: String((err as Error).message ?? err).slice(0, 500),
          status: mail.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          nextAttemptAt: new Date(Date.now() + delaySeconds * 1000),
        })
        .where(eq(outbox.id, mail.id))
      log.warn({ mailId: mail.id, attempt: mail.attempts, err }, `Mail ${mail.id} failed (attempt ${mail.attempts})`)
    }
  }
  return sent
}

/** Calls `wake` whenever a mail was queued (on any server), and returns how to stop: DatabaseHandle's `listen`. */
export type OutboxWakeUps = (wake: () => void) => Promise<StopListening>

/** The channel a queued mail is announced on (migration 0015's trigger on the outbox). */
export const OUTBOX_CHANNEL = 'outbox'

/**
 * Sends the outbox's mails in the background; returns a function that stops it. With `wakeUps`, a mail goes out as
 * soon as the change that queued it commits; the poll every `everyMs` catches what a wake-up missed, and retries.
 */
export function startOutboxWorker(
  db: Database,
  transport: MailTransport,
  from: SenderOf,
  everyMs = 2000,
  batch = 20,
  wakeUps?: OutboxWakeUps,
) {
  let stopped = false
  let sending = false
  let wokenWhileSending = false
  let running: Promise<unknown> = Promise.resolve()
  const tick = () => {
    if (stopped) return
    sending = true
    let sent = 0
    running = deliverDueMail(db, transport, from, batch)
      .then((n) => (sent = n))
      .catch((err) => log.error({ err }, 'Outbox worker failed'))
      .finally(() => {
        sending = false
        // A full batch means more are likely waiting (a burst of orders), and a wake-up during the round may be for
        // a mail queued after its last look: go on at once rather than pause.
        const again = sent >= batch || wokenWhileSending
        wokenWhileSending = false
        if (!stopped) timer = setTimeout(tick, again ? 0 : everyMs)
      })
  }
  const wake = () => {
    if (stopped) return
    if (sending) {
      wokenWhileSending = true
      return
    }
    clearTimeout(timer)
    timer = setTimeout(tick, 0)
  }
  let timer = setTimeout(tick, 100)
  const stopWakeUps = wakeUps?.(wake).catch((err) => {
    log.warn({ err }, 'Queued mails cannot wake the outbox; it polls every few seconds instead')
    return async () => {}
  })
  return async () => {
    stopped = true
    clearTimeout(timer)
    await (await stopWakeUps)?.()
    await running
  }
}

export const OUTBOX_VIEWS = ['waiting', 'failed', 'sent', 'all'] as const
export const outboxQuerySchema = z.object({ show: z.enum(OUTBOX_VIEWS).catch('waiting') })

/** The outbox for the admin: newest first, with how many mails are in each state. */
export async function listOutbox(db: Database, query: z.infer<typeof outboxQuerySchema>, limit = 100) {
  const where =
    query.show === 'waiting'
      ? inArray(outbox.status, ['pending', 'sending'])
      : query.show === 'all'
        ? undefined
        : eq(outbox.status, query.show)
  const [mails, counts] = await Promise.all([
    db.select().from(outbox).where(where).orderBy(desc(outbox.id)).limit(limit),
    db.select({ status: outbox.status, n: count() }).from(outbox).groupBy(outbox.status),
  ])
  const tally = Object.fromEntries(counts.map((c) => [c.status, c.n])) as Partial<Record<(typeof outbox.status.enumValues)[number], number>>
  return {
    mails: mails.map((mail) => ({ ...mail, text: hideAccountLinks(mail.text) })),
    counts: { waiting: (tally.pending ?? 0) + (tally.sending ?? 0), failed: tally.failed ?? 0, sent: tally.sent ?? 0 },
  }
}

/** Query parameters that, by their name, carry a credential. */
const SECRET_PARAMETER = /token|code|key|otp|secret|sig|auth|hash|ticket|nonce|session/i
/** A value that looks made by a random generator: long, or mixing capitals and digits as tokens and JWTs do. */
const looksRandom = (value: string) =>
  /^[\w.~-]{32,}$/.test(value) || (/^[\w.~-]{16,}$/.test(value) && /\d/.test(value) && /[A-Z]/.test(value))

/** Whether a link acts for whoever holds it: a reset or confirmation link, a sign-in link, anything with a token. */
export function isAccountLink(link: string) {
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return true // not readable as a link: not shown either
  }
  if (/^\/api\/auth\//i.test(url.pathname) || /^\/reset-password\b/i.test(pathWithoutLanguage(url.pathname))) return true
  if (url.pathname.split('/').some((segment) => looksRandom(decodeURIComponentSafe(segment)))) return true
  for (const [name, value] of url.searchParams) if (SECRET_PARAMETER.test(name) || looksRandom(value)) return true
  return looksRandom(url.hash.slice(1))
}

function decodeURIComponentSafe(value: string) {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/**
 * Password-reset and address-confirmation links act for their recipient: an admin reading the outbox must
 * not be able to take over a customer's (or another admin's) account with them. The rule is by what a link
 * carries, not its path, so a new mail with a new kind of link is covered too (mail-templates.test.ts).
 */
export function hideAccountLinks(text: string) {
  return text.replace(/\bhttps?:\/\/[^\s<>"]+/gi, (link) => (isAccountLink(link) ? m.mail_hidden_link() : link))
}

export const mailRetrySchema = z.object({
  mailId: z.coerce
    .number({ error: () => m.mail_unknown_mail() })
    .int({ error: () => m.mail_unknown_mail() })
    .min(1, { error: () => m.mail_unknown_mail() })
    .max(2_147_483_647, { error: () => m.mail_unknown_mail() }),
})

/** Puts a failed mail back in the queue with a fresh set of attempts. Returns false unless it had failed. */
export async function retryMail(db: Database, mailId: number) {
  const [row] = await db
    .update(outbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
    .where(and(eq(outbox.id, mailId), eq(outbox.status, 'failed')))
    .returning({ id: outbox.id })
  return Boolean(row)
}
