import { SettingsSection, type SettingsSectionProps, settingsField, shownValues } from '~/components/admin/settings-section'
import { NumberField, TextField } from '~/components/forms/fields'
import { BOX_LIMITS, BOX_NUMBERS, type BoxField, boxField, boxLabel } from '~/features/shipping/box-fields'
import { m } from '~/i18n/paraglide/messages.js'

/** The shipping boxes' section of /dash/settings: five fixed rows, a blank row being a box the shop does not have. */
export function BoxSettingsForm({ busy, ...props }: SettingsSectionProps<BoxField>) {
  const shown = shownValues(props)
  const side = { min: 1, max: BOX_LIMITS.maxSideCm, step: 1 } as const
  return (
    <SettingsSection
      id="boxes"
      title={m.shipping_boxes_title()}
      intro={m.shipping_boxes_intro()}
      intent="boxes"
      outcome={props.result}
      submit={m.shipping_boxes_save()}
      busy={busy}
    >
      <p className="text-sm text-earth-700">{m.shipping_boxes_keep()}</p>
      {BOX_NUMBERS.map((n) => (
        // Keyed by the name shown: a save closes up cleared rows, and the moved boxes must be drawn anew in their new rows.
        <fieldset key={`${n} ${shown.values[boxField(n, 'Name')]}`} className="grid grid-cols-2 gap-3 border-t border-leaf-100 pt-4">
          <legend className="font-semibold text-earth-900">{boxLabel(n)}</legend>
          <TextField
            {...settingsField(shown, boxField(n, 'Name'))}
            label={m.shipping_box_name()}
            className="col-span-2"
            maxLength={BOX_LIMITS.name}
            placeholder={n === 1 ? m.shipping_box_name_placeholder() : undefined}
          />
          <NumberField {...settingsField(shown, boxField(n, 'Length'))} {...side} label={m.shipping_box_length()} />
          <NumberField {...settingsField(shown, boxField(n, 'Breadth'))} {...side} label={m.shipping_box_breadth()} />
          <NumberField {...settingsField(shown, boxField(n, 'Height'))} {...side} label={m.shipping_box_height()} />
          <NumberField
            {...settingsField(shown, boxField(n, 'MaxWeight'))}
            min={1}
            max={BOX_LIMITS.maxWeightGrams}
            step={1}
            label={m.shipping_box_max_weight()}
          />
        </fieldset>
      ))}
    </SettingsSection>
  )
}
