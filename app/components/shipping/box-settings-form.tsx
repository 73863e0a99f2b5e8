import { SettingsSection, type SettingsSectionProps, settingsField, shownValues } from '~/components/admin/settings-section'
import { NumberField, TextField } from '~/components/forms/fields'
import { BOX_LIMITS, BOX_NUMBERS, type BoxField, boxField, boxLabel } from '~/features/shipping/box-fields'

/** The shipping boxes' section of /dash/settings: five fixed rows, a blank row being a box the shop does not have. */
export function BoxSettingsForm({ busy, ...props }: SettingsSectionProps<BoxField>) {
  const shown = shownValues(props)
  const side = { min: 1, max: BOX_LIMITS.maxSideCm, step: 1 } as const
  return (
    <SettingsSection
      id="boxes"
      title="Shipping boxes"
      intro="The boxes you pack parcels in, measured outside, as the courier measures them. For each parcel the shipping desk proposes the smallest box that takes its weight; you can change it before booking. Couriers bill the larger of the weight and the box’s size (length × breadth × height ÷ 5,000, in kg)."
      intent="boxes"
      outcome={props.result}
      submit="Save boxes"
      busy={busy}
    >
      <p className="text-sm text-earth-700">Keep one to five boxes. Clear a row to remove its box.</p>
      {BOX_NUMBERS.map((n) => (
        // Keyed by the name shown: a save closes up cleared rows, and the moved boxes must be drawn anew in their new rows.
        <fieldset key={`${n} ${shown.values[boxField(n, 'Name')]}`} className="grid grid-cols-2 gap-3 border-t border-leaf-100 pt-4">
          <legend className="font-semibold text-earth-900">{boxLabel(n)}</legend>
          <TextField
            {...settingsField(shown, boxField(n, 'Name'))}
            label="Name"
            className="col-span-2"
            maxLength={BOX_LIMITS.name}
            placeholder={n === 1 ? 'Small pouch box' : undefined}
          />
          <NumberField {...settingsField(shown, boxField(n, 'Length'))} {...side} label="Length (cm)" />
          <NumberField {...settingsField(shown, boxField(n, 'Breadth'))} {...side} label="Breadth (cm)" />
          <NumberField {...settingsField(shown, boxField(n, 'Height'))} {...side} label="Height (cm)" />
          <NumberField
            {...settingsField(shown, boxField(n, 'MaxWeight'))}
            min={1}
            max={BOX_LIMITS.maxWeightGrams}
            step={1}
            label="Takes up to (g)"
          />
        </fieldset>
      ))}
    </SettingsSection>
  )
}
