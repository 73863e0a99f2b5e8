import { data } from 'react-router'
import { pathWithoutLanguage } from '~/i18n/language'
import { EmptyShelf, ProductGrid } from '~/components/catalogue/product-grid'
import { listProducts } from '~/features/catalogue/catalogue.server'
import { type Category, categoryLabel, SHELVES } from '~/features/catalogue/categories'
import { shelfDescription } from '~/features/catalogue/shelf-descriptions'
import { groupByCategory } from '~/features/catalogue/product'
import { ratingSummaries } from '~/features/reviews/reviews.server'
import { siteOf, useShopSettings } from '~/components/layout/use-shop-settings'
import { pageMeta, productImage, shelfCanonicalPath, shelfTitle, SHOP_SHARE_IMAGE } from '~/features/findability/page-meta'
import type { Route } from './+types/shelf'
import { m } from '~/i18n/paraglide/messages.js'

/** Anchors the menu's "Fruits" and "Vegetables" entries can point at. */
function groupAnchor(category: Category) {
  if (category.endsWith('-fruit')) return 'fruits'
  if (category.endsWith('-vegetable')) return 'vegetables'
  return category
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // One module serves every shelf (routes.ts); the address says which.
  const pathname = pathWithoutLanguage(new URL(request.url).pathname).replace(/\/+$/, '').toLowerCase()
  const shelf = SHELVES.find((s) => s.path.toLowerCase() === pathname)
  if (!shelf) throw data(m.catalogue_page_not_found(), { status: 404 })
  // The shop's name and phone come from the root's loader, which has read the settings already.
  const products = await listProducts(context.shop.db, { categories: shelf.categories, subcategory: shelf.subcategory })
  // Every card's stars in one query (features/reviews).
  const ratings = await ratingSummaries(
    context.shop.db,
    products.map((p) => p.id),
  )
  return { shelf: { ...shelf, description: shelfDescription(shelf) }, products, ratings }
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [{ title: m.catalogue_page_not_found() }]
  const site = siteOf(matches)
  const firstPicture = data.products.find((p) => p.frontImage)
  return pageMeta({
    ...site,
    title: `${shelfTitle(data.shelf)} | ${site.shopName}`,
    description: data.shelf.description,
    path: shelfCanonicalPath(data.shelf),
    image: (firstPicture && productImage(firstPicture, site.mediaBase)) || SHOP_SHARE_IMAGE,
  })
}

export default function ShelfPage({ loaderData }: Route.ComponentProps) {
  const { shelf, products, ratings } = loaderData
  const { phone } = useShopSettings()
  const groups = groupByCategory(products, shelf.categories)
  const grouped = shelf.categories.length > 1
  let firstIndex = 0

  return (
    <div className="mx-auto max-w-[120rem] px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-wide text-leaf-800">{shelf.heading}</h1>
        <p className="mt-2 max-w-3xl text-stone-700">{shelf.description}</p>
        {grouped && groups.length > 1 && (
          <nav aria-label={m.catalogue_on_this_page()} className="mt-3 flex flex-wrap gap-3 text-sm">
            {groups.map((g) => (
              <a key={g.category} href={`#${groupAnchor(g.category)}`} className="font-semibold text-leaf-800 underline underline-offset-2">
                {categoryLabel(g.category)} ({g.products.length})
              </a>
            ))}
          </nav>
        )}
      </header>
      {products.length === 0 ? (
        <EmptyShelf />
      ) : grouped ? (
        groups.map((g) => {
          const start = firstIndex
          firstIndex += g.products.length
          return (
            <section key={g.category} aria-labelledby={groupAnchor(g.category)} className="mb-10">
              <h2 id={groupAnchor(g.category)} className="mb-4 text-2xl font-semibold text-leaf-800">
                {categoryLabel(g.category)}
              </h2>
              <ProductGrid
                products={g.products}
                layout={shelf.layout}
                headingLevel={3}
                firstIndex={start}
                phone={phone}
                ratings={ratings}
              />
            </section>
          )
        })
      ) : (
        <ProductGrid products={products} layout={shelf.layout} headingLevel={2} phone={phone} ratings={ratings} />
      )}
    </div>
  )
}
