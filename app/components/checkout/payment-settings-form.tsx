import { Form } from 'react-router'
import {
  SaveButton,
  SettingsCheckbox,
  type SettingsField,
  SettingsFieldError,
  SettingsFieldRow,
  type SettingsSectionProps,
  SettingsSectionFrame,
  shownValues,
} from '~/components/admin/settings-section'
import { FormTokenField } from '~/components/forms/form-token-field'
import { MAX_REFUSED_PINS_TEXT } from '~/features/checkout/cash-on-delivery'
import type { PaymentField } from '~/features/checkout/payment-settings'

const PREPAID_KINDS = [
  { kind: 'none', label: 'No offer' },
  { kind: 'percent', label: 'A percentage off' },
  { kind: 'fixed', label: 'A fixed amount off' },
] as const

/**
 * Cash on delivery's rules and the offer for paying online (decision 043): one form, so the checkout never runs on
 * half of a change. Without JavaScript every field shows; the offer's fields sit under the choice they belong to.
 */
export function PaymentSettingsForm({ busy, ...props }: SettingsSectionProps<PaymentField>) {
  const { values, errors } = shownValues(props)
  const field = (name: PaymentField, label: string, hint: string, extra: Partial<SettingsField> = {}): SettingsField => ({
    name,
    label,
    hint,
    value: values[name],
    error: errors[name],
    input: { inputMode: 'decimal' },
    ...extra,
  })
  const whole = (max: number) => ({ input: { type: 'number', inputMode: 'numeric', min: 1, max, step: 1 } as const })
  const fieldsetClass = 'grid gap-5 border-t border-leaf-100 pt-4 first-of-type:border-t-0 first-of-type:pt-0'
  const legendClass = 'text-lg font-semibold text-earth-900'
  return (
    <SettingsSectionFrame
      id="payments"
      title="Payments"
      intro="How customers may pay on the payment step: cash on delivery and its rules, and a discount for paying online. Every server follows a change at once; orders already placed keep their fee and discount."
      outcome={props.result}
    >
      <Form method="post" className="mt-6 grid max-w-md gap-6 rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm" noValidate>
        <FormTokenField />
        <input type="hidden" name="intent" value="payments" />
        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>Cash on delivery</legend>
          <SettingsCheckbox
            name="codEnabled"
            label="Offer cash on delivery"
            hint="When clear, the payment step says cash on delivery is not offered at the moment and asks customers to pay online."
            checked={values.codEnabled === 'on'}
            error={errors.codEnabled}
          />
          <SettingsFieldRow
            field={field(
              'codFee',
              'COD fee (₹)',
              'Added to an order paid on delivery, shown on the payment step beside its total. 0 for no fee.',
            )}
          />
          <SettingsFieldRow
            field={field(
              'codMinOrder',
              'Minimum order value (₹)',
              'On what the courier collects less the fee (goods after any coupon, and delivery). Below it, the payment step says how much more to add, or to pay online. 0 for none.',
            )}
          />
          <SettingsFieldRow
            field={field(
              'codMaxOrder',
              'Maximum order value (₹)',
              'Above it, the payment step asks the customer to pay online. Blank for no maximum.',
              { optional: true },
            )}
          />
          <SettingsFieldRow
            field={field(
              'codRefusedPins',
              'PIN codes where cash on delivery is not offered',
              'Where cash on delivery is not offered, the payment step says why. Whole PIN codes (682001), or their first digits for a whole area (6824 is 682400 to 682499), separated by commas, spaces or lines. Empty for none.',
              { rows: 4, optional: true, input: {}, value: values.codRefusedPins.slice(0, MAX_REFUSED_PINS_TEXT) },
            )}
          />
          <SettingsFieldRow
            field={field(
              'codMaxReturns',
              'Refused after this many returned parcels',
              'A customer, known by e-mail or by phone, whose cash-on-delivery parcels came back unclaimed this many times is asked to pay online.',
              whole(100),
            )}
          />
          <SettingsFieldRow
            field={field(
              'codConfirmHours',
              'Unconfirmed orders cancel after (hours)',
              'A cash-on-delivery order waits for the customer’s confirmation (the link in their order mail) or yours after a call; unconfirmed by then, it cancels itself and its stock goes back. 1 to 720; orders waiting keep the time they were given.',
              whole(720),
            )}
          />
        </fieldset>
        <fieldset
          className={fieldsetClass}
          aria-describedby={['prepaidKind-hint', errors.prepaidKind ? 'prepaidKind-error' : ''].filter(Boolean).join(' ')}
        >
          <legend className={legendClass}>Pay online and save</legend>
          <p id="prepaidKind-hint" className="text-sm text-earth-600">
            Shown on the payment step as ‘Pay online and save ₹X’, taken off the goods after any coupon. Cash on delivery gets no such
            discount.
          </p>
          {PREPAID_KINDS.map(({ kind, label }) => (
            <div key={kind} className="grid gap-3">
              <label className="inline-flex min-h-11 items-center gap-2 font-medium text-earth-900">
                <input
                  type="radio"
                  name="prepaidKind"
                  value={kind}
                  defaultChecked={values.prepaidKind === kind}
                  className="h-5 w-5 accent-leaf-700"
                />
                {label}
              </label>
              {kind === 'percent' && (
                <div className="grid gap-4 border-l-2 border-leaf-100 pl-4">
                  <SettingsFieldRow
                    field={field('prepaidPercent', 'Percentage off (%)', 'From 0.01 to 100, like 5 or 2.5; rounded down to the paisa.', {
                      optional: true,
                    })}
                  />
                  <SettingsFieldRow
                    field={field(
                      'prepaidMaxDiscount',
                      'Largest discount (₹)',
                      'The most a percentage takes off an order. Blank for no cap.',
                      { optional: true },
                    )}
                  />
                </div>
              )}
              {kind === 'fixed' && (
                <div className="grid gap-4 border-l-2 border-leaf-100 pl-4">
                  <SettingsFieldRow
                    field={field('prepaidFixed', 'Amount off (₹)', 'Taken off every order paid online, never more than its goods.', {
                      optional: true,
                    })}
                  />
                </div>
              )}
            </div>
          ))}
          <SettingsFieldError id="prepaidKind-error" message={errors.prepaidKind} />
        </fieldset>
        <SaveButton label="Save payments" busy={busy} />
      </Form>
    </SettingsSectionFrame>
  )
}
