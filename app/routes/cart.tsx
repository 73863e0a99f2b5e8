import { useRef } from 'react'
import { Link } from 'react-router'
import { CartLineRow } from '~/components/cart/cart-line-row'
import { useCart } from '~/components/cart/use-cart'
import { useCartQuote } from '~/components/cart/use-cart-quote'
import { useCheckoutChoices } from '~/components/cart/use-checkout-choices'
import { CouponBox } from '~/components/cart/coupon-box'
import { formatRupees } from '~/features/money/money'
import { freeDeliveryHint, quoteMoneyLines } from '~/components/checkout/order-summary'
import { MoneyLines } from '~/components/orders/money-lines'
import { pageMeta } from '~/features/findability/page-meta'
import { siteOf } from '~/components/layout/use-shop-settings'
import { cartLinesQuery, DeliveryByPin, useRememberedPin } from '~/components/shipping/delivery-by-pin'
import type { Route } from './+types/cart'
import { m } from '~/i18n/paraglide/messages.js'

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteOf(matches)
  // Indexable, unlike the checkout's later steps: the page the server sends holds no one's cart (it lives in the
  // browser), and the SEO budget of issue 7 counts this page (docs/decisions/017-page-speed.md).
  return pageMeta({
    ...site,
    title: m.cart_meta_title({ shopName: site.shopName }),
    description: m.cart_meta_description(),
    path: '/Cart-page',
  })
}

export default function CartPage() {
  const cart = useCart()
  const choices = useCheckoutChoices()
  // Delivery is priced for the PIN last asked about, when there is one (by weight and zone it depends on it).
  const pin = useRememberedPin()
  const priced = useCartQuote(cart.lines, { couponCode: choices.couponCode ?? undefined, postalCode: pin || undefined })
  const quote = priced.quote
  const empty = cart.lines.length === 0
  const canCheckout = !empty && priced.state === 'ready' && priced.quote.ready
  // A removed line takes its focused Remove button with it: the keyboard goes on from the heading, not the page's top.
  const heading = useRef<HTMLHeadingElement>(null)
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-semibold text-leaf-800">
        {m.cart_heading()}
      </h1>
      {!cart.loaded ? (
        <p className="mt-6 text-lg" role="status">
          {m.cart_loading()}
        </p>
      ) : empty ? (
        <p className="mt-6 text-lg">
          {m.cart_empty()}{' '}
          <Link to="/herb-ro" className="text-leaf-700 underline">
            {m.cart_browse_products()}
          </Link>
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-leaf-100 border-y border-leaf-100">
          {cart.lines.map((line) => (
            <CartLineRow
              key={`${line.id}:${line.size ?? ''}`}
              line={line}
              onRemoved={() => heading.current?.focus()}
              quoted={quote?.lines.find((q) => q.productId === line.id && (q.size ?? undefined) === line.size)}
            />
          ))}
        </ul>
      )}
      {priced.error ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-800">
          {priced.error}
        </p>
      ) : null}
      {quote && !quote.ready ? (
        <p role="alert" className="mt-4 rounded-md bg-amber-50 p-3 text-amber-900">
          {m.cart_items_unavailable()}
        </p>
      ) : null}
      <div className="mt-6 flex flex-col items-end gap-3" data-money-lines="">
        <p className="text-lg" aria-live="polite">
          {m.cart_subtotal_label({ count: cart.count })}{' '}
          <strong data-money="subtotal" data-paise={quote?.subtotalPaise ?? 0}>
            {empty ? formatRupees(0) : quote ? formatRupees(quote.subtotalPaise) : m.cart_checking_prices()}
          </strong>
        </p>
        {!empty && quote && quote.moreForFreeDeliveryPaise > 0 ? (
          <p className="text-sm text-gray-700">{freeDeliveryHint(quote.moreForFreeDeliveryPaise)}</p>
        ) : null}
        {!empty && cart.loaded ? (
          <CouponBox
            code={choices.couponCode}
            quote={quote}
            onApply={(code) => choices.setCouponCode(code)}
            onRemove={() => choices.setCouponCode(null)}
          />
        ) : null}
        {/* Below the subtotal, what makes the total: the coupon, delivery, and the payment chosen last time (online by
            default) with its discount or fee (issue 39: a saving was shown with no total). */}
        {!empty && quote?.ready ? <MoneyLines lines={quoteMoneyLines(quote).slice(1)} className="w-full max-w-md" /> : null}
        {!empty && cart.loaded ? <DeliveryByPin lines={cartLinesQuery(cart.lines)} className="w-full max-w-md" /> : null}
        {canCheckout ? (
          <Link to="/address" data-main-action className="rounded-md bg-leaf-700 px-5 py-3 font-medium text-white hover:bg-leaf-800">
            {m.cart_proceed_to_checkout()}
          </Link>
        ) : (
          <button type="button" disabled className="cursor-not-allowed rounded-md bg-gray-300 px-5 py-3 font-medium text-gray-700">
            {m.cart_proceed_to_checkout()}
          </button>
        )}
      </div>
    </div>
  )
}
