import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { AddressCard } from '~/components/checkout/address-card'
import { OrderSummary } from '~/components/checkout/order-summary'
import { cartLinesQuery, DeliveryByPin } from '~/components/shipping/delivery-by-pin'
import { useCart } from '~/components/cart/use-cart'
import { useCartQuote } from '~/components/cart/use-cart-quote'
import { useCheckoutChoices } from '~/components/cart/use-checkout-choices'
import { PaymentChoice } from '~/components/checkout/payment-choice'
import { addressFormSchema } from '~/features/checkout/checkout-schemas'
import { type AddressDraft, loadSavedAddress } from '~/features/checkout/saved-address'
import { privatePageMeta } from '~/features/findability/page-meta'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import type { Route } from './+types/checkout'
import { PolicyNote } from '~/components/checkout/policy-note'
import { m } from '~/i18n/paraglide/messages.js'

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(m.checkout_meta_title({ shopName: shopSettingsOf(matches).shopName }), m.checkout_meta_description())

export default function CheckoutPage() {
  const cart = useCart()
  const choices = useCheckoutChoices()
  const [address, setAddress] = useState<AddressDraft | null | undefined>(undefined)
  useEffect(() => {
    const saved = loadSavedAddress()
    setAddress(addressFormSchema.safeParse(saved).success ? saved : null)
  }, [])
  // Priced for the way of paying chosen, and for this customer and PIN code: the COD rules and the code's limits
  // are checked as the order will check them.
  const priced = useCartQuote(cart.lines, {
    couponCode: choices.couponCode ?? undefined,
    payment: choices.payment,
    ...(address ? { email: address.email, phone: address.phoneNumber, postalCode: address.postalCode } : {}),
  })

  const quote = priced.quote
  const codRefused = choices.payment === 'cod' && quote !== null && !quote.paymentOptions.cod.available
  // Cash on delivery was chosen but is not offered for this order (the option says why): paying online is what is left.
  useEffect(() => {
    if (codRefused) choices.setPayment('online')
  }, [codRefused, choices])
  // With cash on delivery the next step places the order at once, so the button says so (issue 39).
  const mainAction = choices.payment === 'cod' ? m.checkout_place_order_cod() : m.checkout_proceed_to_payment()
  const canPay = cart.lines.length > 0 && address && priced.state === 'ready' && priced.quote.ready && !codRefused
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-semibold text-leaf-800">{m.checkout_heading()}</h1>
      {!cart.loaded ? (
        <p className="mt-6 text-lg" role="status">
          {m.checkout_loading_cart()}
        </p>
      ) : cart.lines.length === 0 ? (
        <p className="mt-6 text-lg">
          {m.checkout_cart_empty()}{' '}
          <Link to="/" className="text-leaf-700 underline">
            {m.checkout_continue_shopping()}
          </Link>
        </p>
      ) : (
        <div className="mt-6 grid gap-6">
          {/* Where it goes comes first: what the server prices below it cannot move the address's link under a tap. */}
          <section aria-labelledby="ship-heading" className="rounded-lg border border-leaf-100 p-4">
            <h2 id="ship-heading" className="text-xl font-semibold text-leaf-800">
              {m.checkout_shipping_to()}
            </h2>
            {address ? (
              <div className="mt-2">
                <AddressCard address={address} />
                <Link to="/address" className="mt-2 inline-block text-leaf-700 underline">
                  {m.checkout_change_address()}
                </Link>
              </div>
            ) : address === null ? (
              <p className="mt-2">
                {m.checkout_need_address()}{' '}
                <Link to="/address" className="text-leaf-700 underline">
                  {m.checkout_enter_address()}
                </Link>
              </p>
            ) : null}
          </section>
          {quote ? <OrderSummary quote={quote} /> : <p>{m.checkout_checking_prices()}</p>}
          {address ? <DeliveryByPin lines={cartLinesQuery(cart.lines)} pin={address.postalCode} /> : null}
          {quote?.coupon && !quote.coupon.applied ? (
            <p role="alert" className="rounded-md bg-amber-50 p-3 text-amber-900">
              {m.checkout_code_refused({ code: quote.coupon.typed, message: quote.coupon.message })}{' '}
              <Link to="/Cart-page" className="underline">
                {m.checkout_change_it_in_cart()}
              </Link>
            </p>
          ) : null}
          {quote && address ? (
            <PaymentChoice quote={quote} value={choices.payment} onChange={(choice) => choices.setPayment(choice)} />
          ) : null}
          {priced.error ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
              {priced.error}
            </p>
          ) : null}
          {quote && !quote.ready ? (
            <p role="alert" className="rounded-md bg-amber-50 p-3 text-amber-900">
              {m.checkout_items_unavailable_before()}{' '}
              <Link to="/Cart-page" className="underline">
                {m.checkout_items_unavailable_link()}
              </Link>
              {m.checkout_items_unavailable_after()}
            </p>
          ) : null}
          <div className="flex flex-col items-end gap-3">
            <PolicyNote className="max-w-xl text-right" />
            {canPay ? (
              <Link to="/payment" data-main-action className="rounded-md bg-leaf-700 px-5 py-3 font-medium text-white hover:bg-leaf-800">
                {mainAction}
              </Link>
            ) : (
              <button type="button" disabled className="cursor-not-allowed rounded-md bg-gray-300 px-5 py-3 font-medium text-gray-700">
                {mainAction}
              </button>
            )}
          </div>
        </div>
      )}
    </div>
  )
}
