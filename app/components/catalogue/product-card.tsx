import { Link } from 'react-router'
import {
  type Product,
  cartLineFor,
  isSized,
  ownTextLang,
  priceRange,
  productPath,
  singleOffer,
  stockCount,
} from '~/features/catalogue/product'
import type { RatingSummary } from '~/features/reviews/review'
import { CardRating } from '../reviews/stars'
import { CartNoticeRegion } from './cart-notice'
import { describeNet, netOf } from '~/features/catalogue/declarations'
import { DietMark } from './diet-mark'
import { OfferPrice } from './offer-price'
import { PriceRange } from './price'
import { CARD_IMAGE_SIZES, ProductImage } from './product-image'
import { primaryButton, secondaryButton } from './styles'
import { useAddToCart } from './use-add-to-cart'
import { useMediaBase } from '../layout/use-shop-settings'
import { m } from '~/i18n/paraglide/messages.js'

export type ImagePriority = { loading: 'eager' | 'lazy'; priority: 'high' | 'auto' }

/**
 * The page's first picture is among its largest paints on a phone (two cards per row), so it loads at once and before
 * anything else; the rest load as they come near the screen. On a desktop the browser fetches the first row's lazy
 * pictures as soon as it lays them out.
 */
export function imagePriority(index: number): ImagePriority {
  return index === 0 ? { loading: 'eager', priority: 'high' } : { loading: 'lazy', priority: 'auto' }
}

export function CardShell({
  product,
  image,
  headingLevel,
  rating,
  title,
  children,
}: {
  product: Product
  image: ImagePriority
  headingLevel: 2 | 3
  rating?: RatingSummary
  /** The name as shown (search marks the words it matched); the product's name by default. */
  title?: React.ReactNode
  children: React.ReactNode
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    // The name's link stretches over the whole card; the controls sit above it.
    <article className="relative flex h-full flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <ProductImage
        imageKey={product.frontImage}
        productName={product.name}
        side="front"
        sizes={CARD_IMAGE_SIZES}
        loading={image.loading}
        priority={image.priority}
      />
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <Heading className="text-base leading-snug font-semibold">
          <Link
            to={productPath(product)}
            prefetch="intent"
            // English shown on a Tamil page, the owner not having translated it: said as English (screen readers).
            lang={ownTextLang(product.nameLanguage)}
            className="after:absolute after:inset-0 after:content-[''] hover:text-leaf-700 hover:underline focus-visible:outline-none after:focus-visible:rounded-lg after:focus-visible:outline-2 after:focus-visible:outline-offset-2 after:focus-visible:outline-leaf-700"
          >
            {title ?? product.name}
          </Link>
        </Heading>
        {product.declarations && product.declarations.dietMark !== 'none' && <DietMark mark={product.declarations.dietMark} />}
        {rating && <CardRating summary={rating} />}
        {children}
      </div>
    </article>
  )
}

/**
 * A product in the plain grid: sized products show a price range and Select Option, the rest Add to Cart. Search
 * results pass a marked-up `title` and an `extra` line (the matching part of the description).
 */
export function ProductCard({
  product,
  image,
  headingLevel,
  rating,
  title,
  extra,
}: {
  product: Product
  image: ImagePriority
  headingLevel: 2 | 3
  rating?: RatingSummary
  title?: React.ReactNode
  extra?: React.ReactNode
}) {
  const { addToCart, notice } = useAddToCart()
  const mediaBase = useMediaBase()
  const inStock = stockCount(product) > 0

  if (isSized(product)) {
    const range = priceRange(product)
    return (
      <CardShell product={product} image={image} headingLevel={headingLevel} rating={rating} title={title}>
        {extra}
        <p>
          <PriceRange from={range.from} to={range.to} />
        </p>
        {!inStock && <p className="text-sm font-semibold text-red-800">{m.catalogue_out_of_stock()}</p>}
        <div className="mt-auto pt-2">
          <Link
            to={productPath(product)}
            className={`${secondaryButton} relative z-10 w-full`}
            aria-label={m.catalogue_select_option_named({ name: product.name })}
          >
            {m.catalogue_select_option()}
          </Link>
        </div>
      </CardShell>
    )
  }

  const offer = singleOffer(product)
  return (
    <CardShell product={product} image={image} headingLevel={headingLevel} rating={rating} title={title}>
      {extra}
      <p>{offer && <OfferPrice offer={offer} compact />}</p>
      {offer && netOf(offer) && <p className="text-sm text-stone-700">{describeNet(netOf(offer)!)}</p>}
      <div className="mt-auto flex flex-col gap-1 pt-2">
        <button
          type="button"
          className={`${primaryButton} relative z-10 w-full`}
          data-main-action
          disabled={!inStock}
          aria-label={
            inStock ? m.catalogue_add_to_cart_named({ name: product.name }) : m.catalogue_out_of_stock_named({ name: product.name })
          }
          onClick={() => addToCart(cartLineFor(product, 1, undefined, mediaBase))}
        >
          {inStock ? m.catalogue_add_to_cart() : m.catalogue_out_of_stock()}
        </button>
        <CartNoticeRegion notice={notice} />
      </div>
    </CardShell>
  )
}
