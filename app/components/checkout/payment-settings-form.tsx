import { Form } from 'react-router'
import {
  SaveButton,
  type SettingsSectionProps,
  SettingsSectionFrame,
  settingsField,
  shownValues,
} from '~/components/admin/settings-section'
import { CheckboxField, FieldError, MoneyField, NumberField, TextareaField, TextField } from '~/components/forms/fields'
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
  const shown = shownValues(props)
  const { values, errors } = shown
  const field = (name: PaymentField) => settingsField(shown, name)
  const whole = (max: number) => ({ required: true, min: 1, max, step: 1 }) as const
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
          <div>
            <CheckboxField
              id="codEnabled"
              name="codEnabled"
              value="on"
              label="Offer cash on delivery"
              hint="When clear, the payment step says cash on delivery is not offered at the moment and asks customers to pay online."
              defaultChecked={values.codEnabled === 'on'}
              error={errors.codEnabled}
              className="inline-flex min-h-11 items-center gap-2 font-medium text-earth-900"
              errorClassName="mt-1.5 text-sm font-medium text-red-700"
            />
          </div>
          <MoneyField
            {...field('codFee')}
            label="COD fee (₹)"
            hint="Added to an order paid on delivery, shown on the payment step beside its total. 0 for no fee."
            required
          />
          <MoneyField
            {...field('codMinOrder')}
            label="Minimum order value (₹)"
            hint="On what the courier collects less the fee (goods after any coupon, and delivery). Below it, the payment step says how much more to add, or to pay online. 0 for none."
            required
          />
          <MoneyField
            {...field('codMaxOrder')}
            label="Maximum order value (₹)"
            hint="Above it, the payment step asks the customer to pay online. Blank for no maximum."
          />
          <TextareaField
            {...field('codRefusedPins')}
            defaultValue={values.codRefusedPins.slice(0, MAX_REFUSED_PINS_TEXT)}
            label="PIN codes where cash on delivery is not offered"
            hint="Where cash on delivery is not offered, the payment step says why. Whole PIN codes (682001), or their first digits for a whole area (6824 is 682400 to 682499), separated by commas, spaces or lines. Empty for none."
            rows={4}
            spellCheck={false}
          />
          <NumberField
            {...field('codMaxReturns')}
            {...whole(100)}
            label="Refused after this many returned parcels"
            hint="A customer, known by e-mail or by phone, whose cash-on-delivery parcels came back unclaimed this many times is asked to pay online."
          />
          <NumberField
            {...field('codConfirmHours')}
            {...whole(720)}
            label="Unconfirmed orders cancel after (hours)"
            hint="A cash-on-delivery order waits for the customer’s confirmation (the link in their order mail) or yours after a call; unconfirmed by then, it cancels itself and its stock goes back. 1 to 720; orders waiting keep the time they were given."
          />
        </fieldset>
        <fieldset
          className={fieldsetClass}
          aria-describedby={['prepaidKind-hint', errors.prepaidKind ? 'prepaidKind-error' : ''].filter(Boolean).join(' ')}
        >
          <legend className={legendClass}>Discount for paying online</legend>
          <p id="prepaidKind-hint" className="text-sm text-earth-600">
            Shown on the payment step as ‘₹X off for paying online’, taken off the goods after any coupon. Cash on delivery gets no such
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
                  <TextField
                    {...field('prepaidPercent')}
                    inputMode="decimal"
                    label="Percentage off (%)"
                    hint="From 0.01 to 100, like 5 or 2.5; rounded down to the paisa."
                  />
                  <MoneyField
                    {...field('prepaidMaxDiscount')}
                    label="Largest discount (₹)"
                    hint="The most a percentage takes off an order. Blank for no cap."
                  />
                </div>
              )}
              {kind === 'fixed' && (
                <div className="grid gap-4 border-l-2 border-leaf-100 pl-4">
                  <MoneyField
                    {...field('prepaidFixed')}
                    label="Amount off (₹)"
                    hint="Taken off every order paid online, never more than its goods."
                  />
                </div>
              )}
            </div>
          ))}
          <FieldError id="prepaidKind" error={errors.prepaidKind} />
        </fieldset>
        <SaveButton label="Save payments" busy={busy} />
      </Form>
    </SettingsSectionFrame>
  )
}
