import type { MetaDescriptor } from 'react-router'
import logoFile from '~/assets/logo.svg?no-inline'
import shareImageFile from '~/assets/showcase/freeze-dried-fruits.webp?no-inline'
import { CATEGORY_LABELS, type Category, type Shelf, SHELVES } from '../catalogue/categories'
import { type Product, productPath } from '../catalogue/product'
import { mediaUrl } from '../media/media-url'
import { rupeeAmount } from '../money/money'
import { m } from '~/i18n/paraglide/messages.js'
import { LANGUAGES, LANGUAGE_TAGS, currentLanguage, pathInLanguage } from '~/i18n/language'

/** A picture for link previews: an absolute URL, and what it shows. */
export type SharedImage = { url: string; alt: string }

export type PageDescription = {
  /** The whole title, the shop's name included as the page writes it. */
  title: string
  description: string
  shopName: string
  /** The shop's absolute origin (`https://shop.example`); null when unknown (an error page): no canonical then. */
  siteUrl: string | null
  /** The page's one address: its path (in English; each language's is made from it), and a query only where it changes what the page shows. */
  path: string
  kind?: 'website' | 'product'
  image?: SharedImage | null
  /** Pages of one visitor (account, checkout, admin): kept out of search results, never shared. */
  noindex?: boolean
  /** More Open Graph properties (a product's price). */
  extra?: MetaDescriptor[]
}

/** The logo as a file of its own (the top bar inlines it): search engines take a logo by URL. */
export const LOGO_URL = logoFile

/** The picture of pages without one of their own in link previews: the home page's first showcase, 960 × 640. */
export const SHOP_SHARE_IMAGE: SharedImage = {
  url: shareImageFile,
  // Worded when a page's head is made, in its language.
  get alt() {
    return m.findability_share_image_alt()
  },
}

/** Search engines show about 155 characters of a description; longer product texts are cut at a word. */
export const DESCRIPTION_LENGTH = 160

/** One line of at most `max` characters: whitespace collapsed, cut at a word with an ellipsis. */
export function summarize(text: string, max = DESCRIPTION_LENGTH) {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= max) return line
  const cut = line.slice(0, max - 1)
  const atWord = cut.lastIndexOf(' ')
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:–-]+$/, '')}…`
}

/** `path` (or an already absolute URL, as PUBLIC_MEDIA_URL's pictures are) on the shop's origin. */
export function absoluteUrl(siteUrl: string, path: string) {
  return new URL(path, `${siteUrl}/`).href
}

/**
 * Everything a page's <head> says to search engines and link previews: title, description, canonical link, Open
 * Graph and Twitter's card. The page's own words; the origin is PUBLIC_URL's, never a request's Host when it is set.
 */
export function pageMeta(page: PageDescription): MetaDescriptor[] {
  const description = summarize(page.description)
  if (page.noindex) return privatePageMeta(page.title, description)
  const head: MetaDescriptor[] = [{ title: page.title }, { name: 'description', content: description }]
  if (!page.siteUrl) return head
  const siteUrl = page.siteUrl
  const language = currentLanguage()
  // Each language's page is its own canonical, and names the other as its alternate (decision 074).
  const url = absoluteUrl(siteUrl, pathInLanguage(page.path, language))
  const image = page.image ? { ...page.image, url: absoluteUrl(page.siteUrl, page.image.url) } : null
  return [
    ...head,
    { tagName: 'link', rel: 'canonical', href: url },
    ...LANGUAGES.map((other) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: LANGUAGE_TAGS[other],
      href: absoluteUrl(siteUrl, pathInLanguage(page.path, other)),
    })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: absoluteUrl(siteUrl, page.path) },
    { property: 'og:site_name', content: page.shopName },
    { property: 'og:type', content: page.kind ?? 'website' },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: LANGUAGE_TAGS[language].replace('-', '_') },
    ...(image
      ? [
          { property: 'og:image', content: image.url },
          { property: 'og:image:alt', content: image.alt },
        ]
      : []),
    ...(page.extra ?? []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ]
}

/**
 * A page of one visitor (account, checkout, payment, admin): its title and description, kept out of search results;
 * no canonical or preview, since no one else would see what it shows.
 */
export function privatePageMeta(title: string, description: string): MetaDescriptor[] {
  return [{ title }, { name: 'description', content: summarize(description) }, { name: 'robots', content: 'noindex' }]
}

/** Pictures in previews: the largest width the media pipeline keeps (960 px). */
export const SHARED_IMAGE_WIDTH = 960

/** The product's front picture for previews, or null before one is uploaded. */
export function productImage(product: Pick<Product, 'name' | 'frontImage'>, mediaBase: string): SharedImage | null {
  return product.frontImage ? { url: mediaUrl(mediaBase, product.frontImage, SHARED_IMAGE_WIDTH), alt: product.name } : null
}

/** The head of a product page (both product routes): its own address, its picture and its price. */
export function productPageMeta(
  product: Product | undefined,
  site: { siteUrl: string | null; shopName: string; mediaBase: string },
): MetaDescriptor[] {
  if (!product)
    return [{ title: m.findability_product_not_found_title({ shopName: site.shopName }) }, { name: 'robots', content: 'noindex' }]
  const cheapest = product.offers.reduce<Product['offers'][number] | undefined>(
    (low, o) => (!low || o.pricePaise < low.pricePaise ? o : low),
    undefined,
  )
  const inStock = product.offers.some((o) => o.stock > 0)
  return pageMeta({
    ...site,
    title: `${product.name} | ${site.shopName}`,
    description:
      product.description ||
      m.findability_product_fallback_description({
        name: product.name,
        category: CATEGORY_LABELS[product.category],
        shopName: site.shopName,
      }),
    path: productPath(product),
    kind: 'product',
    image: productImage(product, site.mediaBase),
    extra: [
      ...(cheapest
        ? [
            { property: 'product:price:amount', content: rupeeAmount(cheapest.pricePaise) },
            { property: 'product:price:currency', content: 'INR' },
          ]
        : []),
      { property: 'product:availability', content: inStock ? 'in stock' : 'out of stock' },
    ],
  })
}

/** A shelf's title: the pack-size listing of freeze-dried goods is named apart from its twin (as in the footer). */
export function shelfTitle(shelf: Shelf) {
  return shelf.layout === 'size-select' ? m.findability_shelf_by_pack_size({ title: shelf.title }) : shelf.title
}

/**
 * A shelf's canonical address. /Freeze-pr lists exactly what /free-products lists, in another layout: search
 * engines are pointed at the plain grid, so the two do not compete as duplicates.
 */
export function shelfCanonicalPath(shelf: Shelf) {
  const sameGoods = (s: Shelf) =>
    s.layout === 'cards' &&
    s.subcategory === shelf.subcategory &&
    s.categories.length === shelf.categories.length &&
    s.categories.every((c) => shelf.categories.includes(c))
  return shelf.layout === 'cards' ? shelf.path : (SHELVES.find(sameGoods)?.path ?? shelf.path)
}

/**
 * The product list's address: the category and the page are part of it (they change what the page shows); anything
 * else is not. Page 1 is the list's plain address, without `page` (decision 038).
 */
export function productListPath(category: Category | null, page = 1) {
  const params = new URLSearchParams()
  if (category) params.set('category', category)
  if (page > 1) params.set('page', String(page))
  return params.size ? `/product?${params}` : '/product'
}
