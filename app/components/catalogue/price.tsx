import { formatRupees } from '~/features/money/money'
import { m } from '~/i18n/paraglide/messages.js'

export function Price({ paise, className = '' }: { paise: number; className?: string }) {
  return <span className={`font-semibold tabular-nums ${className}`}>{formatRupees(paise)}</span>
}

/** "₹320 – ₹600": a sized product from its smallest to its middle pack. */
export function PriceRange({ from, to, className = '' }: { from: number; to: number; className?: string }) {
  if (from === to) return <Price paise={from} className={className} />
  return (
    <span className={`font-semibold tabular-nums ${className}`}>
      {formatRupees(from)} <span aria-hidden="true">–</span>
      <span className="sr-only">{m.catalogue_price_range_to()}</span> {formatRupees(to)}
    </span>
  )
}
