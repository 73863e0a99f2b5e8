import { Form, Link, data } from 'react-router'
import { z } from '~/zod'
import { EmptyShelf, ProductGrid } from '~/components/catalogue/product-grid'
import { Pager } from '~/components/catalogue/pager'
import { focusRing, primaryButton } from '~/components/catalogue/styles'
import { SelectField } from '~/components/forms/fields'
import { listProductsPage, readPageParam } from '~/features/catalogue/catalogue.server'
import { CATEGORIES, type Category, categoryLabel, parseCategory } from '~/features/catalogue/categories'
import { PRODUCT_PAGE_SIZE, pageNoticeOf, pageNoticeText } from '~/features/catalogue/paging'
import { groupByCategory } from '~/features/catalogue/product'
import { ratingSummaries } from '~/features/reviews/reviews.server'
import { pageMeta, productListPath, SHOP_SHARE_IMAGE } from '~/features/findability/page-meta'
import { siteOf } from '~/components/layout/use-shop-settings'
import type { Route } from './+types/product-index'
import { m } from '~/i18n/paraglide/messages.js'

const querySchema = z.object({ category: z.string().trim().max(64).optional() })

/**
 * Every product, or one category's, PRODUCT_PAGE_SIZE to a page (`?page=2`, decision 038). An unknown or malformed
 * category answers 400, as the API does, but still with a useful page: every product, and a notice saying why. So
 * does a page that is not 1, 2, 3 … (the first page is shown) or one past the last (the last is shown).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const raw = params.get('category') ?? undefined
  const parsed = querySchema.safeParse({ category: raw })
  const value = parsed.success ? parsed.data.category : undefined
  const category = value ? parseCategory(value) : undefined
  const unknownCategory = !parsed.success || (!!value && !category)
  const asked = readPageParam(params.get('page'))
  const list = await listProductsPage(context.shop.db, category ? { categories: [category] } : {}, {
    page: asked.page,
    pageSize: PRODUCT_PAGE_SIZE,
  })
  // The stars of the page's cards in one query (features/reviews).
  const ratings = await ratingSummaries(
    context.shop.db,
    list.items.map((p) => p.id),
  )
  const pageNotice = pageNoticeOf(asked, list.page)
  const body = {
    category: category ?? null,
    // Echo a bounded, printable part of what was asked for, never the whole query.
    unknownCategory: unknownCategory ? (raw ?? '').slice(0, 40) : null,
    products: list.items,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    pageNotice,
    ratings,
  }
  return unknownCategory || pageNotice ? data(body, { status: 400 }) : body
}

export function meta({ data, matches }: Route.MetaArgs) {
  const site = siteOf(matches)
  const category = data?.category ?? null
  const page = data?.page ?? 1
  // Each page has a title of its own; page 1 keeps the list's plain title and address.
  const listTitle = category ? m.catalogue_index_title_category({ category: categoryLabel(category) }) : m.catalogue_all_products()
  const description = category
    ? m.catalogue_index_description_category({ category: categoryLabel(category) })
    : m.catalogue_index_description_all()
  return pageMeta({
    ...site,
    title: `${page > 1 ? m.catalogue_index_title_page({ title: listTitle, page, count: data?.pageCount ?? page }) : listTitle} | ${site.shopName}`,
    description: page > 1 ? m.catalogue_index_description_page({ description, page }) : description,
    path: productListPath(category, page),
    image: SHOP_SHARE_IMAGE,
  })
}

function CategoryFilter({ current }: { current: Category | null }) {
  return (
    <div className="flex flex-col gap-3">
      {/* A plain GET form: it works before (or without) JavaScript. */}
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <SelectField
          id="category"
          name="category"
          label={m.catalogue_category()}
          defaultValue={current ?? ''}
          key={current ?? ''}
          className="flex flex-col gap-1"
          labelClassName="text-sm font-semibold"
          inputClassName={`min-h-11 rounded-md border border-stone-400 bg-white px-2 ${focusRing}`}
        >
          <option value="">{m.catalogue_all_categories()}</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {categoryLabel(c)}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={primaryButton}>
          {m.catalogue_show()}
        </button>
      </Form>
      <nav aria-label={m.catalogue_categories()}>
        <ul role="list" className="flex flex-wrap gap-2 text-sm">
          {[null, ...CATEGORIES].map((c) => (
            <li key={c ?? 'all'}>
              <Link
                to={c ? `/product?category=${c}` : '/product'}
                aria-current={c === current ? 'page' : undefined}
                className={`inline-block rounded-full border px-3 py-1 font-medium ${focusRing} ${
                  c === current ? 'border-leaf-700 bg-leaf-700 text-white' : 'border-stone-300 text-leaf-800 hover:bg-leaf-50'
                }`}
              >
                {c ? categoryLabel(c) : m.catalogue_all()}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  )
}

export default function ProductIndexPage({ loaderData }: Route.ComponentProps) {
  const { category, unknownCategory, products, total, page, pageCount, pageNotice, ratings } = loaderData
  const groups = category ? [] : groupByCategory(products, CATEGORIES)
  let firstIndex = 0

  return (
    <div className="mx-auto max-w-[120rem] px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6 flex flex-col gap-4">
        <h1 className="text-3xl font-bold text-leaf-800">{category ? categoryLabel(category) : m.catalogue_all_products()}</h1>
        <CategoryFilter current={category} />
        {unknownCategory !== null && (
          <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
            {m.catalogue_unknown_category({ category: unknownCategory })}
          </p>
        )}
        {pageNotice && (
          <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
            {pageNoticeText(pageNotice)}
          </p>
        )}
        <p className="text-sm text-stone-700">
          {m.catalogue_product_count({ count: total })}
          {pageCount > 1 &&
            products.length > 0 &&
            m.catalogue_showing_range({
              from: (page - 1) * PRODUCT_PAGE_SIZE + 1,
              to: (page - 1) * PRODUCT_PAGE_SIZE + products.length,
            })}
        </p>
      </header>
      {products.length === 0 ? (
        <EmptyShelf />
      ) : category ? (
        <ProductGrid products={products} headingLevel={2} ratings={ratings} />
      ) : (
        groups.map((g) => {
          const start = firstIndex
          firstIndex += g.products.length
          return (
            <section key={g.category} aria-labelledby={`category-${g.category}`} className="mb-10">
              <h2 id={`category-${g.category}`} className="mb-4 text-2xl font-semibold text-leaf-800">
                <Link to={`/product?category=${g.category}`} className="hover:underline">
                  {categoryLabel(g.category)}
                </Link>
              </h2>
              <ProductGrid products={g.products} headingLevel={3} firstIndex={start} ratings={ratings} />
            </section>
          )
        })
      )}
      <Pager page={page} pageCount={pageCount} hrefFor={(n) => productListPath(category, n)} />
    </div>
  )
}
