import { SettingsSection, type SettingsSectionProps, shownValues } from '~/components/admin/settings-section'
import type { FssaiField } from '~/features/invoices/fssai-settings'

/** The FSSAI number's section of /dash/settings (decision 037). */
export function FssaiSettingsForm({ isDemoFssai, busy, ...props }: SettingsSectionProps<FssaiField> & { isDemoFssai: boolean }) {
  const { values, errors } = shownValues(props)
  return (
    <SettingsSection
      id="fssai"
      title="Food licence (FSSAI)"
      intro="Shown in every page’s footer and printed on new invoices, as FSSAI asks of food sold online."
      notice={isDemoFssai && 'The number below is the demo shop’s made-up one. Enter your own before taking real orders.'}
      intent="fssai"
      outcome={props.result}
      fields={[
        {
          name: 'fssaiLicence',
          label: 'FSSAI licence or registration number',
          hint: '14 digits, as on your licence.',
          value: values.fssaiLicence,
          error: errors.fssaiLicence,
          input: { inputMode: 'numeric', maxLength: 20, className: 'font-mono' },
        },
      ]}
      submit="Save the licence number"
      busy={busy}
    />
  )
}
