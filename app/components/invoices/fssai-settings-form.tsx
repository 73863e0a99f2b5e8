import { SettingsSection, type SettingsSectionProps, settingsField, shownValues } from '~/components/admin/settings-section'
import { inputClass, TextField } from '~/components/forms/fields'
import type { FssaiField } from '~/features/invoices/fssai-settings'

/** The FSSAI number's section of /dash/settings (decision 037). */
export function FssaiSettingsForm({ isDemoFssai, busy, ...props }: SettingsSectionProps<FssaiField> & { isDemoFssai: boolean }) {
  const shown = shownValues(props)
  return (
    <SettingsSection
      id="fssai"
      title="Food licence (FSSAI)"
      intro="Shown in every page’s footer and printed on new invoices, as FSSAI asks of food sold online."
      notice={isDemoFssai && 'The number below is the demo shop’s made-up one. Enter your own before taking real orders.'}
      intent="fssai"
      outcome={props.result}
      submit="Save the licence number"
      busy={busy}
    >
      <TextField
        {...settingsField(shown, 'fssaiLicence')}
        label="FSSAI licence or registration number"
        hint="14 digits, as on your licence."
        required
        inputMode="numeric"
        maxLength={20}
        inputClassName={`${inputClass(shown.errors.fssaiLicence)} font-mono`}
      />
    </SettingsSection>
  )
}
