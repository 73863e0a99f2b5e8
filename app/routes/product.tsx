import { AddToCartPanel } from '~/components/catalogue/add-to-cart-panel'
import { ImageToggle } from '~/components/catalogue/image-toggle'
import { DietMark } from '~/components/catalogue/diet-mark'
import { OfferPrice, UnitSalePriceText } from '~/components/catalogue/offer-price'
import { ProductDeclarations } from '~/components/catalogue/product-declarations'
import { StockBadge } from '~/components/catalogue/stock-badge'
import { categoryLabel } from '~/features/catalogue/categories'
import { ownTextLang, productPath, singleOffer } from '~/features/catalogue/product'
import { productPageMeta } from '~/features/findability/page-meta'
import { siteOf } from '~/components/layout/use-shop-settings'
import { JsonLdScript } from '~/components/findability/json-ld'
import { RatingSummaryLink, ReviewsSection, reviewSignInPath } from '~/components/reviews/reviews-section'
import { reviewAction } from '~/features/reviews/product-page.server'
import { DeliveryByPin } from '~/components/shipping/delivery-by-pin'
import { loadProductPage } from './product-page.server'
import type { Route } from './+types/product'
import { m } from '~/i18n/paraglide/messages.js'

/** The product, its reviews and its structured data (product-page.server.ts, shared with the other product page). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return loadProductPage(request, context, params.productId)
}

/** The review form (features/reviews). */
export async function action({ params, request, context }: Route.ActionArgs) {
  return reviewAction(request, context, params.productId)
}

export function meta({ data, matches }: Route.MetaArgs) {
  return productPageMeta(data?.product, siteOf(matches))
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, reviews } = loaderData
  const offer = singleOffer(product)
  const stock = offer?.stock ?? 0

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <JsonLdScript json={loaderData.jsonLd} />
      <div className="grid gap-8 md:grid-cols-[minmax(0,28rem)_1fr] md:gap-12">
        <ImageToggle name={product.name} front={product.frontImage} back={product.backImage} />
        <div className="flex flex-col gap-4">
          <p className="text-sm font-semibold tracking-wide text-leaf-700 uppercase">{categoryLabel(product.category)}</p>
          <h1 className="flex items-center gap-2 text-3xl font-bold text-earth-900">
            {product.declarations && <DietMark mark={product.declarations.dietMark} className="size-5" />}
            <span lang={ownTextLang(product.nameLanguage)}>{product.name}</span>
          </h1>
          <RatingSummaryLink summary={reviews.summary} />
          <div className="flex flex-wrap items-center gap-4">
            {offer && <OfferPrice offer={offer} className="text-2xl" />}
            <StockBadge inStock={stock > 0} />
          </div>
          {offer && <UnitSalePriceText offer={offer} />}
          {stock > 0 && <AddToCartPanel product={product} stock={stock} />}
          <DeliveryByPin lines={`product=${product.id}`} initial={loaderData.delivery} className="border-t border-stone-200 pt-4" />
          <section aria-labelledby="description-heading" className="border-t border-stone-200 pt-4">
            <h2 id="description-heading" className="mb-2 text-lg font-semibold">
              {m.catalogue_description_heading()}
            </h2>
            <p lang={ownTextLang(product.descriptionLanguage)} className="leading-relaxed whitespace-pre-line text-stone-800">
              {product.description}
            </p>
          </section>
          <ProductDeclarations product={product} />
        </div>
      </div>
      <ReviewsSection reviews={reviews} actionData={actionData} signInPath={reviewSignInPath(productPath(product))} />
    </div>
  )
}
