import type { Database } from '~/db/client.server'
import type { ShopConfig } from '~/config.server'
import type { Product } from '../catalogue/product'
import { requestShopSettings } from '../settings/shop-settings.server'
import { LOGO_URL, SHOP_SHARE_IMAGE } from './page-meta'
import { siteUrlFor } from './site-url.server'
import { mediaBaseFor, mediaUrl } from '../media/media-url'
import { isDemoShop } from '../settings/shop-settings'
import { type ProductRating, productStructuredData, serializeJsonLd, shopStructuredData } from './structured-data'

/** What these need of a request's load context: the database (for the settings, read once per request) and the config. */
type RequestContext = { shop: { db: Database; config: Pick<ShopConfig, 'PUBLIC_URL' | 'PUBLIC_URL_SET' | 'PUBLIC_MEDIA_URL'> } }

/**
 * A product page's JSON-LD, ready for its script element. Built here, in the loader, not in the page: the browser
 * then carries no code for it. `rating`: customers' stars when there are reviews (features/reviews).
 */
export async function productPageJsonLd(context: RequestContext, request: Request, product: Product, rating: ProductRating | null = null) {
  const { shopName } = await requestShopSettings(context)
  return serializeJsonLd(
    productStructuredData({
      product,
      siteUrl: siteUrlFor(context.shop.config, request),
      shopName,
      mediaBase: mediaBaseFor(context.shop.config.PUBLIC_MEDIA_URL),
      rating,
    }),
  )
}

/** The shop's LocalBusiness JSON-LD for the home and contact pages. */
export async function shopJsonLd(context: RequestContext, request: Request) {
  const settings = await requestShopSettings(context)
  // The owner's logo; the demo's only on the demo shop (issue 39).
  const mediaBase = mediaBaseFor(context.shop.config.PUBLIC_MEDIA_URL)
  const logoUrl = settings.logo ? mediaUrl(mediaBase, settings.logo.key, 640) : isDemoShop(settings) ? LOGO_URL : null
  return serializeJsonLd(
    shopStructuredData({ settings, siteUrl: siteUrlFor(context.shop.config, request), logoUrl, imageUrl: SHOP_SHARE_IMAGE.url }),
  )
}
