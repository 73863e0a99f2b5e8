import { m } from '~/i18n/paraglide/messages.js'

export function StockBadge({ inStock, className = '' }: { inStock: boolean; className?: string }) {
  return inStock ? (
    <span className={`inline-block rounded-full bg-leaf-100 px-3 py-1 text-sm font-semibold text-leaf-800 ${className}`}>
      {m.catalogue_in_stock()}
    </span>
  ) : (
    <span className={`inline-block rounded-full bg-red-50 px-3 py-1 text-sm font-semibold text-red-800 ${className}`}>
      {m.catalogue_out_of_stock()}
    </span>
  )
}
