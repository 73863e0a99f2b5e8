import { Link } from 'react-router'
import { shelfDescription } from '~/features/catalogue/shelf-descriptions'
import { ProductCard } from '~/components/catalogue/product-card'
import { JsonLdScript } from '~/components/findability/json-ld'
import { AboutShop } from '~/components/home/about-shop'
import { DemoMark } from '~/components/home/demo-mark'
import { FREE_DELIVERY_TOKEN } from '~/features/settings/shop-settings'
import { shopSettingsOf, siteOf, useMediaBase, useShopSettings } from '~/components/layout/use-shop-settings'
import { homeProducts } from '~/features/catalogue/catalogue.server'
import { SHELVES } from '~/features/catalogue/categories'
import { HOME_SHOWCASES } from '~/features/catalogue/home-showcases'
import { SHOWCASE_LAYOUT } from '~/features/catalogue/home-showcase-layout'
import { NO_DECLARATIONS, type Product, productPath } from '~/features/catalogue/product'
import { pageMeta, SHOP_SHARE_IMAGE } from '~/features/findability/page-meta'
import { shopJsonLd } from '~/features/findability/structured-data.server'
import { mediaSrcSet, mediaUrl } from '~/features/media/media-url'
import { formatRupees } from '~/features/money/money'
import { ratingSummaries } from '~/features/reviews/reviews.server'
import { requestShopSettings } from '~/features/settings/shop-settings.server'
import { CardRating } from '~/components/reviews/stars'
import type { Route } from './+types/home'
import { m } from '~/i18n/paraglide/messages.js'

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteOf(matches)
  return pageMeta({
    ...site,
    title: `${site.shopName} · ${shopSettingsOf(matches).tagline}`,
    // The owner's tagline, not a claim of the page's own (issue 39).
    description: m.catalogue_home_description({ tagline: shopSettingsOf(matches).tagline }),
    path: '/',
    image: SHOP_SHARE_IMAGE,
  })
}

/** How many products the home page shows first (two rows of three, three rows of two on a phone). */
const FEATURED_COUNT = 6

/**
 * A featured product as its card shows it. The page's data travels inside its HTML, which the first screen waits for:
 * the descriptions and the labels' declarations (but the food mark) added over a kilobyte to it, compressed.
 */
function forCard(product: Product): Product {
  const declarations = product.declarations && { ...NO_DECLARATIONS, dietMark: product.declarations.dietMark }
  return { ...product, description: '', backImage: null, ...(declarations && { declarations }) }
}

/**
 * The owner's featured products (or the best sellers) with their prices, and a link for each showcase item whose
 * product is in the shop.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.shop.db
  const settings = await requestShopSettings(context)
  const slugs = HOME_SHOWCASES.flatMap((s) => s.items.map((i) => i.slug))
  // The featured products and the showcases' in one read (two queries); the best sellers only when none is on sale.
  const [{ featured, showcase: products }, jsonLd] = await Promise.all([
    homeProducts(db, settings.featuredProductSlugs, slugs, FEATURED_COUNT),
    shopJsonLd(context, request),
  ])
  // Every product's stars in one query (features/reviews); products without reviews have none.
  const ratings = await ratingSummaries(
    db,
    [...featured, ...products].map((p) => p.id),
  )
  const reviewed = (list: Product[], keyOf: (p: Product) => string) =>
    Object.fromEntries(list.flatMap((p) => (ratings[p.id] ? [[keyOf(p), ratings[p.id]!]] : [])))
  const chosen = new Set(settings.featuredProductSlugs)
  return {
    jsonLd,
    // The owner's claims, here rather than in every page's data: only this page shows them.
    claims: settings.claims,
    featured: featured.map(forCard),
    // The owner's choice, or the best sellers when none of it is on sale.
    featuredAreChosen: featured.some((p) => chosen.has(p.slug)),
    featuredRatings: reviewed(featured, (p) => p.id),
    // The showcases' texts and pictures are in the page's code (HOME_SHOWCASES): by slug, where each item links to.
    showcasePaths: Object.fromEntries(products.map((p) => [p.slug, productPath(p)])),
    showcaseRatings: reviewed(products, (p) => p.slug),
    // Worded here: the showcases' words and the shelves' descriptions stay out of the page's script.
    showcaseWords: Object.fromEntries(
      HOME_SHOWCASES.map((showcase) => [
        showcase.id,
        {
          title: showcase.title,
          line: showcase.line,
          imageAlt: showcase.imageAlt,
          items: Object.fromEntries(showcase.items.map((item) => [item.slug, item.label])),
        },
      ]),
    ),
    shelfDescriptions: Object.fromEntries(SHELF_LINKS.map((shelf) => [shelf.path, shelfDescription(shelf)])),
  }
}

const SHELF_LINKS = SHELVES.filter((s) => s.layout === 'cards')

/**
 * Every width of the showcase pictures (scripts/make-demo-images.mjs), as hashed build assets: `<id>-<width>.webp`,
 * and `<id>.webp`, 960 px wide. Never inlined: small widths would otherwise become data: URLs in the page's script.
 */
