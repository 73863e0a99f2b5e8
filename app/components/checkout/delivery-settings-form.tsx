import { SettingsSection, type SettingsSectionProps, settingsField, shownValues } from '~/components/admin/settings-section'
import { MoneyField, NumberField, RadioGroupField } from '~/components/forms/fields'
import type { DeliveryField } from '~/features/checkout/delivery-settings'
import { m } from '~/i18n/paraglide/messages.js'

const zones = () =>
  [
    { zone: 'local', title: m.settings_zone_local_title(), hint: m.settings_zone_local_hint() },
    { zone: 'national', title: m.settings_zone_national_title(), hint: m.settings_zone_national_hint() },
    { zone: 'special', title: m.settings_zone_special_title(), hint: m.settings_zone_special_hint() },
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
      title={m.settings_delivery_title()}
      intro={m.settings_delivery_intro()}
      intent="delivery"
      outcome={props.result}
      submit={m.settings_delivery_save()}
      busy={busy}
    >
      <RadioGroupField
        id="deliveryMode"
        name="deliveryMode"
        legend={m.settings_delivery_mode_legend()}
        options={[
          { value: 'flat', label: m.settings_delivery_mode_flat() },
          { value: 'slabs', label: m.settings_delivery_mode_slabs() },
        ]}
        defaultValue={shown.values.deliveryMode}
        error={shown.errors.deliveryMode}
        hint={m.settings_delivery_mode_hint()}
        optionsClassName="mt-2 flex flex-wrap gap-4"
      />
      <MoneyField
        {...field('deliveryCharge')}
        label={m.settings_delivery_charge_label()}
        hint={m.settings_delivery_charge_hint()}
        required
      />
      <MoneyField {...field('freeDeliveryFrom')} label={m.settings_free_from_label()} hint={m.settings_free_from_hint()} required />
      {zones().map(({ zone, title, hint }) => (
        <fieldset key={zone} className="grid gap-4 border-t border-leaf-100 pt-4" aria-describedby={`${zone}-zone-hint`}>
          <legend className="text-lg font-semibold text-earth-900">{title}</legend>
          <p id={`${zone}-zone-hint`} className="text-sm text-earth-600">
            {hint}
          </p>
          <MoneyField {...field(`${zone}UpTo500g`)} label={m.settings_up_to_500g()} required />
          <MoneyField {...field(`${zone}UpTo1kg`)} label={m.settings_up_to_1kg()} required />
          <MoneyField {...field(`${zone}EachFurther500g`)} label={m.settings_each_500g()} hint={m.settings_each_500g_hint()} required />
          <div className="grid grid-cols-2 gap-4">
            <NumberField {...field(`${zone}DaysFrom`)} {...days} label={m.settings_fewest_days()} />
            <NumberField {...field(`${zone}DaysTo`)} {...days} min={1} label={m.settings_most_days()} hint={m.settings_most_days_hint()} />
          </div>
        </fieldset>
      ))}
    </SettingsSection>
  )
}
