import { m } from '~/i18n/paraglide/messages.js'
import { text, z } from '~/zod'
import type { SliceForm } from '../settings/settings-slice'
import type { MailSenderField, MailSenderName } from './sender-settings'

export const MAX_SENDER_NAME = 80

/**
 * A sender name: one plain line, blank for the shop's name. Not an address, nor anything that reads as one: a name
 * with `@` or angle brackets would let the From line pass for another sender's.
 */
const senderName = text({ label: m.mail_sender_name_label, max: MAX_SENDER_NAME, required: false, oneLine: true }).refine(
  (name) => !/[<>@"\\]/.test(name),
  { error: () => m.mail_sender_name_invalid() },
)

/** Saves the name mails come from; the outbox reads it as each mail goes out. */
export const mailSenderSettingsForm: SliceForm<MailSenderName, MailSenderField> = {
  stored: z.object({ mailSenderName: senderName }),
  typed: (posted) => ({ mailSenderName: posted.mailSenderName.slice(0, 200) }),
  form: z.object({ mailSenderName: senderName }),
  shown: ({ mailSenderName }) => ({ mailSenderName }),
  saved: ({ mailSenderName }) => (mailSenderName ? m.mail_sender_saved_name({ name: mailSenderName }) : m.mail_sender_saved_shop_name()),
  // A getter: worded in the language of the request that reads it.
  get refused() {
    return m.mail_check_field_below()
  },
}
