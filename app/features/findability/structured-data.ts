import type { Offer as SchemaOffer, Product as SchemaProduct, PropertyValue, UnitPriceSpecification, WithContext } from 'schema-dts'
import { CATEGORY_LABELS, type PackSize } from '../catalogue/categories'
import { describeNet, describeShelfLife, mrpOf, netOf } from '../catalogue/declarations'
import { type Offer, type Product, isSized, packOffers, productPath, singleOffer } from '../catalogue/product'
import { mediaUrl } from '../media/media-url'
import { rupeeAmount } from '../money/money'
import type { ShopSettings } from '../settings/shop-settings'
import { SHARED_IMAGE_WIDTH, absoluteUrl } from './page-meta'

/** A schema.org object as JSON (https://schema.org, read by search engines from `application/ld+json`). */
export type JsonLd = { [key: string]: JsonLdValue }
type JsonLdValue = string | number | boolean | null | JsonLd | JsonLdValue[]

/** Customers' verdict on a product: the mean of their stars (1 to 5) and how many gave one. */
export type ProductRating = { average: number; count: number }

/**
 * JSON for a `<script type="application/ld+json">`. The HTML parser ends a script at the first `</script`,
 * whatever the JSON around it, so `<` (and `>`, `&`, and the two line separators JavaScript once rejected) are
 * written as \u escapes: the same JSON to a reader, nothing the parser acts on.
 */
