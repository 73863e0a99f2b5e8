import { Link } from 'react-router'
import { JsonLdScript } from '~/components/findability/json-ld'
import { shopSettingsOf, siteOf, useShopSettings } from '~/components/layout/use-shop-settings'
import { getProductsBySlug } from '~/features/catalogue/catalogue.server'
import { SHELVES } from '~/features/catalogue/categories'
import { HOME_SHOWCASES } from '~/features/catalogue/home-showcases'
import { productPath } from '~/features/catalogue/product'
import { pageMeta, SHOP_SHARE_IMAGE } from '~/features/findability/page-meta'
import { shopJsonLd } from '~/features/findability/structured-data.server'
import { formatRupees } from '~/features/money/money'
import { ratingSummaries } from '~/features/reviews/reviews.server'
import { CardRating } from '~/components/reviews/stars'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteOf(matches)
  return pageMeta({
    ...site,
    title: `${site.shopName} · ${shopSettingsOf(matches).tagline}`,
    description: `Organic, non-GMO freeze-dried and dehydrated fruits and vegetables, herbs, ready-to-eat meals, thokku, spices and oils from small farmers across South India.`,
    path: '/',
    image: SHOP_SHARE_IMAGE,
  })
}

/** The showcases with a link for each item whose product is in the shop. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const slugs = HOME_SHOWCASES.flatMap((s) => s.items.map((i) => i.slug))
  const [products, jsonLd] = await Promise.all([getProductsBySlug(context.shop.db, slugs), shopJsonLd(context, request)])
  const pathBySlug = new Map(products.map((p) => [p.slug, productPath(p)]))
  // Every item's stars in one query (features/reviews).
  const ratings = await ratingSummaries(context.shop.db, products.map((p) => p.id))
  const ratingBySlug = new Map(products.map((p) => [p.slug, ratings[p.id] ?? null]))
  return {
    jsonLd,
    showcases: HOME_SHOWCASES.map((showcase) => ({
      ...showcase,
      items: showcase.items.map((item) => ({ label: item.label, href: pathBySlug.get(item.slug) ?? null, rating: ratingBySlug.get(item.slug) ?? null })),
    })),
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
  for (const [id, list] of widths) SHOWCASE_SRCSETS.set(id, list.sort((a, b) => a.width - b.width).map((w) => `${w.url} ${w.width}w`).join(', '))
}
/** The picture's column: the page less its padding on a phone, half of the 1280 px layout less the gap beside it. */
const SHOWCASE_SIZES = '(min-width: 1280px) 604px, (min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)'

