import { Form } from 'react-router'
import { ActionOutcome } from '~/components/admin/admin-page'
import { SaveButton, type SettingsSectionProps, shownValues } from '~/components/admin/settings-section'
import { inputClass, SelectField, TextField } from '~/components/forms/fields'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import { FormTokenField } from '~/components/forms/form-token-field'
import { INDIAN_STATES } from '~/features/checkout/indian-states'
import { GST_STATE_CODES } from '~/features/invoices/gst'
import type { TaxField } from '~/features/invoices/tax-settings'
import { m } from '~/i18n/paraglide/messages.js'

/**
 * The tax details at the top of /dash/settings: printed on new invoices; invoices already issued keep what they were
 * issued with. Its form posts no intent: a post without one is this form's.
 */
export function TaxSettingsForm({ isDemoGstin, busy, ...props }: SettingsSectionProps<TaxField> & { isDemoGstin: boolean }) {
  const { result } = props
  const failed = result && !result.ok ? result : undefined
  const { values, errors } = shownValues(props)
  return (
    <>
      <p className="mt-2 max-w-2xl text-earth-700">{m.settings_tax_intro()}</p>
      {isDemoGstin && (
        <p className="mt-4 max-w-2xl rounded-lg border border-turmeric-400 bg-turmeric-100 p-3 text-earth-900">
          {m.settings_tax_demo_notice()}
        </p>
      )}
      <ActionOutcome message={result?.ok ? result.message : undefined} error={failed?.error} />
      <FocusFirstError failure={failed} />
      <Form method="post" className="mt-6 grid max-w-md gap-5 rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm" noValidate>
        <FormTokenField />
        <SelectField id="gst-state" name="gstState" label={m.settings_tax_state()} defaultValue={values.gstState} error={errors.gstState}>
          {INDIAN_STATES.map((state) => (
            <option key={state} value={state}>
              {state} ({GST_STATE_CODES[state]})
            </option>
          ))}
        </SelectField>
        <TextField
          id="gstin"
          name="gstin"
          label={m.settings_tax_gstin()}
          required
          maxLength={15}
          autoCapitalize="characters"
          spellCheck={false}
          defaultValue={values.gstin}
          error={errors.gstin}
          hint={m.settings_tax_gstin_hint()}
          inputClassName={`${inputClass(errors.gstin)} font-mono uppercase`}
        />
        <SaveButton label={m.settings_tax_save()} busy={busy} />
      </Form>
    </>
  )
}
