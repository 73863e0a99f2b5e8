import { text, z } from '~/zod'
import type { SliceForm } from '../settings/settings-slice'
import type { MailSenderField, MailSenderName } from './sender-settings'

export const MAX_SENDER_NAME = 80

/**
 * A sender name: one plain line, blank for the shop's name. Not an address, nor anything that reads as one: a name
 * with `@` or angle brackets would let the From line pass for another sender's.
 */
const senderName = text({ label: 'Sender name', max: MAX_SENDER_NAME, required: false, oneLine: true }).refine(
  (name) => !/[<>@"\\]/.test(name),
  'Sender name: a name only, without @, quotes or angle brackets; MAIL_FROM gives the address.',
)

/** Saves the name mails come from; the outbox reads it as each mail goes out. */
export const mailSenderSettingsForm: SliceForm<MailSenderName, MailSenderField> = {
  stored: z.object({ mailSenderName: senderName }),
  typed: (posted) => ({ mailSenderName: posted.mailSenderName.slice(0, 200) }),
  form: z.object({ mailSenderName: senderName }),
  shown: ({ mailSenderName }) => ({ mailSenderName }),
  saved: ({ mailSenderName }) =>
    mailSenderName
      ? `Saved. The shop's mails come from ${mailSenderName} from now on.`
      : "Saved. The shop's mails come from the shop's name from now on.",
  refused: 'Check the field marked below.',
}
