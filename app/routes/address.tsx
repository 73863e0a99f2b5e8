import { useEffect, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useCart } from '~/components/cart/use-cart'
import { TextField } from '~/components/forms/fields'
import { FocusFirstError, useRefusal } from '~/components/forms/focus-first-error'
import { addressFormSchema } from '~/features/checkout/checkout-schemas'
import {
  ADDRESS_FIELDS,
  type AddressDraft,
  type AddressFieldName,
  EMPTY_ADDRESS,
  loadSavedAddress,
  saveAddress,
} from '~/features/checkout/saved-address'
import { INDIAN_STATES } from '~/features/checkout/indian-states'
import { privatePageMeta } from '~/features/findability/page-meta'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { parseForm } from '~/http/form-result'
import type { Route } from './+types/address'
import { m } from '~/i18n/paraglide/messages.js'

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(m.checkout_address_meta_title({ shopName: shopSettingsOf(matches).shopName }), m.checkout_address_meta_description())

export default function AddressPage() {
  const navigate = useNavigate()
  const cart = useCart()
  const [draft, setDraft] = useState<AddressDraft>(EMPTY_ADDRESS)
  const [errors, setErrors] = useState<Partial<Record<AddressFieldName, string>>>({})
  const [saveError, setSaveError] = useState<string | null>(null)
  const [refusal, refused] = useRefusal()

  useEffect(() => setDraft(loadSavedAddress()), [])

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = parseForm<typeof addressFormSchema, AddressFieldName>(draft, addressFormSchema)
    if (!parsed.ok) {
      setErrors(parsed.fieldErrors)
      return refused()
    }
    setErrors({})
    try {
      saveAddress({ ...draft, ...parsed.values })
    } catch {
      setSaveError(m.checkout_address_cannot_save())
      return refused()
    }
    navigate('/checkout')
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-3xl font-semibold text-leaf-800">{m.checkout_address_heading()}</h1>
      {cart.loaded && cart.lines.length === 0 ? (
        <p className="mt-4 rounded-md bg-amber-50 p-3 text-amber-900">
          {m.checkout_cart_empty()}{' '}
          <Link to="/Cart-page" className="underline">
            {m.checkout_go_to_cart()}
          </Link>
        </p>
      ) : null}
      <noscript>
        <p className="mt-4 rounded-md bg-amber-50 p-3 text-amber-900">{m.checkout_needs_javascript()}</p>
      </noscript>
      <form noValidate onSubmit={submit} className="mt-6 grid gap-4 sm:grid-cols-2">
        <FocusFirstError failure={refusal} />
        {ADDRESS_FIELDS.map((field) => (
          <TextField
            key={field.name}
            id={`address-${field.name}`}
            name={field.name}
            className={field.name === 'fullName' || field.name === 'email' || field.name === 'streetName' ? 'sm:col-span-2' : ''}
            label={
              <>
                {field.label()}
                {field.required ? (
                  <span aria-hidden="true" className="text-red-700">
                    {' '}
                    *
                  </span>
                ) : (
                  <span className="text-gray-600">{m.checkout_optional()}</span>
                )}
              </>
            }
            labelClassName="block text-sm font-medium"
            type={field.type}
            inputMode={'inputMode' in field ? field.inputMode : undefined}
            autoComplete={field.autoComplete}
            list={field.name === 'state' ? 'indian-states' : undefined}
            required={field.required}
            error={errors[field.name]}
            errorClassName="mt-1 text-sm text-red-700"
            value={draft[field.name]}
            onChange={(e) => setDraft((d) => ({ ...d, [field.name]: e.target.value }))}
            inputClassName="mt-1 w-full rounded-md border border-gray-400 px-3 py-2 aria-invalid:border-red-700"
          />
        ))}
        <datalist id="indian-states">
          {INDIAN_STATES.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        {saveError ? (
          <p role="alert" data-form-error className="rounded-md bg-red-50 p-3 text-red-800 sm:col-span-2">
            {saveError}
          </p>
        ) : null}
        <div className="flex items-center justify-between gap-4 sm:col-span-2">
          <Link to="/Cart-page" className="text-leaf-700 underline">
            {m.checkout_back_to_cart()}
          </Link>
          <button type="submit" data-main-action className="rounded-md bg-leaf-700 px-5 py-3 font-medium text-white hover:bg-leaf-800">
            {m.checkout_continue_to_summary()}
          </button>
        </div>
      </form>
    </div>
  )
}
