import { SettingsSection, type SettingsSectionProps, settingsField, shownValues } from '~/components/admin/settings-section'
import { TextField } from '~/components/forms/fields'
import type { MailSenderField } from '~/features/mail/sender-settings'
import { m } from '~/i18n/paraglide/messages.js'

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
      title={m.settings_sender_title()}
      intro={m.settings_sender_intro({ address })}
      intent="mail-sender"
      outcome={props.result}
      submit={m.settings_sender_save()}
      busy={busy}
    >
      <TextField
        {...settingsField(shown, 'mailSenderName')}
        label={m.settings_sender_label()}
        hint={m.settings_sender_hint({ shop: shopName })}
        maxLength={80}
        autoComplete="organization"
      />
    </SettingsSection>
  )
}
