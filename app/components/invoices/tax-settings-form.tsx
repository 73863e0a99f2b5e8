import { Form } from 'react-router'
import { ActionOutcome, inputClass } from '~/components/admin/admin-page'
import { SaveButton, SettingsFieldError, type SettingsSectionProps, shownValues } from '~/components/admin/settings-section'
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
      <Form method="post" className="mt-6 grid max-w-md gap-5 rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm" noValidate>
        <FormTokenField />
        <div>
          <label htmlFor="gst-state" className="block text-sm font-medium text-earth-900">
            State of registration
          </label>
          <select
            id="gst-state"
            name="gstState"
            defaultValue={values.gstState}
            aria-invalid={errors.gstState ? true : undefined}
            aria-describedby={errors.gstState ? 'gst-state-error' : undefined}
            className={`${inputClass} ${errors.gstState ? 'border-red-600' : 'border-stone-300'}`}
          >
            {INDIAN_STATES.map((state) => (
              <option key={state} value={state}>
                {state} ({GST_STATE_CODES[state]})
              </option>
            ))}
          </select>
          <SettingsFieldError id="gst-state-error" message={errors.gstState} />
        </div>
        <div>
          <label htmlFor="gstin" className="block text-sm font-medium text-earth-900">
            GSTIN
          </label>
          <input
            id="gstin"
            name="gstin"
            required
            maxLength={15}
            autoCapitalize="characters"
            spellCheck={false}
            defaultValue={values.gstin}
            aria-invalid={errors.gstin ? true : undefined}
            aria-describedby={['gstin-hint', errors.gstin ? 'gstin-error' : ''].filter(Boolean).join(' ')}
            className={`${inputClass} font-mono uppercase ${errors.gstin ? 'border-red-600' : 'border-stone-300'}`}
          />
          <p id="gstin-hint" className="mt-1 text-sm text-earth-600">
            15 characters; its first two digits are the state’s code.
          </p>
          <SettingsFieldError id="gstin-error" message={errors.gstin} />
        </div>
        <SaveButton label="Save tax details" busy={busy} />
      </Form>
    </>
  )
}
