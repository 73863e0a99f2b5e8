import { SettingsSection, type SettingsSectionProps, shownValues } from '~/components/admin/settings-section'
import type { DeliveryField } from '~/features/checkout/delivery-settings'

/** The delivery charge's section of /dash/settings. */
export function DeliverySettingsForm({ busy, ...props }: SettingsSectionProps<DeliveryField>) {
  const { values, errors } = shownValues(props)
  const input = { inputMode: 'decimal' } as const
  return (
    <SettingsSection
      id="delivery"
      title="Delivery"
      intro="What the cart, the checkout and new orders charge for delivery, on every server at once. Orders already placed keep the charge they were placed with."
      intent="delivery"
      outcome={props.result}
      fields={[
        {
          name: 'deliveryCharge',
          label: 'Delivery charge (₹)',
          hint: 'Added to an order below the threshold. 0 makes delivery free on every order.',
          value: values.deliveryCharge,
          error: errors.deliveryCharge,
          input,
        },
        {
          name: 'freeDeliveryFrom',
          label: 'Free delivery from (₹)',
          hint: 'Orders whose subtotal reaches this pay no delivery. The cart tells customers how much more they need.',
          value: values.freeDeliveryFrom,
          error: errors.freeDeliveryFrom,
          input,
        },
      ]}
      submit="Save delivery"
      busy={busy}
    />
  )
}
