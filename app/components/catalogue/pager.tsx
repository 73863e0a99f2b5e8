import { Link } from 'react-router'
import { pageNumbers } from '~/features/catalogue/paging'
import { focusRing } from './styles'
import { m } from '~/i18n/paraglide/messages.js'

const pageLink = `inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md border px-3 py-2 font-semibold ${focusRing}`
const otherPage = 'border-stone-300 bg-white text-leaf-800 hover:bg-leaf-50'
const currentPage = 'border-leaf-700 bg-leaf-700 text-white'

/**
 * The pages of a list (/product, the admin's /Delete; decision 038): Previous and Next, and a link to each page
 * (the first, the last and those around this one when there are many). Plain links, so it works before or without
 * JavaScript; `hrefFor` keeps the list's filters in each address. Nothing when everything fits on one page.
 */
export function Pager({
  page,
  pageCount,
  hrefFor,
  className = 'mt-8',
}: {
  page: number
  pageCount: number
  hrefFor: (page: number) => string
  className?: string
}) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label={m.catalogue_pages()} className={`flex flex-col items-center gap-3 ${className}`}>
      <p className="text-stone-700">{m.catalogue_page_of({ page, count: pageCount })}</p>
      <ul role="list" className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li>
            <Link to={hrefFor(page - 1)} rel="prev" className={`${pageLink} ${otherPage}`}>
              <span aria-hidden="true">←</span> {m.catalogue_previous()}
            </Link>
          </li>
        )}
        {pageNumbers(page, pageCount).map((n, i) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no value of its own; its place is its identity
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-stone-700">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefFor(n)}
                aria-label={m.catalogue_page_number({ page: n })}
                aria-current={n === page ? 'page' : undefined}
                className={`${pageLink} ${n === page ? currentPage : otherPage}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <Link to={hrefFor(page + 1)} rel="next" className={`${pageLink} ${otherPage}`}>
              {m.catalogue_next()} <span aria-hidden="true">→</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  )
}
