import { SettingsSection, type SettingsSectionProps, settingsField, shownValues } from '~/components/admin/settings-section'
import { MoneyField } from '~/components/forms/fields'
import type { DeliveryField } from '~/features/checkout/delivery-settings'

/** The delivery charge's section of /dash/settings. */
export function DeliverySettingsForm({ busy, ...props }: SettingsSectionProps<DeliveryField>) {
  const shown = shownValues(props)
  return (
    <SettingsSection
      id="delivery"
      title="Delivery"
      intro="What the cart, the checkout and new orders charge for delivery, on every server at once. Orders already placed keep the charge they were placed with."
      intent="delivery"
      outcome={props.result}
      submit="Save delivery"
      busy={busy}
    >
      <MoneyField
        {...settingsField(shown, 'deliveryCharge')}
        label="Delivery charge (₹)"
        hint="Added to an order below the threshold. 0 makes delivery free on every order."
        required
      />
      <MoneyField
        {...settingsField(shown, 'freeDeliveryFrom')}
        label="Free delivery from (₹)"
        hint="Orders whose subtotal reaches this pay no delivery. The cart tells customers how much more they need."
        required
      />
    </SettingsSection>
  )
}
