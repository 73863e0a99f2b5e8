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
import { m } from '~/i18n/paraglide/messages.js'

const prepaidKinds = () =>
  [
    { kind: 'none', label: m.settings_prepaid_none() },
    { kind: 'percent', label: m.settings_prepaid_percent() },
    { kind: 'fixed', label: m.settings_prepaid_fixed() },
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
    <SettingsSectionFrame id="payments" title={m.settings_payments_title()} intro={m.settings_payments_intro()} outcome={props.result}>
      <Form method="post" className="mt-6 grid max-w-md gap-6 rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm" noValidate>
        <FormTokenField />
        <input type="hidden" name="intent" value="payments" />
        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>{m.settings_cod_legend()}</legend>
          <div>
            <CheckboxField
              id="codEnabled"
              name="codEnabled"
              value="on"
              label={m.settings_cod_enabled()}
              hint={m.settings_cod_enabled_hint()}
              defaultChecked={values.codEnabled === 'on'}
              error={errors.codEnabled}
              className="inline-flex min-h-11 items-center gap-2 font-medium text-earth-900"
              errorClassName="mt-1.5 text-sm font-medium text-red-700"
            />
          </div>
          <MoneyField {...field('codFee')} label={m.settings_cod_fee_label()} hint={m.settings_cod_fee_hint()} required />
          <MoneyField {...field('codMinOrder')} label={m.settings_cod_min_label()} hint={m.settings_cod_min_hint()} required />
          <MoneyField {...field('codMaxOrder')} label={m.settings_cod_max_label()} hint={m.settings_cod_max_hint()} />
          <TextareaField
            {...field('codRefusedPins')}
            defaultValue={values.codRefusedPins.slice(0, MAX_REFUSED_PINS_TEXT)}
            label={m.settings_cod_pins_label()}
            hint={m.settings_cod_pins_hint()}
            rows={4}
            spellCheck={false}
          />
          <NumberField
            {...field('codMaxReturns')}
            {...whole(100)}
            label={m.settings_cod_returns_label()}
            hint={m.settings_cod_returns_hint()}
          />
          <NumberField
            {...field('codConfirmHours')}
            {...whole(720)}
            label={m.settings_cod_confirm_label()}
            hint={m.settings_cod_confirm_hint()}
          />
        </fieldset>
        <fieldset
          className={fieldsetClass}
          aria-describedby={['prepaidKind-hint', errors.prepaidKind ? 'prepaidKind-error' : ''].filter(Boolean).join(' ')}
        >
          <legend className={legendClass}>{m.settings_prepaid_legend()}</legend>
          <p id="prepaidKind-hint" className="text-sm text-earth-600">
            {m.settings_prepaid_hint()}
          </p>
          {prepaidKinds().map(({ kind, label }) => (
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
                    label={m.settings_percent_label()}
                    hint={m.settings_percent_hint()}
                  />
                  <MoneyField
                    {...field('prepaidMaxDiscount')}
                    label={m.settings_max_discount_label()}
                    hint={m.settings_max_discount_hint()}
                  />
                </div>
              )}
              {kind === 'fixed' && (
                <div className="grid gap-4 border-l-2 border-leaf-100 pl-4">
                  <MoneyField {...field('prepaidFixed')} label={m.settings_amount_off_label()} hint={m.settings_amount_off_hint()} />
                </div>
              )}
            </div>
          ))}
          <FieldError id="prepaidKind" error={errors.prepaidKind} />
        </fieldset>
        <SaveButton label={m.settings_payments_save()} busy={busy} />
      </Form>
    </SettingsSectionFrame>
  )
}
