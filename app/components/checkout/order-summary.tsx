import type { CartQuote } from '~/features/checkout/quote.server'
import { formatRupees } from '~/features/money/money'
import { orderMoneyLines } from '~/features/orders/order-money'
import { MoneyLines } from '../orders/money-lines'
import { m } from '~/i18n/paraglide/messages.js'

/** The nudge below a subtotal that pays for delivery. */
export const freeDeliveryHint = (morePaise: number) => m.checkout_free_delivery_hint({ amount: formatRupees(morePaise) })

/**
 * A quote's money as an order's: the coupon line only when the coupon applies; delivery said to start "from" its
 * charge while the charge waits for a PIN (weight slabs).
 */
export function quoteMoneyLines(quote: CartQuote) {
  const couponCode = quote.coupon?.applied ? quote.coupon.code : null
  const lines = orderMoneyLines(
    { ...quote, couponCode, couponDiscountPaise: couponCode ? quote.couponDiscountPaise : 0, paymentMethod: quote.payment },
    'quote',
  )
  return quote.deliveryFrom
    ? lines.map((line) => (line.kind === 'delivery' ? { ...line, label: m.checkout_delivery_from() } : line))
    : lines
}

/** The priced lines with subtotal, each discount, delivery, the COD fee and total, as the server quoted them. */
export function OrderSummary({ quote }: { quote: CartQuote }) {
  return (
    <section aria-labelledby="summary-heading" className="rounded-lg border border-leaf-100 p-4">
      <h2 id="summary-heading" className="text-xl font-semibold text-leaf-800">
        {m.checkout_order_summary()}
      </h2>
      <ul className="mt-3 divide-y divide-leaf-100">
        {quote.lines.map((line) => (
          <li key={`${line.productId}:${line.size ?? ''}`} className="flex items-center gap-3 py-3">
            {line.imageUrl ? <img src={line.imageUrl} alt="" width={56} height={56} className="size-14 rounded object-cover" /> : null}
            <div className="flex-1">
              <p className="font-medium">
                {line.name ?? m.checkout_unavailable_product()}
                {line.size ? ` (${line.size})` : ''}
              </p>
              <p className="text-sm text-gray-700">
                {line.quantity} × {line.unitPricePaise !== null ? formatRupees(line.unitPricePaise) : '—'}
              </p>
              {line.status !== 'ok' ? (
                <p className="text-sm font-medium text-red-700">
                  {line.status === 'gone' ? m.checkout_no_longer_sold() : m.checkout_only_left({ count: line.available })}
                </p>
              ) : null}
            </div>
            <p className="font-medium">{formatRupees(line.linePaise)}</p>
          </li>
        ))}
      </ul>
      <MoneyLines lines={quoteMoneyLines(quote)} className="mt-3 border-t border-leaf-100 pt-3" large />
      {quote.moreForFreeDeliveryPaise > 0 ? (
        <p className="mt-2 text-sm text-gray-700">{freeDeliveryHint(quote.moreForFreeDeliveryPaise)}</p>
      ) : null}
    </section>
  )
}