const SHOWCASE_FILES = import.meta.glob<string>('../assets/showcase/*.webp', { eager: true, import: 'default', query: '?no-inline' })
/** Each showcase's `srcset`, by its id, narrowest first. */
const SHOWCASE_SRCSETS = new Map<string, string>()
{
  const widths = new Map<string, { width: number; url: string }[]>()
  for (const [file, url] of Object.entries(SHOWCASE_FILES)) {
    const [, id, width] = file.match(/([a-z-]+?)(?:-(\d+))?\.webp$/)!
    widths.set(id!, [...(widths.get(id!) ?? []), { width: Number(width ?? 960), url }])
  }
  for (const [id, list] of widths)
    SHOWCASE_SRCSETS.set(
      id,
      list
        .sort((a, b) => a.width - b.width)
        .map((w) => `${w.url} ${w.width}w`)
        .join(', '),
    )
}
/** The picture's column: the page less its padding on a phone, half of the 1280 px layout less the gap beside it. */
const SHOWCASE_SIZES = '(min-width: 1280px) 604px, (min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)'

// Sections below the fold are laid out and painted when they come near the screen, not with the first paint: the
// first layout holds 395 objects instead of 703 (decision 053). Only on sections without a background of their own:
// for a section not yet drawn, Lighthouse's contrast check reads the page's background behind its text.
const RENDERED_NEAR_THE_SCREEN = '[content-visibility:auto] [contain-intrinsic-size:auto_32rem]'

/** The shop's own hero picture, when the owner has chosen none (settings.home.heroImage null). */
const BUILT_IN_HERO = SHOWCASE_LAYOUT[0]!
/** The hero's column: the page less its padding up to 1024 px, then half of the layout less the gap beside it. */
const HERO_SIZES = '(min-width: 1280px) 604px, (min-width: 1024px) calc(50vw - 36px), calc(100vw - 32px)'

/**
 * The top of the page (issue 18): on a phone the heading, the hero picture and the featured products with their prices
 * fill the first screen, and the brand paragraph follows them; from 1024 px the heading and paragraph stand beside the
 * picture and the products run below. The hero is the page's largest paint: fetched first, never lazy.
 */
function HeroPicture({ imageKey, alt }: { imageKey: string | null; alt: string }) {
  const mediaBase = useMediaBase()
  const shared = {
    sizes: HERO_SIZES,
    width: 960,
    height: 640,
    loading: 'eager',
    fetchPriority: 'high',
    decoding: 'async',
    className:
      'mt-4 aspect-[5/2] h-auto w-full rounded-2xl bg-leaf-100 object-cover shadow-sm lg:col-start-2 lg:row-start-1 lg:mt-0 lg:aspect-[3/2]',
  } as const
  return imageKey ? (
    <img src={mediaUrl(mediaBase, imageKey, 640)} srcSet={mediaSrcSet(mediaBase, imageKey)} alt={alt} {...shared} />
  ) : (
    <img src={BUILT_IN_HERO.image} srcSet={SHOWCASE_SRCSETS.get(BUILT_IN_HERO.id)} alt={alt} {...shared} />
  )
}

