import { SettingsSection, type SettingsSectionProps, settingsField, shownValues } from '~/components/admin/settings-section'
import { inputClass, TextField } from '~/components/forms/fields'
import type { NumberField } from '~/features/orders/number-settings'
import { m } from '~/i18n/paraglide/messages.js'

/** The order and invoice numbers' section of /dash/settings (decision 070). */
export function NumberSettingsForm({ busy, ...props }: SettingsSectionProps<NumberField>) {
  const shown = shownValues(props)
  const code = (field: NumberField) => `${inputClass(shown.errors[field])} font-mono uppercase`
  return (
    <SettingsSection
      id="numbers"
      title={m.settings_numbers_title()}
      intro={m.settings_numbers_intro()}
      intent="numbers"
      outcome={props.result}
      submit={m.settings_numbers_save()}
      busy={busy}
    >
      <TextField
        {...settingsField(shown, 'orderPrefix')}
        label={m.settings_numbers_order_label()}
        hint={m.settings_numbers_order_hint()}
        required
        maxLength={5}
        autoCapitalize="characters"
        spellCheck={false}
        inputClassName={code('orderPrefix')}
      />
      <TextField
        {...settingsField(shown, 'invoicePrefix')}
        label={m.settings_numbers_invoice_label()}
        hint={m.settings_numbers_invoice_hint()}
        required
        maxLength={3}
        autoCapitalize="characters"
        spellCheck={false}
        inputClassName={code('invoicePrefix')}
      />
    </SettingsSection>
  )
}
