import { m } from '../../i18n/paraglide/messages.js'

/**
 * Paging of the product lists (/product and the admin's /Delete), docs/decisions/038-paging.md. Shared by the
 * browser and the server: plain TypeScript, no database, and no Zod (the pager's page loads none; the `page`
 * parameter is read on the server, catalogue.server.ts).
 */

/** Cards on a page of /product: 24 fills whole rows at 1, 2, 3, 4 and 6 columns (GRID_COLUMNS; at 5 the last has 4). */
export const PRODUCT_PAGE_SIZE = 24

/**
 * Rows on a page of the admin's product manager: 25 rows of 56 px pictures are about two screens of a laptop, and
 * a round number is easy to count with ("page 3" starts at the 51st). Far fewer than the whole catalogue, so axe
 * and the browser no longer work through every product at once.
 */
export const ADMIN_PRODUCT_PAGE_SIZE = 25

/** Why a `page` that is not 1, 2, 3 … is refused, in the language of the moment. */
export const pageNumberMessage = () => m.catalogue_page_number_invalid()

/** How many pages `total` items fill; an empty list still has its one (empty) page. */
export function pageCountOf(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize))
}

/** A page of a list: its items, the whole list's count, the page shown (1-based) and how many there are. */
export type ListPage<T> = { items: T[]; total: number; page: number; pageCount: number }

/** The page an address asks for; `malformed` when its `page` is not 1, 2, 3 … (page 1 is shown then). */
export type PageAsked = { page: number; malformed: boolean }

/**
 * Why the page shown is not the one asked for: a `page` that is not a number (page 1 shown instead), or one past
 * the last (the last shown instead). Such an address answers 400, with that page and a notice (decision 038).
 */
export type PageNotice = { kind: 'malformed' } | { kind: 'past-end'; asked: number; shown: number }

export function pageNoticeOf(asked: PageAsked, shown: number): PageNotice | null {
  if (asked.malformed) return { kind: 'malformed' }
  return asked.page !== shown ? { kind: 'past-end', asked: asked.page, shown } : null
}

export function pageNoticeText(notice: PageNotice) {
  return notice.kind === 'malformed'
    ? m.catalogue_page_notice_malformed()
    : m.catalogue_page_notice_past_end({ asked: notice.asked, shown: notice.shown })
}

/**
 * The page numbers a pager links to: every page when there are few; otherwise the first, the last and the pages
 * around the current one, with `null` for each gap ("1 … 4 5 6 … 20").
 */
export function pageNumbers(page: number, pageCount: number, around = 2): (number | null)[] {
  if (pageCount <= 2 * around + 5) return Array.from({ length: pageCount }, (_, i) => i + 1)
  const from = Math.max(2, Math.min(page - around, pageCount - 2 * around - 2))
  const to = Math.min(pageCount - 1, Math.max(page + around, 2 * around + 3))
  const middle = Array.from({ length: to - from + 1 }, (_, i) => from + i)
  // A gap of one page shows that page rather than an ellipsis standing for it.
  const before = from === 3 ? [2] : from > 3 ? [null] : []
  const after = to === pageCount - 2 ? [pageCount - 1] : to < pageCount - 2 ? [null] : []
  return [1, ...before, ...middle, ...after, pageCount]
}
