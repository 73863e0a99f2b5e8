import crypto from 'node:crypto'
import { pathWithoutLanguage } from '~/i18n/language'

/**
 * The catalogue's pages as visitors without an account see them, rendered at most once a second per address
 * (docs/decisions/017-page-speed.md). Rendering a shelf takes milliseconds of React and several queries; most
 * visitors of a busy shop ask for the same few pages, and a second-old shelf is as good as a fresh one: stock is
 * checked again, in a transaction, when an order is placed. Each process keeps its own; a change made through this
 * process (any form or API call that is not a read) empties it at once, one made through another within a second.
 */
export type CachedPage = {
  status: number
  headers: [string, string][]
  body: Buffer
  /** The body's digest, for If-None-Match. It covers the CSP nonce in the page, so a 304 never pairs a stored page with another nonce. */
  etag: string
  /** The policy the page was rendered for: its scripts carry that nonce, so every answer of this copy sends that policy. */
  contentSecurityPolicy: string | undefined
  storedAt: number
}

/**
 * The catalogue as every visitor without an account gets it: the home page, the shelves and product pages (and
 * their data for client navigation), and the products API.
 */
export function isCataloguePath(path: string, shelfPaths: ReadonlySet<string>) {
  if (/^\/api\/products(\/[^/]+)?$/.test(path)) return true
  // In either language: the address holds it, so each language's copy is kept under its own (decision 074).
  const page = pathWithoutLanguage(path.endsWith('.data') ? path.slice(0, -'.data'.length) : path)
  return page === '/' || page === '/_root' || shelfPaths.has(page) || /^\/product(\/[^/]+){0,2}$/.test(page)
}

/** Paths whose answers belong to one signed-in person, an admin or the customer (their orders). */
const PRIVATE_PATHS = /^(\/ta)?\/(dash|admin|delete|my-orders|api\/admin)(\/|\.data$|$)/i

/**
 * Whether an answer is someone's own and must stay out of every cache, shared or the browser's (issue 14): the
 * visitor has the shop's cookies (signed in, or a guest's order: `buyer`, `tracked`), the path is an account's, or
 * the answer sets a cookie.
 */
export function isPrivateAnswer(request: { path: string; cookieHeader: string | undefined }, setsCookie: boolean) {
  const personalCookie = request.cookieHeader !== undefined && /(^|;\s*)(buyer|tracked)=/.test(request.cookieHeader)
  return setsCookie || personalCookie || hasShopCookie(request.cookieHeader) || PRIVATE_PATHS.test(request.path)
}

/** A visitor with an account (or signing in) has the shop's own cookies: their pages are their own and never shared. */
export function hasShopCookie(cookieHeader: string | undefined) {
  return cookieHeader !== undefined && /(^|;\s*)(__Secure-|__Host-)?shop\./.test(cookieHeader)
}

export function etagOf(body: Buffer) {
  return `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

/** Whether If-None-Match names this ETag (or is `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*')
}

export type RenderedPage = Omit<CachedPage, 'storedAt'> & {
  /** The same answer suits every visitor without an account (no cookie set, say). */
  shareable: boolean
}

export class PageCache {
  private readonly pages = new Map<string, CachedPage>()
  /** Renders under way, so fifty visitors arriving together cause one render, not fifty. */
  private readonly rendering = new Map<string, Promise<CachedPage | null>>()
  /** Bumped by clear(): a render that began before a change is not stored after it. */
  private generation = 0

  constructor(private readonly options: { freshForMs: number; maxPages: number; now?: () => number }) {}

  get enabled() {
    return this.options.freshForMs > 0
  }

  private now() {
    return this.options.now?.() ?? Date.now()
  }

  /** The stored page for this key while it is fresh. */
  fresh(key: string): CachedPage | undefined {
    const page = this.pages.get(key)
    if (!page) return undefined
    if (this.now() - page.storedAt < this.options.freshForMs) return page
    this.pages.delete(key)
    return undefined
  }

  /**
   * The fresh page, or the one `render` makes. Concurrent callers for the same key share one render; a render
   * that must not be shared (it sets a cookie, say) answers only its own caller, and the others get null and
   * render for themselves. Only a shareable 200 is kept.
   */
  async getOrRender(key: string, render: () => Promise<RenderedPage>): Promise<CachedPage | null> {
    const page = this.fresh(key)
    if (page) return page
    const pending = this.rendering.get(key)
    if (pending) return pending
    const generation = this.generation
    let own: CachedPage | undefined
    const task: Promise<CachedPage | null> = (async () => {
      try {
        const { shareable, ...rendered } = await render()
        own = { ...rendered, storedAt: this.now() }
        if (!shareable) return null
        if (own.status === 200 && generation === this.generation) this.store(key, own)
        return own
      } finally {
        // Not a render that began after clear(): that one is the map's now.
        if (this.rendering.get(key) === task!) this.rendering.delete(key)
      }
    })()
    this.rendering.set(key, task)
    const shared = await task
    return shared ?? own ?? null
  }

  private store(key: string, page: CachedPage) {
    this.pages.delete(key)
    this.pages.set(key, page)
    // The oldest go first: addresses with made-up query strings cannot grow the cache without bound.
    while (this.pages.size > this.options.maxPages) this.pages.delete(this.pages.keys().next().value!)
  }

  /** Something changed: every page is rendered afresh. */
  clear() {
    this.generation++
    this.pages.clear()
    // Renders under way began before the change: later visitors do not join them.
    this.rendering.clear()
  }

  get size() {
    return this.pages.size
  }
}
