import { useEffect, useRef } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { SearchForm, SearchIcon } from '~/components/search/search-form'
import { MAX_QUERY_LENGTH } from '~/features/search/limits'
import { m } from '~/i18n/paraglide/messages.js'

const focusRing = 'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-turmeric-500'

/**
 * The top bar's search: a magnifier that opens a search box below the bar, at every width (beside the menu there
 * is no room for a box that stays open). A native <details>, so it opens and submits before or without JavaScript;
 * once hydrated, opening it puts the cursor in the box, and Escape or arriving on a page closes it.
 */
export function SearchBox() {
  const detailsRef = useRef<HTMLDetailsElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const location = useLocation()
  const [params] = useSearchParams()
  // On the results page the box shows what was searched for.
  const current = location.pathname === '/search' ? (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH) : ''

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (its key) closes the box
  useEffect(() => {
    if (detailsRef.current) detailsRef.current.open = false
  }, [location.key])

  return (
    <details
      ref={detailsRef}
      className="group/search shrink-0"
      onToggle={(event) => {
        if (event.currentTarget.open) inputRef.current?.focus()
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !detailsRef.current?.open) return
        detailsRef.current.open = false
        detailsRef.current.querySelector('summary')?.focus()
      }}
    >
      <summary
        aria-label={m.search_button()}
        className={`inline-flex size-11 nav:size-10 cursor-pointer list-none items-center justify-center rounded-lg text-leaf-800 hover:bg-leaf-50 group-open/search:bg-leaf-50 [&::-webkit-details-marker]:hidden ${focusRing}`}
      >
        <SearchIcon />
      </summary>
      <div className="absolute inset-x-0 top-full border-b border-leaf-100 bg-white px-3 py-3 shadow-md sm:px-4">
        <SearchForm
          name={m.search_shop_landmark()}
          inputId="top-bar-search"
          query={current}
          inputRef={inputRef}
          formClassName="mx-auto"
          labelClassName="text-sm font-semibold text-earth-900"
          focusRing={focusRing}
          buttonClassName={`inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-md bg-leaf-700 px-4 font-semibold text-white hover:bg-leaf-800 ${focusRing}`}
        />
      </div>
    </details>
  )
}
