import { onServerOnly, settingsSlice } from '../settings/settings-slice'

/** The name the shop's mails come from (the From line's name; MAIL_FROM gives the address: sender.ts). */
export type MailSenderName = {
  /** Blank: the shop's name. */
  mailSenderName: string
}

const DEFAULT_MAIL_SENDER: MailSenderName = { mailSenderName: '' }

const MAIL_SENDER_FIELDS = ['mailSenderName'] as const
export type MailSenderField = (typeof MAIL_SENDER_FIELDS)[number]

/** The sender's section of /dash/shop: every mail sent from then on, on every server, carries the name. */
export const mailSenderSettings = settingsSlice({
  key: 'mail-sender',
  defaults: DEFAULT_MAIL_SENDER,
  fields: MAIL_SENDER_FIELDS,
  form: async () => (import.meta.env.SSR ? (await import('./sender-settings-form')).mailSenderSettingsForm : onServerOnly()),
})
