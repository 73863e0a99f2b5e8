import type { CartQuote } from '~/features/checkout/quote.server'
import { formatRupees } from '~/features/money/money'

/** The nudge below a subtotal that pays for delivery. */
export const freeDeliveryHint = (morePaise: number) => `Add ${formatRupees(morePaise)} more for free delivery.`

/** The priced lines with subtotal, each discount, delivery, the COD fee and total, as the server quoted them. */
export function OrderSummary({ quote }: { quote: CartQuote }) {
  return (
    <section aria-labelledby="summary-heading" className="rounded-lg border border-leaf-100 p-4">
      <h2 id="summary-heading" className="text-xl font-semibold text-leaf-800">
        Order summary
      </h2>
      <ul className="mt-3 divide-y divide-leaf-100">
        {quote.lines.map((line) => (
          <li key={`${line.productId}:${line.size ?? ''}`} className="flex items-center gap-3 py-3">
            {line.imageUrl ? <img src={line.imageUrl} alt="" width={56} height={56} className="size-14 rounded object-cover" /> : null}
            <div className="flex-1">
              <p className="font-medium">
                {line.name ?? 'Unavailable product'}
                {line.size ? ` (${line.size})` : ''}
              </p>
              <p className="text-sm text-gray-700">
                {line.quantity} × {line.unitPricePaise !== null ? formatRupees(line.unitPricePaise) : '—'}
              </p>
              {line.status !== 'ok' ? (
                <p className="text-sm font-medium text-red-700">
                  {line.status === 'gone' ? 'No longer sold' : `Only ${line.available} left`}
                </p>
              ) : null}
            </div>
            <p className="font-medium">{formatRupees(line.linePaise)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-3 grid grid-cols-2 gap-y-1 border-t border-leaf-100 pt-3">
        <dt>Subtotal</dt>
        <dd className="text-right">{formatRupees(quote.subtotalPaise)}</dd>
        {quote.couponDiscountPaise > 0 && quote.coupon?.applied ? (
          <>
            <dt>Coupon {quote.coupon.code}</dt>
            <dd className="text-right">−{formatRupees(quote.couponDiscountPaise)}</dd>
          </>
        ) : null}
        {quote.prepaidDiscountPaise > 0 ? (
          <>
            <dt>Paying online, you save</dt>
            <dd className="text-right">−{formatRupees(quote.prepaidDiscountPaise)}</dd>
          </>
        ) : null}
        <dt>Delivery</dt>
        <dd className="text-right">{quote.deliveryPaise ? formatRupees(quote.deliveryPaise) : 'Free'}</dd>
        {quote.codFeePaise > 0 ? (
          <>
            <dt>Cash on delivery fee</dt>
            <dd className="text-right">{formatRupees(quote.codFeePaise)}</dd>
          </>
        ) : null}
        <dt className="text-lg font-semibold">{quote.payment === 'cod' ? 'To pay on delivery' : 'Total'}</dt>
        <dd className="text-right text-lg font-semibold">{formatRupees(quote.totalPaise)}</dd>
      </dl>
      {quote.moreForFreeDeliveryPaise > 0 ? (
        <p className="mt-2 text-sm text-gray-700">{freeDeliveryHint(quote.moreForFreeDeliveryPaise)}</p>
      ) : null}
    </section>
  )
}
