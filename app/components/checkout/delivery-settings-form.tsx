import { SettingsSection, type SettingsSectionProps, settingsField, shownValues } from '~/components/admin/settings-section'
import { MoneyField, NumberField, RadioGroupField } from '~/components/forms/fields'
import type { DeliveryField } from '~/features/checkout/delivery-settings'

const ZONES = [
  { zone: 'local', title: 'Within your state', hint: 'PIN codes of the state your GST registration names.' },
  { zone: 'national', title: 'Rest of India', hint: 'Every other state and territory but the special zones.' },
  {
    zone: 'special',
    title: 'Special zones',
    hint: 'The North-East (Assam, Arunachal Pradesh, Manipur, Meghalaya, Mizoram, Nagaland, Sikkim, Tripura), Jammu and Kashmir, Ladakh, the Andaman and Nicobar Islands and Lakshadweep.',
  },
] as const

/**
 * The delivery section of /dash/settings: one charge, or weight slabs per zone, with the free-delivery threshold kept
 * for both, and the days a delivery takes in each zone (the dates customers see when no courier answers for a PIN).
 * Without JavaScript every field shows.
 */
export function DeliverySettingsForm({ busy, ...props }: SettingsSectionProps<DeliveryField>) {
  const shown = shownValues(props)
  const field = (name: DeliveryField) => settingsField(shown, name)
  const days = { required: true, min: 0, max: 30, step: 1 } as const
  return (
    <SettingsSection
      id="delivery"
      title="Delivery"
      intro="What the cart, the checkout and new orders charge for delivery, and the dates customers are promised, on every server at once. Orders already placed keep the charge and date they were placed with."
      intent="delivery"
      outcome={props.result}
      submit="Save delivery"
      busy={busy}
    >
      <RadioGroupField
        id="deliveryMode"
        name="deliveryMode"
        legend="How delivery is charged"
        options={[
          { value: 'flat', label: 'One charge' },
          { value: 'slabs', label: 'By weight and zone' },
        ]}
        defaultValue={shown.values.deliveryMode}
        error={shown.errors.deliveryMode}
        hint="By weight and zone, the charge follows the parcel’s weight and the delivery PIN code’s zone, as couriers charge."
        optionsClassName="mt-2 flex flex-wrap gap-4"
      />
      <MoneyField
        {...field('deliveryCharge')}
        label="Delivery charge (₹)"
        hint="With one charge: added to an order below the threshold. 0 makes delivery free on every order."
        required
      />
      <MoneyField
        {...field('freeDeliveryFrom')}
        label="Free delivery from (₹)"
        hint="Either way, orders whose subtotal reaches this pay no delivery. The cart tells customers how much more they need."
        required
      />
      {ZONES.map(({ zone, title, hint }) => (
        <fieldset key={zone} className="grid gap-4 border-t border-leaf-100 pt-4" aria-describedby={`${zone}-zone-hint`}>
          <legend className="text-lg font-semibold text-earth-900">{title}</legend>
          <p id={`${zone}-zone-hint`} className="text-sm text-earth-600">
            {hint}
          </p>
          <MoneyField {...field(`${zone}UpTo500g`)} label="Up to 500 g (₹)" required />
          <MoneyField {...field(`${zone}UpTo1kg`)} label="Up to 1 kg (₹)" required />
          <MoneyField
            {...field(`${zone}EachFurther500g`)}
            label="Each further 500 g (₹)"
            hint="Added for every 500 g, or part of it, above 1 kg."
            required
          />
          <div className="grid grid-cols-2 gap-4">
            <NumberField {...field(`${zone}DaysFrom`)} {...days} label="Fewest days" />
            <NumberField
              {...field(`${zone}DaysTo`)}
              {...days}
              min={1}
              label="Most days"
              hint="Customers are promised the most, counted from the day the parcel leaves; Sundays are not counted."
            />
          </div>
        </fieldset>
      ))}
    </SettingsSection>
  )
}