export function serializeJsonLd(data: JsonLd | JsonLd[]) {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

const availability = (stock: number) => (stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock')

/**
 * A product page's `Product`: name, pictures, description, id, brand, and its offers in rupees with their stock —
 * one Offer for a single-price product; an AggregateOffer over one Offer per pack size for sized products.
 * `aggregateRating` only when someone has rated it (search engines reject a rating of nobody).
 */
export function productStructuredData({
  product,
  siteUrl,
  shopName,
  mediaBase,
  rating = null,
}: {
  product: Product
  siteUrl: string
  shopName: string
  /** Where pictures are (media-url.ts): PUBLIC_MEDIA_URL or /media. */
  mediaBase: string
  rating?: ProductRating | null
}): JsonLd {
  const url = absoluteUrl(siteUrl, productPath(product))
  const images = [product.frontImage, product.backImage]
    .filter((key) => key !== null)
    .map((key) => absoluteUrl(siteUrl, mediaUrl(mediaBase, key, SHARED_IMAGE_WIDTH)))
  // Typed by schema-dts (schema.org's vocabulary as TypeScript), so tsc checks every property against schema.org.
  const offer = (o: Offer, extra: Partial<Exclude<SchemaOffer, string>> = {}): SchemaOffer => ({
    '@type': 'Offer',
    ...extra,
    price: rupeeAmount(o.pricePaise),
    priceCurrency: 'INR',
    priceSpecification: priceSpecifications(o),
    availability: availability(o.stock),
    itemCondition: 'https://schema.org/NewCondition',
    url,
    seller: { '@type': 'Organization', name: shopName },
  })
  let offers: SchemaProduct['offers'] | null = null
  if (isSized(product)) {
    const packs = packOffers(product)
    if (packs.length) {
      const prices = packs.map((p) => p.pricePaise)
      offers = {
        '@type': 'AggregateOffer',
        priceCurrency: 'INR',
        lowPrice: rupeeAmount(Math.min(...prices)),
        highPrice: rupeeAmount(Math.max(...prices)),
        offerCount: packs.length,
        availability: availability(packs.reduce((sum, p) => sum + p.stock, 0)),
        offers: packs.map((p) => offer(p, { name: `${p.size} pack`, sku: packSku(product.id, p.size) })),
      }
    }
  } else {
    const single = singleOffer(product)
    if (single) offers = offer(single, { sku: product.id })
  }
  const declared = product.declarations
  const facts: PropertyValue[] = declared
    ? [
        ['Ingredients', declared.ingredients],
        ['Allergens', declared.allergens],
        ['Best before', describeShelfLife(declared.shelfLifeMonths) ?? ''],
        ['Storage', declared.storage],
        ['Manufactured or packed by', declared.manufacturer],
      ]
        .filter(([, value]) => value !== '')
        .map(([name, value]): PropertyValue => ({ '@type': 'PropertyValue', name, value }))
    : []
  const data: WithContext<SchemaProduct> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.name,
    description: product.description.trim(),
    url,
    sku: product.id,
    productID: product.id,
    category: CATEGORY_LABELS[product.category],
    brand: { '@type': 'Brand', name: shopName },
    ...(images.length ? { image: images } : {}),
    ...(declared ? { countryOfOrigin: { '@type': 'Country', name: declared.countryOfOrigin } } : {}),
    ...(facts.length ? { additionalProperty: facts } : {}),
    ...(offers ? { offers } : {}),
    ...(rating && rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round(rating.average * 10) / 10,
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  }
  return data as unknown as JsonLd
}

/** UN/CEFACT codes schema.org's QuantitativeValue takes for a net quantity. */
const UNIT_CODES = { g: 'GRM', ml: 'MLT', unit: 'H87' } as const

/**
 * The pack's MRP as its list price (GST included), and its price for its net quantity (decision 039), so a reader
 * sees the struck-through MRP and can work out the unit price as the listing shows it.
 */
function priceSpecifications(o: Offer): UnitPriceSpecification[] {
  const net = netOf(o)
  return [
    {
      '@type': 'UnitPriceSpecification',
      priceType: 'https://schema.org/ListPrice',
      name: 'MRP (incl. of all taxes)',
      price: rupeeAmount(mrpOf(o)),
      priceCurrency: 'INR',
      valueAddedTaxIncluded: true,
    },
    {
      '@type': 'UnitPriceSpecification',
      ...(net ? { name: `Price for ${describeNet(net)}` } : {}),
      price: rupeeAmount(o.pricePaise),
      priceCurrency: 'INR',
      valueAddedTaxIncluded: true,
      ...(net ? { referenceQuantity: { '@type': 'QuantitativeValue', value: net.amount, unitCode: UNIT_CODES[net.unit] } } : {}),
    },
  ]
}

const packSku = (productId: string, size: PackSize) => `${productId}-${size}`

type ShopPlace = ShopSettings['addresses'][number]

/**
 * The shop as a `GroceryStore` (a LocalBusiness) for the home and contact pages: name, address, logo, phone and
 * e-mail from the shop settings, every address, and each place (a factory, an office) as a department with its
 * own phone, e-mail and hours — places keep different hours, which one set of hours could not say.
 */
export function shopStructuredData({
  settings,
  siteUrl,
  logoUrl,
  imageUrl,
}: {
  settings: ShopSettings
  siteUrl: string
  /** None: a shop without a logo of its own (issue 39) names none. */
  logoUrl: string | null
  imageUrl?: string
}): JsonLd {
  const places = settings.addresses
  return {
    '@context': 'https://schema.org',
    '@type': 'GroceryStore',
    '@id': `${absoluteUrl(siteUrl, '/')}#shop`,
    name: settings.shopName,
    description: settings.tagline,
    url: absoluteUrl(siteUrl, '/'),
    ...(logoUrl ? { logo: absoluteUrl(siteUrl, logoUrl) } : {}),
    ...(imageUrl ? { image: absoluteUrl(siteUrl, imageUrl) } : {}),
    telephone: settings.phone,
    email: settings.email,
    currenciesAccepted: 'INR',
    address: places.map(postalAddress),
    department: places.map((place) => placeData(settings.shopName, place)),
  }
}

function placeData(shopName: string, place: ShopPlace): JsonLd {
  const hours = openingHoursOf(place.hours)
  return {
    '@type': 'LocalBusiness',
    name: `${shopName} ${place.label}`,
    address: postalAddress(place),
    ...(place.phone ? { telephone: place.phone } : {}),
    ...(place.email ? { email: place.email } : {}),
    ...(hours ? { openingHours: hours } : {}),
  }
}

/** The countries of the shop's addresses as ISO codes; another country is still named in the street text. */
const COUNTRY_CODES: Record<string, string> = { india: 'IN', singapore: 'SG' }

/** The settings keep an address as free lines; the lines are its text, the PIN (six digits) and the country are picked out. */
export function postalAddress(place: Pick<ShopPlace, 'lines'>): JsonLd {
  const text = place.lines.join(', ')
  const postalCode = text.match(/\b\d{6}\b/)?.[0]
  const last = place.lines.at(-1)?.toLowerCase() ?? ''
  const country = Object.entries(COUNTRY_CODES).find(([name]) => new RegExp(`\\b${name}\\b`).test(last))?.[1]
  return {
    '@type': 'PostalAddress',
    streetAddress: text,
    ...(postalCode ? { postalCode } : {}),
    ...(country ? { addressCountry: country } : {}),
  }
}

const CLOCK = String.raw`(\d{1,2})(?:[:.](\d{2}))?\s*([AaPp])\.?\s*[Mm]\.?`

/**
 * schema.org's `openingHours` ("Mo-Su 09:00-19:00") from the settings' "9:00 AM to 7:00 PM". The settings name no
 * days and the contact page shows the hours as daily, so they are every day. Anything else is left out rather
 * than guessed.
 */
export function openingHoursOf(hours: string) {
  const match = hours.trim().match(new RegExp(`^${CLOCK}\\s*(?:to|-|–|—)\\s*${CLOCK}$`, 'i'))
  if (!match) return undefined
  const time = (h: string, m: string | undefined, half: string) => {
    const hour = Number(h)
    if (hour < 1 || hour > 12 || Number(m ?? 0) > 59) return null
    const h24 = (hour % 12) + (half.toLowerCase() === 'p' ? 12 : 0)
    return `${String(h24).padStart(2, '0')}:${m ?? '00'}`
  }
  const opens = time(match[1]!, match[2], match[3]!)
  const closes = time(match[4]!, match[5], match[6]!)
  return opens && closes ? `Mo-Su ${opens}-${closes}` : undefined
}
