import type { CartQuote } from '~/features/checkout/quote.server'
import type { PaymentChoice as Choice } from '~/features/offers/order-pricing'
import { formatRupees } from '~/features/money/money'
import { m } from '~/i18n/paraglide/messages.js'

/**
 * Pay online or cash on delivery, each with what it costs as the server priced it (issue 19); where cash on delivery
 * is not offered, why. Paying online shows the owner's discount for it; cash on delivery its fee.
 */
export function PaymentChoice({ quote, value, onChange }: { quote: CartQuote; value: Choice; onChange: (choice: Choice) => void }) {
  const { online, cod } = quote.paymentOptions
  if (!online.available) return null
  return (
    <fieldset className="rounded-lg border border-leaf-100 p-4">
      <legend className="px-1 text-xl font-semibold text-leaf-800">{m.checkout_how_to_pay()}</legend>
      <div className="mt-2 grid gap-3">
        <label className="flex cursor-pointer items-start gap-3 rounded-md border border-stone-200 p-3 has-[:checked]:border-leaf-700 has-[:checked]:bg-leaf-50">
          <input
            type="radio"
            name="payment"
            value="online"
            checked={value === 'online'}
            onChange={() => onChange('online')}
            className="mt-1 size-5 accent-leaf-700"
          />
          <span className="flex-1">
            <span className="flex flex-wrap justify-between gap-2 font-semibold text-earth-900">
              <span>{m.checkout_pay_online()}</span>
              <span>{formatRupees(online.totalPaise)}</span>
            </span>
            <span className="block text-sm text-earth-700">{m.checkout_pay_online_ways()}</span>
            {/* The discount alone: the COD fee not paid is said beside cash on delivery, not counted here as a saving (issue 39). */}
            {online.prepaidDiscountPaise > 0 ? (
              <span
                className="mt-1 inline-block rounded-full bg-leaf-700 px-2 py-0.5 text-sm font-semibold text-white"
                data-testid="prepaid-saving"
              >
                {m.checkout_off_for_paying_online({ amount: formatRupees(online.prepaidDiscountPaise) })}
              </span>
            ) : null}
            {online.couponMessage ? <span className="mt-1 block text-sm text-red-700">{online.couponMessage}</span> : null}
          </span>
        </label>
        <label
          className={`flex items-start gap-3 rounded-md border border-stone-200 p-3 ${cod.available ? 'cursor-pointer has-[:checked]:border-leaf-700 has-[:checked]:bg-leaf-50' : 'bg-stone-50'}`}
        >
          <input
            type="radio"
            name="payment"
            value="cod"
            checked={value === 'cod'}
            disabled={!cod.available}
            onChange={() => onChange('cod')}
            aria-describedby="cod-terms"
            className="mt-1 size-5 accent-leaf-700"
          />
          <span className="flex-1">
            <span className="flex flex-wrap justify-between gap-2 font-semibold text-earth-900">
              <span>{m.checkout_cash_on_delivery()}</span>
              {cod.available ? <span>{formatRupees(cod.totalPaise)}</span> : null}
            </span>
            <span id="cod-terms" className="block text-sm text-earth-700">
              {cod.available
                ? cod.codFeePaise
                  ? m.checkout_cod_terms_with_fee({ fee: formatRupees(cod.codFeePaise) })
                  : m.checkout_cod_terms()
                : cod.message}
            </span>
            {cod.available && cod.couponMessage ? <span className="mt-1 block text-sm text-red-700">{cod.couponMessage}</span> : null}
          </span>
        </label>
      </div>
    </fieldset>
  )
}
