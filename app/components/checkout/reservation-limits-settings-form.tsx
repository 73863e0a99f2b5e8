import { SettingsSection, type SettingsSectionProps, settingsField, shownValues } from '~/components/admin/settings-section'
import { NumberField } from '~/components/forms/fields'
import type { ReservationLimitField } from '~/features/checkout/reservation-limits-settings'

/** The reservation limits' section of /dash/settings (decision 024); `phone` is the shop's, for bulk purchases. */
export function ReservationLimitsSettingsForm({ phone, busy, ...props }: SettingsSectionProps<ReservationLimitField> & { phone: string }) {
  const shown = shownValues(props)
  const whole = { required: true, min: 1, max: 10000, step: 1 } as const
  return (
    <SettingsSection
      id="reservation-limits"
      title="Reservation limits"
      intro="An order reserves its stock while it waits for payment. These limits keep one customer, or a bot, from emptying the shelves with orders never paid for."
      intent="reservation-limits"
      outcome={props.result}
      submit="Save reservation limits"
      busy={busy}
    >
      <NumberField
        {...settingsField(shown, 'maxUnitsPerLine')}
        {...whole}
        label="Units of one pack per order"
        hint={`A product in one size. Customers wanting more are told to call ${phone} for a bulk purchase.`}
      />
      <NumberField
        {...settingsField(shown, 'maxUnitsHeldUnpaid')}
        {...whole}
        label="Units held by unpaid orders"
        hint="Per network address, per e-mail and per phone: what orders awaiting payment may keep off the shelf at once."
      />
    </SettingsSection>
  )
}
