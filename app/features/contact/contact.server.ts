import type { Database } from '~/db/client.server'
import { contactMessages } from '~/db/schema'
import { enqueueMail } from '~/features/mail/outbox.server'
import { getShopSettings } from '~/features/settings/shop-settings.server'
import type { ContactMessage } from './contact-message'

export function ownerNotification(message: ContactMessage, shopName: string) {
  return {
    subject: `New message from ${message.name}`,
    text: [
      `A visitor wrote to ${shopName} through the feedback form.`,
      '',
      `Name: ${message.name}`,
      `E-mail: ${message.email}`,
      `Phone: ${message.phone}`,
      '',
      'Message:',
      message.message,
      '',
      `Reply to ${message.email} or call ${message.phone}.`,
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
    const mailId = await enqueueMail(tx, { recipient: settings.email, ...ownerNotification(message, settings.shopName) })
    return { messageId: row!.id, mailId }
  })
}