export default function Home({ loaderData }: Route.ComponentProps) {
  const settings = useShopSettings()
  const { showcases, jsonLd } = loaderData

  return (
    <>
      <JsonLdScript json={jsonLd} />
      <section className="bg-gradient-to-b from-leaf-50 to-stone-50" aria-labelledby="welcome">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 pt-12 pb-10 sm:pt-16 sm:pb-14 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div>
            <p className="text-sm font-semibold tracking-widest text-leaf-700 uppercase">Organic · Non-GMO · Farm direct</p>
            <h1 id="welcome" className="mt-3 max-w-3xl font-serif text-4xl leading-tight font-semibold text-earth-900 sm:text-5xl">
              Welcome to {settings.shopName}
            </h1>
            <p className="mt-5 max-w-2xl text-lg leading-relaxed text-earth-700">
              We bring you organic, non-GMO food grown by small farmers across South India: fruits and vegetables freeze-dried or gently
              dehydrated at their best, herbal powders and capsules, slow-cooked thokku, whole spices, essential oils and dry fruits. No
              preservatives, no shortcuts, and a fair price for the families who grow it.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link
                to="/free-products"
                className="inline-flex items-center rounded-full bg-leaf-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-leaf-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-turmeric-700"
              >
                Shop freeze-dried
              </Link>
              <Link
                to="/herb-ro"
                className="inline-flex items-center rounded-full border border-leaf-600 bg-white px-6 py-3 font-semibold text-leaf-800 hover:bg-leaf-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-turmeric-700"
              >
                Herbal products
              </Link>
            </div>
          </div>
          <ul className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1" aria-label="Our promise">
            {[
              ['Certified organic, non-GMO', 'Grown without synthetic pesticides or fertilisers, and never genetically modified.'],
              ['Straight from small farms', 'Bought directly from farming families in Tamil Nadu, Kerala, Karnataka and Andhra Pradesh.'],
              [
                'Delivered across India',
                `Packed fresh in Coimbatore. Free delivery on orders of ${formatRupees(settings.freeDeliveryFromPaise)} or more.`,
              ],
            ].map(([title, text]) => (
              <li key={title} className="rounded-2xl border border-leaf-100 bg-white/80 p-4 shadow-xs">
                <p className="font-semibold text-leaf-800">{title}</p>
                <p className="mt-1 text-sm leading-snug text-earth-700">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <nav aria-labelledby="shelves-title" className="mx-auto max-w-7xl px-4 pt-6">
        <h2 id="shelves-title" className="font-serif text-2xl font-semibold text-earth-900">
          Browse our shelves
        </h2>
        <ul className="mt-4 grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-5">
          {SHELF_LINKS.map((shelf) => (
            <li key={shelf.path}>
              <Link
                to={shelf.path}
                className="flex h-full flex-col rounded-xl border border-leaf-100 bg-white p-4 shadow-xs transition-colors hover:border-leaf-600 hover:bg-leaf-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-turmeric-700"
              >
                <span className="font-semibold text-leaf-800">{shelf.title}</span>
                <span className="mt-1 text-sm leading-snug text-earth-600">{shelf.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mx-auto max-w-7xl space-y-16 px-4 pt-16 sm:space-y-20">
        {showcases.map((showcase, index) => {
          const id = showcase.id
          return (
            <section
              key={showcase.title}
              id={id}
              aria-labelledby={`${id}-title`}
              className="grid items-start gap-6 md:grid-cols-2 md:gap-10"
            >
              {/* Below the fold on phones and desktops alike (the text above is the page's largest paint): all lazy. */}
              <img
                src={showcase.image}
                srcSet={SHOWCASE_SRCSETS.get(id)}
                sizes={SHOWCASE_SIZES}
                alt={showcase.imageAlt}
                width={960}
                height={640}
                loading="lazy"
                decoding="async"
                className={`aspect-[3/2] h-auto w-full rounded-2xl bg-leaf-100 object-cover shadow-sm ${index % 2 ? 'md:order-last' : ''}`}
              />
              <div>
                <h2 id={`${id}-title`} className="font-serif text-2xl font-semibold text-earth-900 sm:text-3xl">
                  {showcase.title}
                </h2>
                <p className="mt-2 text-earth-700">{showcase.line}</p>
                <ul className="mt-5 columns-2 gap-x-6 text-[0.95rem] sm:columns-3">
                  {showcase.items.map((item) => (
                    <li key={item.label} className="break-inside-avoid py-1">
                      {item.href ? (
                        <Link
                          to={item.href}
                          className="rounded-sm text-leaf-800 underline decoration-leaf-200 underline-offset-4 hover:text-leaf-900 hover:decoration-leaf-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-turmeric-700"
                        >
                          {item.label}
                        </Link>
                      ) : (
                        <span className="text-earth-700">{item.label}</span>
                      )}
                      {item.rating && <CardRating summary={item.rating} />}
                    </li>
                  ))}
                </ul>
              </div>
            </section>
          )
        })}
      </div>

      <section id="about" aria-labelledby="about-title" className="mx-auto mt-20 max-w-7xl px-4">
        <div className="rounded-3xl bg-leaf-800 px-6 py-10 text-leaf-50 sm:px-12 sm:py-14">
          <h2 id="about-title" className="font-serif text-2xl font-semibold text-white sm:text-3xl">
            About {settings.shopName}
          </h2>
          <div className="mt-4 grid gap-6 leading-relaxed md:grid-cols-2">
            <p>
              We started in Coimbatore with a handful of farming families who grew far more than the local market could take before it
              spoiled. Freeze-drying and slow, low-temperature dehydrating let us keep that harvest at its peak, with its colour, taste and
              nutrients, and without preservatives.
            </p>
            <p>
              Today we work with small, certified organic and non-GMO farms across Tamil Nadu, Kerala, Karnataka and Andhra Pradesh. We pay
              them fairly, pack every order ourselves, and answer every message. Questions?{' '}
              <Link
                to="/contact"
                className="font-semibold text-white underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-turmeric-400"
              >
                Write to us
              </Link>
              .
            </p>
          </div>
        </div>
      </section>
    </>
  )
}
