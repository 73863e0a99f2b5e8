import type { Product } from '~/features/catalogue/product'
import type { RatingSummary } from '~/features/reviews/review'
import { ProductCard, imagePriority } from './product-card'
import { SizeSelectCard } from './size-select-card'
import { m } from '~/i18n/paraglide/messages.js'

/** Two cards a row from a 375 px phone up (one card a row made /free-products 17,100 px tall), at most six (the spec). */
export const GRID_COLUMNS = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6'

/**
 * A grid of product cards. `firstIndex` is the position of the first card on the page, so that only
 * the page's first picture loads eagerly.
 */
export function ProductGrid({
  products,
  layout = 'cards',
  headingLevel,
  firstIndex = 0,
  phone = '',
  ratings = {},
}: {
  products: Product[]
  layout?: 'cards' | 'size-select'
  headingLevel: 2 | 3
  firstIndex?: number
  phone?: string
  /** Rating summaries by product id (features/reviews); products without reviews show no stars. */
  ratings?: Readonly<Record<string, RatingSummary>>
}) {
  return (
    <ul role="list" className={GRID_COLUMNS}>
      {products.map((product, i) => (
        <li key={product.id}>
          {layout === 'size-select' ? (
            <SizeSelectCard
              product={product}
              image={imagePriority(firstIndex + i)}
              headingLevel={headingLevel}
              phone={phone}
              rating={ratings[product.id]}
            />
          ) : (
            <ProductCard product={product} image={imagePriority(firstIndex + i)} headingLevel={headingLevel} rating={ratings[product.id]} />
          )}
        </li>
      ))}
    </ul>
  )
}

export function EmptyShelf() {
  return <p className="rounded-lg bg-leaf-50 p-6 text-center text-lg">{m.catalogue_empty_shelf()}</p>
}
