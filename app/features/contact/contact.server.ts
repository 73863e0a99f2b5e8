import { inOwnerLanguage } from '~/i18n/language.server'
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm'
import { z } from '~/zod'
import type { Database } from '~/db/client.server'
import { contactMessages } from '~/db/schema'
import { oneLineValues, quoted } from '~/features/mail/mail-text'
import { enqueueMail } from '~/features/mail/outbox.server'
import { getShopSettings } from '~/features/settings/shop-settings.server'
import type { ContactMessage } from './contact-message'
import { m } from '~/i18n/paraglide/messages.js'

export function ownerNotification(message: ContactMessage, shopName: string) {
  return {
    subject: m.mail_contact_subject(oneLineValues({ name: message.name })),
    text: [
      m.mail_contact_visitor_wrote(oneLineValues({ shopName })),
      '',
      m.mail_contact_name(oneLineValues({ name: message.name })),
      m.mail_contact_email(oneLineValues({ email: message.email })),
      m.mail_phone(oneLineValues({ phone: message.phone })),
      '',
      m.mail_contact_message(),
      // Indented: the visitor's own lines cannot pass as the mail's (a fake "Reply to …" line).
      quoted(message.message),
      '',
      m.mail_contact_reply(oneLineValues({ email: message.email, phone: message.phone })),
    ].join('\n'),
  }
}

/**
 * Keeps a visitor's message and queues a mail telling the owner. Both are written in one transaction,
 * so a stored message always has its notification and no mail goes out for a message that was lost.
 */
export async function receiveContactMessage(db: Database, message: ContactMessage) {
  const settings = await getShopSettings(db)
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(contactMessages).values(message).returning({ id: contactMessages.id })
    const mailId = await enqueueMail(tx, {
      recipient: settings.email,
      ...inOwnerLanguage(() => ownerNotification(message, settings.shopName)),
    })
    return { messageId: row!.id, mailId }
  })
}

export const messageListQuerySchema = z.object({ show: z.enum(['open', 'all']).catch('open') })

/** The contact messages for the admin, newest first; `open` leaves out those already handled. */
export async function listContactMessages(db: Database, query: z.infer<typeof messageListQuerySchema>, limit = 200) {
  const where: SQL | undefined = query.show === 'open' ? isNull(contactMessages.handledAt) : undefined
  const [rows, [open]] = await Promise.all([
    db.select().from(contactMessages).where(where).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(limit),
    db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.handledAt)),
  ])
  return { open: open!.n, messages: rows }
}

export const messageHandlingSchema = z.object({
  messageId: z.coerce
    .number({ error: () => m.contact_unknown_message() })
    .int({ error: () => m.contact_unknown_message() })
    .min(1, { error: () => m.contact_unknown_message() })
    .max(2_147_483_647, { error: () => m.contact_unknown_message() }),
  handled: z.enum(['true', 'false'], { error: () => m.contact_unknown_action() }).transform((v) => v === 'true'),
})

/** Marks a message handled by `actor` (or open again). Returns false when there is no such message. */
export async function setMessageHandled(db: Database, change: z.infer<typeof messageHandlingSchema>, actor: string) {
  const [row] = await db
    .update(contactMessages)
    .set(change.handled ? { handledAt: new Date(), handledBy: actor } : { handledAt: null, handledBy: null })
    .where(and(eq(contactMessages.id, change.messageId)))
    .returning({ id: contactMessages.id })
  return Boolean(row)
}
