import { useId, useState } from 'react'
import { DEFAULT_PACK_SIZE, PACK_SIZES, type PackSize } from '~/features/catalogue/categories'
import { type Product, cartLineFor, packOffers } from '~/features/catalogue/product'
import { telHref } from '~/features/settings/shop-settings'
import type { RatingSummary } from '~/features/reviews/review'
import { CartNoticeRegion } from './cart-notice'
import { type ImagePriority, CardShell } from './product-card'
import { Price } from './price'
import { focusRing, primaryButton } from './styles'
import { useAddToCart } from './use-add-to-cart'
import { useMediaBase } from '../layout/use-shop-settings'
import { m } from '~/i18n/paraglide/messages.js'

/**
 * The spec's other freeze-dried card: price, description and a size select (the keys of the prices
 * map) with Add to Cart for the chosen pack. Larger packs point to the seller for bulk quantities.
 */
export function SizeSelectCard({
  product,
  image,
  headingLevel,
  phone,
  rating,
}: {
  product: Product
  image: ImagePriority
  headingLevel: 2 | 3
  phone: string
  rating?: RatingSummary
}) {
  const packs = packOffers(product)
  const [size, setSize] = useState<PackSize>(
    packs.some((p) => p.size === DEFAULT_PACK_SIZE) ? DEFAULT_PACK_SIZE : (packs[0]?.size ?? DEFAULT_PACK_SIZE),
  )
  const { addToCart, notice } = useAddToCart()
  const mediaBase = useMediaBase()
  const selectId = useId()
  const pack = packs.find((p) => p.size === size)
  const inStock = (pack?.stock ?? 0) > 0
  const aboveSmallest = PACK_SIZES.indexOf(size) > 0

  return (
    <CardShell product={product} image={image} headingLevel={headingLevel} rating={rating}>
      <p aria-live="polite">{pack && <Price paise={pack.pricePaise} />}</p>
      <p className="text-sm text-stone-700">{product.description}</p>
      <div className="relative z-10 mt-auto flex flex-col gap-2 pt-2">
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm font-semibold">
            {m.catalogue_size()}
          </label>
          <select
            id={selectId}
            value={size}
            onChange={(e) => setSize(e.target.value as PackSize)}
            className={`min-h-11 flex-1 rounded-md border border-stone-400 bg-white px-2 ${focusRing}`}
          >
            {packs.map((p) => (
              <option key={p.size} value={p.size}>
                {p.size}
                {p.stock === 0 ? ` (${m.catalogue_sold_out()})` : ''}
              </option>
            ))}
          </select>
        </div>
        {aboveSmallest && (
          <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-950">
            {m.catalogue_contact_seller()}{' '}
            <a href={telHref(phone)} className="font-semibold whitespace-nowrap underline underline-offset-2">
              {phone}
            </a>
          </p>
        )}
        <button
          type="button"
          className={`${primaryButton} w-full`}
          data-main-action
          disabled={!inStock}
          aria-label={
            inStock
              ? m.catalogue_add_to_cart_named_size({ name: product.name, size })
              : m.catalogue_out_of_stock_named_size({ name: product.name, size })
          }
          onClick={() => addToCart(cartLineFor(product, 1, size, mediaBase))}
        >
          {inStock ? m.catalogue_add_to_cart() : m.catalogue_out_of_stock()}
        </button>
        <CartNoticeRegion notice={notice} />
      </div>
    </CardShell>
  )
}
