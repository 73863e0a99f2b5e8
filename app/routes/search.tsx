import { Link, data } from 'react-router'
import { GRID_COLUMNS } from '~/components/catalogue/product-grid'
import { ProductCard, imagePriority } from '~/components/catalogue/product-card'
import { focusRing, primaryButton, secondaryButton } from '~/components/catalogue/styles'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { Highlighted } from '~/components/search/highlighted'
import { SearchForm } from '~/components/search/search-form'
import { browseLinks } from '~/features/search/browse-links'
import { SEARCH_PAGE_SIZE } from '~/features/search/limits'
import { type SearchOutcome, parseSearchParams, searchCatalogue } from '~/features/search/search.server'
import { ownTextLang } from '~/features/catalogue/product'
import type { Route } from './+types/search'
import { m } from '~/i18n/paraglide/messages.js'

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
  return [{ title: `${q ? m.search_title_query({ query: q }) : m.search_title()} | ${shopName}` }, { name: 'robots', content: 'noindex' }]
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
        {browseLinks().map((link) => (
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
    <nav aria-label={m.search_pages_of_results()} className="mt-8 flex flex-wrap items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={pageAddress(q, page - 1)} rel="prev" className={secondaryButton}>
          <span aria-hidden="true">←</span> {m.search_previous_page()}
        </Link>
      ) : null}
      <p className="px-2 text-stone-700" aria-current="page">
        {m.search_page_of({ page, count: pageCount })}
      </p>
      {page < pageCount ? (
        <Link to={pageAddress(q, page + 1)} rel="next" className={secondaryButton}>
          {m.search_next_page()} <span aria-hidden="true">→</span>
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
          {m.search_results_count({ count: total, query: quoted(q) })}
          {pageCount > 1 && ` ${m.search_showing({ from: first, to: first + outcome.results.length - 1, page, count: pageCount })}`}
        </p>
      )
    }
    case 'empty':
      return <p>{m.search_empty()}</p>
    case 'no-match':
      return (
        <>
          <p className="font-semibold">{m.search_no_match({ query: quoted(outcome.q) })}</p>
          {outcome.suggestion && (
            <p className="mt-1">
              {m.search_did_you_mean_before()}
              <Link
                to={pageAddress(outcome.suggestion, 1)}
                className={`font-semibold text-leaf-800 underline underline-offset-2 ${focusRing}`}
              >
                {outcome.suggestion}
              </Link>
              {m.search_did_you_mean_after()}
            </p>
          )}
          <p className="mt-1">{m.search_try_again()}</p>
        </>
      )
    case 'past-end':
      return (
        <p>
          {m.search_past_end({ count: outcome.pageCount, page: outcome.page, query: quoted(outcome.q), total: outcome.total })}{' '}
          <Link
            to={pageAddress(outcome.q, outcome.pageCount)}
            className={`font-semibold text-leaf-800 underline underline-offset-2 ${focusRing}`}
          >
            {m.search_go_to_last_page()}
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
        <h1 className="text-3xl font-bold text-leaf-800">
          {outcome.q ? m.search_title_query({ query: quoted(outcome.q) }) : m.search_title()}
        </h1>
        <SearchForm
          name={m.search_page_landmark()}
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
                      <p lang={ownTextLang(result.product.descriptionLanguage)} className="line-clamp-3 text-sm text-stone-700">
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
        <BrowseCategories heading={outcome.kind === 'empty' ? m.search_browse_the_shelves() : m.search_or_browse_a_shelf()} />
      )}
    </div>
  )
}
