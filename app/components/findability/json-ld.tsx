import { useShopSettings } from '~/components/layout/use-shop-settings'
import type { Product } from '~/features/catalogue/product'
import { type JsonLd, type ProductRating, productStructuredData, serializeJsonLd, shopStructuredData } from '~/features/findability/structured-data'
import { useCspNonce } from '~/http/csp-nonce'
import { LOGO_URL, SHOP_SHARE_IMAGE, useSiteUrl } from './site'

/**
 * Structured data for search engines, rendered with the page on the server. It carries the answer's CSP nonce like
 * every script of the page (docs/decisions/015-security-headers.md), and its JSON cannot close the element
 * (serializeJsonLd). React Router's `script:ld+json` meta puts no nonce on it, hence this element.
 */
export function JsonLdScript({ data }: { data: JsonLd | JsonLd[] }) {
  const nonce = useCspNonce()
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />
}

/** The shop as a LocalBusiness (both addresses, hours), for the home and contact pages. */
export function ShopJsonLd() {
  const settings = useShopSettings()
  const siteUrl = useSiteUrl()
  if (!siteUrl) return null
  return <JsonLdScript data={shopStructuredData({ settings, siteUrl, logoUrl: LOGO_URL, imageUrl: SHOP_SHARE_IMAGE.url })} />
}

/**
 * A product page's Product. `rating`: customers' stars once the shop has reviews (features/reviews); without
 * one, or with no ratings yet, the data says nothing of ratings.
 */
export function ProductJsonLd({ product, rating = null }: { product: Product; rating?: ProductRating | null }) {
  const { shopName } = useShopSettings()
  const siteUrl = useSiteUrl()
  if (!siteUrl) return null
  return <JsonLdScript data={productStructuredData({ product, siteUrl, shopName, rating })} />
}
