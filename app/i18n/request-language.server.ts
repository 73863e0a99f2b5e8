import { type Language, isLanguage, languageOfPath, pathInLanguage } from './language'

/**
 * Which language a request is answered in, and when a visitor is sent to the other language's page
 * (docs/decisions/074-two-languages-paraglide-and-tamil-under-ta.md).
 *
 * - A page's address says its language: `/ta/…` is Tamil, the spec's paths English. Nothing else changes a page's
 *   language, so a cached page is the same for everyone who asks for that address.
 * - The shop's APIs (`/api/…`) answer in the language the page asking them sends as `Accept-Language`.
 * - A visitor who chose a language with the switch has it in the `language` cookie; one who never chose gets, on an
 *   English page, the Tamil one when their browser puts Tamil before English. Crawlers are never sent anywhere, so
 *   both languages are indexed at their own addresses.
 */
export const LANGUAGE_COOKIE = 'language'

/** A year: a choice of language is for good, until changed. */
const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 60 * 60

/** The shop's language a browser prefers, from its Accept-Language (RFC 9110 §12.5.4), or none of ours. */
export function languageOfAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined
  let best: { language: Language; quality: number; order: number } | undefined
  header.split(',').forEach((part, order) => {
    const [range = '', ...params] = part.trim().split(';')
    const primary = range.trim().toLowerCase().split('-')[0]
    if (!isLanguage(primary)) return
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const quality = q === undefined ? 1 : Number(q.slice(2))
    if (!Number.isFinite(quality) || quality <= 0 || quality > 1) return
    if (!best || quality > best.quality) best = { language: primary, quality, order }
  })
  return best?.language
}

/** The language a visitor chose with the switch, if any. */
export function chosenLanguageOf(cookieHeader: string | undefined): Language | undefined {
  const match = cookieHeader?.match(/(?:^|;\s*)language=([a-z]{2})(?:;|$)/)
  return match && isLanguage(match[1]) ? match[1] : undefined
}

/** The language a request is answered in. */
export function languageOfRequest(request: { path: string; acceptLanguage: string | undefined }): Language {
  if (/^\/api\//i.test(request.path)) return languageOfAcceptLanguage(request.acceptLanguage) ?? 'en'
  return languageOfPath(request.path)
}

/** Paths that are pages a person opens (not the APIs, data requests, files, or the switch itself). */
function isPagePath(path: string) {
  return !/^\/(api|media|assets|language)(\/|$)/i.test(path) && !/\.[a-z]+$/i.test(path)
}

/**
 * Where to send a visitor who asked for an English page but reads Tamil (their choice, else their browser's
 * preference when they have made none), or undefined to answer as asked.
 */
export function languageRedirect(request: {
  method: string
  path: string
  /** The query, with its `?`, or ''. */
  search: string
  cookieHeader: string | undefined
  acceptLanguage: string | undefined
  isBot: boolean
}): string | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  if (languageOfPath(request.path) !== 'en' || !isPagePath(request.path)) return undefined
  const chosen = chosenLanguageOf(request.cookieHeader)
  const wanted = chosen ?? (request.isBot ? undefined : languageOfAcceptLanguage(request.acceptLanguage))
  return wanted === 'ta' ? pathInLanguage(request.path, 'ta') + request.search : undefined
}

/** The Set-Cookie header that remembers a visitor's choice. */
export function languageCookie(language: Language, secure: boolean) {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** A path on this shop to go back to after switching: local only (never `//elsewhere` or a scheme). */
export function localPathOrHome(value: string | null): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\') || /[\u0000-\u001f]/.test(value)) return '/'
  return value
}
