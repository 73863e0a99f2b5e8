import { SettingsSection, type SettingsSectionProps, settingsField, shownValues } from '~/components/admin/settings-section'
import { inputClass, TextField } from '~/components/forms/fields'
import type { FssaiField } from '~/features/invoices/fssai-settings'
import { m } from '~/i18n/paraglide/messages.js'

/** The FSSAI number's section of /dash/settings (decision 037). */
export function FssaiSettingsForm({ isDemoFssai, busy, ...props }: SettingsSectionProps<FssaiField> & { isDemoFssai: boolean }) {
  const shown = shownValues(props)
  return (
    <SettingsSection
      id="fssai"
      title={m.settings_fssai_title()}
      intro={m.settings_fssai_intro()}
      notice={isDemoFssai && m.settings_fssai_demo_notice()}
      intent="fssai"
      outcome={props.result}
      submit={m.settings_fssai_save()}
      busy={busy}
    >
      <TextField
        {...settingsField(shown, 'fssaiLicence')}
        label={m.settings_fssai_label()}
        hint={m.settings_fssai_hint()}
        required
        inputMode="numeric"
        maxLength={20}
        inputClassName={`${inputClass(shown.errors.fssaiLicence)} font-mono`}
      />
    </SettingsSection>
  )
}
