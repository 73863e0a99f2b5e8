import { SettingsSection, type SettingsSectionProps, settingsField, shownValues } from '~/components/admin/settings-section'
import { inputClass, TextField } from '~/components/forms/fields'
import type { NumberField } from '~/features/orders/number-settings'

/** The order and invoice numbers' section of /dash/settings (decision 070). */
export function NumberSettingsForm({ busy, ...props }: SettingsSectionProps<NumberField>) {
  const shown = shownValues(props)
  const code = (field: NumberField) => `${inputClass(shown.errors[field])} font-mono uppercase`
  return (
    <SettingsSection
      id="numbers"
      title="Order and invoice numbers"
      intro="The letters before the numbers of new orders (KO-1234) and new tax invoices (KO/2026-27/0001). Orders and invoices already issued keep their numbers, and customers still find their orders by them."
      intent="numbers"
      outcome={props.result}
      submit="Save the prefixes"
      busy={busy}
    >
      <TextField
        {...settingsField(shown, 'orderPrefix')}
        label="Order number prefix"
        hint="2 to 5 capital letters or digits, starting with a letter."
        required
        maxLength={5}
        autoCapitalize="characters"
        spellCheck={false}
        inputClassName={code('orderPrefix')}
      />
      <TextField
        {...settingsField(shown, 'invoicePrefix')}
        label="Invoice prefix"
        hint="2 or 3 capital letters or digits (GST allows an invoice number 16 characters). A prefix not used yet this financial year starts a series of its own at 0001: your GST return lists each series."
        required
        maxLength={3}
        autoCapitalize="characters"
        spellCheck={false}
        inputClassName={code('invoicePrefix')}
      />
    </SettingsSection>
  )
}
