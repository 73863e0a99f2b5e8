import { SettingsSection, type SettingsSectionProps, settingsField, shownValues } from '~/components/admin/settings-section'
import { NumberField } from '~/components/forms/fields'
import type { ReservationLimitField } from '~/features/checkout/reservation-limits-settings'
import { m } from '~/i18n/paraglide/messages.js'

/** The reservation limits' section of /dash/settings (decision 024); `phone` is the shop's, for bulk purchases. */
export function ReservationLimitsSettingsForm({ phone, busy, ...props }: SettingsSectionProps<ReservationLimitField> & { phone: string }) {
  const shown = shownValues(props)
  const whole = { required: true, min: 1, max: 10000, step: 1 } as const
  return (
    <SettingsSection
      id="reservation-limits"
      title={m.settings_limits_title()}
      intro={m.settings_limits_intro()}
      intent="reservation-limits"
      outcome={props.result}
      submit={m.settings_limits_save()}
      busy={busy}
    >
      <NumberField
        {...settingsField(shown, 'maxUnitsPerLine')}
        {...whole}
        label={m.settings_limits_per_line()}
        hint={m.settings_limits_per_line_hint({ phone })}
      />
      <NumberField
        {...settingsField(shown, 'maxUnitsHeldUnpaid')}
        {...whole}
        label={m.settings_limits_held()}
        hint={m.settings_limits_held_hint()}
      />
    </SettingsSection>
  )
}