/** The cards' pictures wait until they near the screen: the hero comes first. */
const LAZY_CARD = { loading: 'lazy', priority: 'auto' } as const

const ctaClass =
  'inline-flex items-center rounded-full px-6 py-3 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-turmeric-700'

export default function Home({ loaderData }: Route.ComponentProps) {
  const settings = useShopSettings()
  const { jsonLd, claims, featured, featuredAreChosen, featuredRatings, showcasePaths, showcaseRatings, showcaseWords } = loaderData
  // Until the owner confirms them, the claims say they are demo text (issue 39).
  const unconfirmed = !claims.confirmed
  const { home } = settings
  const heroAlt =
    home.heroAlt.trim() ||
    (home.heroImage ? m.catalogue_home_hero_alt({ shop: settings.shopName }) : showcaseWords[BUILT_IN_HERO.id]!.imageAlt)

  return (
    <>
      <JsonLdScript json={jsonLd} />
      <div className="bg-gradient-to-b from-leaf-50 to-stone-50">
        <div className="mx-auto grid max-w-7xl px-4 pt-4 pb-10 sm:pt-8 lg:grid-cols-2 lg:items-center lg:gap-x-10 lg:pt-12">
          {/* On a phone its children are grid items of their own, so the paragraph can follow the products. */}
          <div className="contents lg:col-start-1 lg:row-start-1 lg:block">
            <div>
              {claims.tagline && (
                <p className="hidden text-sm font-semibold tracking-widest text-leaf-700 uppercase sm:block">
                  {claims.tagline}
                  {unconfirmed && <DemoMark />}
                </p>
              )}
              <h1 className="font-serif text-2xl leading-tight font-semibold text-balance text-earth-900 sm:mt-3 sm:text-4xl lg:text-5xl">
                {home.heading}
              </h1>
            </div>
            {home.paragraph.trim() && (
              <p className="order-last mt-8 max-w-2xl leading-relaxed text-earth-700 sm:text-lg lg:order-none lg:mt-5">{home.paragraph}</p>
            )}
            {/* Links only where they come before the products on the screen too, so the keyboard follows the eye. */}
            <div className="mt-8 hidden flex-wrap gap-3 lg:flex">
              <Link to="/free-products" className={`${ctaClass} bg-leaf-700 text-white shadow-sm hover:bg-leaf-800`}>
                {m.catalogue_home_shop_freeze_dried()}
              </Link>
              <Link to="/herb-ro" className={`${ctaClass} border border-leaf-600 bg-white text-leaf-800 hover:bg-leaf-50`}>
                {m.catalogue_home_herbal_products()}
              </Link>
            </div>
          </div>
          <HeroPicture imageKey={home.heroImage} alt={heroAlt} />
          {featured.length > 0 && (
            <section id="featured" aria-labelledby="featured-title" className="mt-6 lg:col-span-2 lg:row-start-2 lg:mt-12">
              <div className="flex items-baseline justify-between gap-4">
                <h2 id="featured-title" className="font-serif text-xl font-semibold text-earth-900 sm:text-2xl">
                  {featuredAreChosen ? m.catalogue_home_our_favourites() : m.catalogue_home_best_sellers()}
                </h2>
                <Link
                  to="/product"
                  className="shrink-0 rounded-sm text-sm font-semibold text-leaf-800 underline decoration-leaf-200 underline-offset-4 hover:decoration-leaf-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-turmeric-700"
                >
                  {m.catalogue_home_see_all_products()}
                </Link>
              </div>
              <ul role="list" className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-6">
                {featured.map((product) => (
                  <li key={product.id}>
                    <ProductCard product={product} image={LAZY_CARD} headingLevel={3} rating={featuredRatings[product.id]} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>

      <div className={`mx-auto max-w-7xl px-4 ${RENDERED_NEAR_THE_SCREEN}`}>
        {claims.promises.length > 0 && (
          <ul className="grid gap-3 sm:grid-cols-3" aria-label={m.catalogue_home_our_promise()}>
            {claims.promises.map(({ title, text }) => (
              <li key={title} className="rounded-2xl border border-leaf-100 bg-white/80 p-4 shadow-xs">
                <p className="font-semibold text-leaf-800">
                  {title}
                  {unconfirmed && <DemoMark />}
                </p>
                <p className="mt-1 text-sm leading-snug text-earth-700">
                  {text.replaceAll(FREE_DELIVERY_TOKEN, formatRupees(settings.freeDeliveryFromPaise))}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>

      <nav aria-labelledby="shelves-title" className={`mx-auto max-w-7xl px-4 pt-12 ${RENDERED_NEAR_THE_SCREEN}`}>
        <h2 id="shelves-title" className="font-serif text-2xl font-semibold text-earth-900">
          {m.catalogue_home_browse_shelves()}
        </h2>
        <ul className="mt-4 grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-5">
          {SHELF_LINKS.map((shelf) => (
            <li key={shelf.path}>
              <Link
                to={shelf.path}
                className="flex h-full flex-col rounded-xl border border-leaf-100 bg-white p-4 shadow-xs transition-colors hover:border-leaf-600 hover:bg-leaf-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-turmeric-700"
              >
                <span className="font-semibold text-leaf-800">{shelf.title}</span>
                <span className="mt-1 text-sm leading-snug text-earth-600">{loaderData.shelfDescriptions[shelf.path]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mx-auto max-w-7xl space-y-16 px-4 pt-16 sm:space-y-20">
        {SHOWCASE_LAYOUT.map((showcase, index) => {
          const id = showcase.id
          const words = showcaseWords[id]!
          return (
            <section
              key={id}
              id={id}
              aria-labelledby={`${id}-title`}
              className={`grid items-start gap-6 md:grid-cols-2 md:gap-10 ${RENDERED_NEAR_THE_SCREEN}`}
            >
              {/* Below the fold on phones and desktops alike (the hero above is the page's largest paint): all lazy. */}
              <img
                src={showcase.image}
                srcSet={SHOWCASE_SRCSETS.get(id)}
                sizes={SHOWCASE_SIZES}
                alt={words.imageAlt}
                width={960}
                height={640}
                loading="lazy"
                decoding="async"
                className={`aspect-[3/2] h-auto w-full rounded-2xl bg-leaf-100 object-cover shadow-sm ${index % 2 ? 'md:order-last' : ''}`}
              />
              <div>
                <h2 id={`${id}-title`} className="font-serif text-2xl font-semibold text-earth-900 sm:text-3xl">
                  {words.title}
                </h2>
                <p className="mt-2 text-earth-700">{words.line}</p>
                <ul className="mt-5 columns-2 gap-x-6 text-[0.95rem] sm:columns-3">
                  {showcase.slugs.map((slug) => {
                    const href = showcasePaths[slug]
                    const rating = showcaseRatings[slug]
                    const label = words.items[slug]
                    return (
                      <li key={slug} className="break-inside-avoid py-1">
                        {href ? (
                          <Link
                            to={href}
                            className="rounded-sm text-leaf-800 underline decoration-leaf-200 underline-offset-4 hover:text-leaf-900 hover:decoration-leaf-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-turmeric-700"
                          >
                            {label}
                          </Link>
                        ) : (
                          <span className="text-earth-700">{label}</span>
                        )}
                        {rating && <CardRating summary={rating} />}
                      </li>
                    )
                  })}
                </ul>
              </div>
            </section>
          )
        })}
      </div>

      <AboutShop shopName={settings.shopName} story={claims.story} unconfirmed={unconfirmed} />
    </>
  )
}
