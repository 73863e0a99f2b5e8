import { Form } from 'react-router'
import { ActionOutcome } from '~/components/admin/admin-page'
import { SaveButton, type SettingsSectionProps, shownValues } from '~/components/admin/settings-section'
import { inputClass, SelectField, TextField } from '~/components/forms/fields'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import { FormTokenField } from '~/components/forms/form-token-field'
import { INDIAN_STATES } from '~/features/checkout/indian-states'
import { GST_STATE_CODES } from '~/features/invoices/gst'
import type { TaxField } from '~/features/invoices/tax-settings'

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
      <p className="mt-2 max-w-2xl text-earth-700">
        Printed on every tax invoice. Orders delivered in the shop’s state are charged CGST + SGST, all others IGST. Invoices already issued
        keep the details they were issued with.
      </p>
      {isDemoGstin && (
        <p className="mt-4 max-w-2xl rounded-lg border border-turmeric-400 bg-turmeric-100 p-3 text-earth-900">
          The GSTIN below is the demo shop’s made-up one. Enter your own before taking real orders.
        </p>
      )}
      <ActionOutcome message={result?.ok ? result.message : undefined} error={failed?.error} />
      <FocusFirstError failure={failed} />
      <Form method="post" className="mt-6 grid max-w-md gap-5 rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm" noValidate>
        <FormTokenField />
        <SelectField id="gst-state" name="gstState" label="State of registration" defaultValue={values.gstState} error={errors.gstState}>
          {INDIAN_STATES.map((state) => (
            <option key={state} value={state}>
              {state} ({GST_STATE_CODES[state]})
            </option>
          ))}
        </SelectField>
        <TextField
          id="gstin"
          name="gstin"
          label="GSTIN"
          required
          maxLength={15}
          autoCapitalize="characters"
          spellCheck={false}
          defaultValue={values.gstin}
          error={errors.gstin}
          hint="15 characters; its first two digits are the state’s code."
          inputClassName={`${inputClass(errors.gstin)} font-mono uppercase`}
        />
        <SaveButton label="Save tax details" busy={busy} />
      </Form>
    </>
  )
}
