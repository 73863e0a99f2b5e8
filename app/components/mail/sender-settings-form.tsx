import { SettingsSection, type SettingsSectionProps, settingsField, shownValues } from '~/components/admin/settings-section'
import { TextField } from '~/components/forms/fields'
import type { MailSenderField } from '~/features/mail/sender-settings'

/** The sender's section of /dash/shop: the name the shop's mails come from (issue 39). */
export function MailSenderSettingsForm({
  busy,
  shopName,
  address,
  ...props
}: SettingsSectionProps<MailSenderField> & { shopName: string; address: string }) {
  const shown = shownValues(props)
  return (
    <SettingsSection
      id="mail-sender"
      title="Mail sender"
      intro={`The name customers see on the shop’s mails, from ${address}. The address is the server’s MAIL_FROM setting; without SMTP_URL mails wait in the outbox.`}
      intent="mail-sender"
      outcome={props.result}
      submit="Save the sender"
      busy={busy}
    >
      <TextField
        {...settingsField(shown, 'mailSenderName')}
        label="Sender name"
        hint={`Leave empty for the shop’s name (${shopName}).`}
        maxLength={80}
        autoComplete="organization"
      />
    </SettingsSection>
  )
}
