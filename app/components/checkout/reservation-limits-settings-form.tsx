import { SettingsSection, type SettingsSectionProps, shownValues } from '~/components/admin/settings-section'
import type { ReservationLimitField } from '~/features/checkout/reservation-limits-settings'

/** The reservation limits' section of /dash/settings (decision 024); `phone` is the shop's, for bulk purchases. */
export function ReservationLimitsSettingsForm({ phone, busy, ...props }: SettingsSectionProps<ReservationLimitField> & { phone: string }) {
  const { values, errors } = shownValues(props)
  const input = { type: 'number', inputMode: 'numeric', min: 1, max: 10000, step: 1 } as const
  return (
    <SettingsSection
      id="reservation-limits"
      title="Reservation limits"
      intro="An order reserves its stock while it waits for payment. These limits keep one customer, or a bot, from emptying the shelves with orders never paid for."
      intent="reservation-limits"
      outcome={props.result}
      fields={[
        {
          name: 'maxUnitsPerLine',
          label: 'Units of one pack per order',
          hint: `A product in one size. Customers wanting more are told to call ${phone} for a bulk purchase.`,
          value: values.maxUnitsPerLine,
          error: errors.maxUnitsPerLine,
          input,
        },
        {
          name: 'maxUnitsHeldUnpaid',
          label: 'Units held by unpaid orders',
          hint: 'Per network address, per e-mail and per phone: what orders awaiting payment may keep off the shelf at once.',
          value: values.maxUnitsHeldUnpaid,
          error: errors.maxUnitsHeldUnpaid,
          input,
        },
      ]}
      submit="Save reservation limits"
      busy={busy}
    />
  )
}
