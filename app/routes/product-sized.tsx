import { useState } from 'react'
import { AddToCartPanel } from '~/components/catalogue/add-to-cart-panel'
import { BulkOrderDialog } from '~/components/catalogue/bulk-order-dialog'
import { ImageToggle } from '~/components/catalogue/image-toggle'
import { DietMark } from '~/components/catalogue/diet-mark'
import { MrpNote, UnitSalePriceText } from '~/components/catalogue/offer-price'
import { Price } from '~/components/catalogue/price'
import { ProductDeclarations } from '~/components/catalogue/product-declarations'
import { SizeSelector } from '~/components/catalogue/size-selector'
import { StockBadge } from '~/components/catalogue/stock-badge'
import { categoryLabel, DEFAULT_PACK_SIZE, type PackSize } from '~/features/catalogue/categories'
import { ownTextLang, packOffers, productPath } from '~/features/catalogue/product'
import { productPageMeta } from '~/features/findability/page-meta'
import { JsonLdScript } from '~/components/findability/json-ld'
import { siteOf, useShopSettings } from '~/components/layout/use-shop-settings'
import { RatingSummaryLink, ReviewsSection, reviewSignInPath } from '~/components/reviews/reviews-section'
import { reviewAction } from '~/features/reviews/product-page.server'
import { DeliveryByPin } from '~/components/shipping/delivery-by-pin'
import { loadProductPage } from './product-page.server'
import type { Route } from './+types/product-sized'
import { m } from '~/i18n/paraglide/messages.js'

/** The product, its reviews and its structured data (product-page.server.ts, shared with the other product page). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return loadProductPage(request, context, params.productId, params.name)
}

/** The review form (features/reviews). */
export async function action({ params, request, context }: Route.ActionArgs) {
  return reviewAction(request, context, params.productId)
}

export function meta({ data, matches }: Route.MetaArgs) {
  return productPageMeta(data?.product, siteOf(matches))
}

export default function SizedProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, reviews } = loaderData
  const { phone } = useShopSettings()
  const packs = packOffers(product)
  const [size, setSize] = useState<PackSize>(
    packs.some((p) => p.size === DEFAULT_PACK_SIZE) ? DEFAULT_PACK_SIZE : (packs[0]?.size ?? DEFAULT_PACK_SIZE),
  )
  const pack = packs.find((p) => p.size === size)
  const stock = pack?.stock ?? 0

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
          <p lang={ownTextLang(product.descriptionLanguage)} className="leading-relaxed whitespace-pre-line text-stone-800">
            {product.description}
          </p>
          <SizeSelector name="size" packs={packs} value={size} onChange={setSize} />
          <div className="flex flex-wrap items-center gap-4">
            {pack && (
              <p aria-live="polite">
                <span className="sr-only">{m.catalogue_price_for_size({ size })}</span>
                <Price paise={pack.pricePaise} className="text-2xl" />
              </p>
            )}
            {pack && (
              <p className="flex flex-wrap items-baseline gap-x-2">
                <MrpNote offer={pack} />
              </p>
            )}
            <StockBadge inStock={stock > 0} />
          </div>
          {pack && <UnitSalePriceText offer={pack} />}
          {stock > 0 && <AddToCartPanel product={product} stock={stock} size={size} />}
          <DeliveryByPin
            lines={`product=${product.id}&size=${size}`}
            hidden={{ size }}
            initial={loaderData.delivery}
            className="border-t border-stone-200 pt-4"
          />
          <div className="border-t border-stone-200 pt-4">
            <p className="mb-2 text-sm text-stone-700">{m.catalogue_bulk_note()}</p>
            <BulkOrderDialog phone={phone} />
          </div>
          <ProductDeclarations product={product} />
        </div>
      </div>
      <ReviewsSection reviews={reviews} actionData={actionData} signInPath={reviewSignInPath(productPath(product))} />
    </div>
  )
}
