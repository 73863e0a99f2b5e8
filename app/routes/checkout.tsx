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

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(`Checkout · ${shopSettingsOf(matches).shopName}`, 'Check your order, its delivery charge and address before paying.')

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
  const mainAction = choices.payment === 'cod' ? 'Place order (cash on delivery)' : 'Proceed to Payment'
  const canPay = cart.lines.length > 0 && address && priced.state === 'ready' && priced.quote.ready && !codRefused
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-semibold text-leaf-800">Checkout</h1>
      {!cart.loaded ? (
        <p className="mt-6 text-lg" role="status">
          Loading your cart…
        </p>
      ) : cart.lines.length === 0 ? (
        <p className="mt-6 text-lg">
          Your cart is empty.{' '}
          <Link to="/" className="text-leaf-700 underline">
            Continue shopping
          </Link>
        </p>
      ) : (
        <div className="mt-6 grid gap-6">
          {/* Where it goes comes first: what the server prices below it cannot move the address's link under a tap. */}
          <section aria-labelledby="ship-heading" className="rounded-lg border border-leaf-100 p-4">
            <h2 id="ship-heading" className="text-xl font-semibold text-leaf-800">
              Shipping to
            </h2>
            {address ? (
              <div className="mt-2">
                <AddressCard address={address} />
                <Link to="/address" className="mt-2 inline-block text-leaf-700 underline">
                  Change address
                </Link>
              </div>
            ) : address === null ? (
              <p className="mt-2">
                We need your shipping address.{' '}
                <Link to="/address" className="text-leaf-700 underline">
                  Enter the address
                </Link>
              </p>
            ) : null}
          </section>
          {quote ? <OrderSummary quote={quote} /> : <p>Checking prices…</p>}
          {address ? <DeliveryByPin lines={cartLinesQuery(cart.lines)} pin={address.postalCode} /> : null}
          {quote?.coupon && !quote.coupon.applied ? (
            <p role="alert" className="rounded-md bg-amber-50 p-3 text-amber-900">
              Code {quote.coupon.typed}: {quote.coupon.message}{' '}
              <Link to="/Cart-page" className="underline">
                Change it in the cart
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
              Some items are no longer available as chosen.{' '}
              <Link to="/Cart-page" className="underline">
                Update your cart
              </Link>{' '}
              to continue.
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
