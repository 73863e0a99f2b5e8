import { Link, data } from 'react-router'
import { GRID_COLUMNS } from '~/components/catalogue/product-grid'
import { ProductCard, imagePriority } from '~/components/catalogue/product-card'
import { focusRing, primaryButton, secondaryButton } from '~/components/catalogue/styles'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { Highlighted } from '~/components/search/highlighted'
import { SearchForm } from '~/components/search/search-form'
import { BROWSE_LINKS } from '~/features/search/browse-links'
import { SEARCH_PAGE_SIZE } from '~/features/search/limits'
import { type SearchOutcome, parseSearchParams, searchCatalogue } from '~/features/search/search.server'
import type { Route } from './+types/search'

type PageOutcome = SearchOutcome | { kind: 'invalid'; q: string; message: string }

/**
 * `/search?q=…&page=…` (features/search). A query over 100 characters or a page that is not 1, 2, 3 … answers 400
 * with the reason; a page past the last answers 404 with a link back. Not in the page cache: every query is its
 * own address, and caching them would let anyone push the shelves out of it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = parseSearchParams(new URL(request.url).searchParams)
  if (!parsed.ok) {
    const outcome: PageOutcome = { kind: 'invalid', q: parsed.q, message: parsed.message }
    return data({ outcome }, { status: 400 })
  }
  const outcome: PageOutcome = await searchCatalogue(context.shop.db, parsed.request)
  return data({ outcome }, { status: outcome.kind === 'past-end' ? 404 : 200 })
}

export function meta({ data, matches }: Route.MetaArgs) {
  const { shopName } = shopSettingsOf(matches)
  const q = data?.outcome.q
  return [{ title: q ? `Search: ${q} | ${shopName}` : `Search | ${shopName}` }, { name: 'robots', content: 'noindex' }]
}

function pageAddress(q: string, page: number) {
  const params = new URLSearchParams({ q })
  if (page > 1) params.set('page', String(page))
  return `/search?${params}`
}

function quoted(q: string) {
  return `“${q}”`
}

function BrowseCategories({ heading }: { heading: string }) {
  return (
    <nav aria-labelledby="browse-heading" className="mt-2">
      <h2 id="browse-heading" className="mb-3 text-xl font-semibold text-leaf-800">
        {heading}
      </h2>
      <ul role="list" className="flex flex-wrap gap-2">
        {BROWSE_LINKS.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className={`inline-block rounded-full border border-stone-300 px-3 py-1.5 font-medium text-leaf-800 hover:bg-leaf-50 ${focusRing}`}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function Pagination({ q, page, pageCount }: { q: string; page: number; pageCount: number }) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label="Pages of results" className="mt-8 flex flex-wrap items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={pageAddress(q, page - 1)} rel="prev" className={secondaryButton}>
          <span aria-hidden="true">←</span> Previous page
        </Link>
      ) : null}
      <p className="px-2 text-stone-700" aria-current="page">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={pageAddress(q, page + 1)} rel="next" className={secondaryButton}>
          Next page <span aria-hidden="true">→</span>
        </Link>
      ) : null}
    </nav>
  )
}

function Summary({ outcome }: { outcome: PageOutcome }) {
  switch (outcome.kind) {
    case 'results': {
      const { total, q, page, pageCount } = outcome
      const first = (page - 1) * SEARCH_PAGE_SIZE + 1
      return (
        <p>
          {total === 1 ? `1 product matches ${quoted(q)}.` : `${total} products match ${quoted(q)}.`}
          {pageCount > 1 && ` Showing ${first}–${first + outcome.results.length - 1}, page ${page} of ${pageCount}.`}
        </p>
      )
    }
    case 'empty':
      return <p>Type what you are looking for above: a product (amla, thokku), an ingredient or a category. Or browse a shelf below.</p>
    case 'no-match':
      return (
        <>
          <p className="font-semibold">No products match {quoted(outcome.q)}.</p>
          {outcome.suggestion && (
            <p className="mt-1">
              Did you mean{' '}
              <Link
                to={pageAddress(outcome.suggestion, 1)}
                className={`font-semibold text-leaf-800 underline underline-offset-2 ${focusRing}`}
              >
                {outcome.suggestion}
              </Link>
              ?
            </p>
          )}
          <p className="mt-1">Try another spelling or fewer words, or browse a shelf below.</p>
        </>
      )
    case 'past-end':
      return (
        <p>
          There is no page {outcome.page} of results for {quoted(outcome.q)}: its {outcome.total} products fit on {outcome.pageCount}{' '}
          {outcome.pageCount === 1 ? 'page' : 'pages'}.{' '}
          <Link
            to={pageAddress(outcome.q, outcome.pageCount)}
            className={`font-semibold text-leaf-800 underline underline-offset-2 ${focusRing}`}
          >
            Go to the last page
          </Link>
        </p>
      )
    case 'invalid':
      return <p className="font-semibold text-red-800">{outcome.message}</p>
  }
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { outcome } = loaderData
  return (
    <div className="mx-auto max-w-[120rem] px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6 flex flex-col gap-4">
        <h1 className="text-3xl font-bold text-leaf-800">{outcome.q ? `Search: ${quoted(outcome.q)}` : 'Search'}</h1>
        <SearchForm
          name="Search page"
          inputId="search-page-query"
          query={outcome.q}
          labelClassName="text-sm font-semibold"
          focusRing={focusRing}
          buttonClassName={`${primaryButton} shrink-0`}
        />
        {/* A live region, so a screen reader hears the outcome of a search made without leaving the page. */}
        <div role="status" className="text-stone-800" data-testid="search-summary">
          <Summary outcome={outcome} />
        </div>
      </header>
      {outcome.kind === 'results' ? (
        <>
          <ul role="list" className={GRID_COLUMNS}>
            {outcome.results.map((result, i) => (
              <li key={result.product.id}>
                <ProductCard
                  product={result.product}
                  image={imagePriority(i)}
                  headingLevel={2}
                  title={<Highlighted segments={result.name} />}
                  extra={
                    result.snippet && (
                      <p className="line-clamp-3 text-sm text-stone-700">
                        <Highlighted segments={result.snippet} />
                      </p>
                    )
                  }
                />
              </li>
            ))}
          </ul>
          <Pagination q={outcome.q} page={outcome.page} pageCount={outcome.pageCount} />
        </>
      ) : (
        <BrowseCategories heading={outcome.kind === 'empty' ? 'Browse the shelves' : 'Or browse a shelf'} />
      )}
    </div>
  )
}
