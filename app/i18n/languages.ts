/**
 * The shop's languages (docs/decisions/074-two-languages-paraglide-and-tamil-under-ta.md): English on the spec's paths, Tamil under `/ta/…`, so a
 * search engine indexes both and a shared link opens in the language it was shared in.
 */
export const LANGUAGES = ['en', 'ta'] as const
export type Language = (typeof LANGUAGES)[number]

/** For `<html lang>`, `hreflang`, `Intl` and the page's description of itself. */
export const LANGUAGE_TAGS: Record<Language, string> = { en: 'en-IN', ta: 'ta-IN' }

/** Each language in its own words, as the language switch shows it (never translated). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ta: 'தமிழ்' }

/** Where the Tamil pages live: the same paths, behind it (React Router's basename for those requests). */
export const TAMIL_BASE = '/ta'

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'ta'
}

/** The language a page's address is in. */
export function languageOfPath(pathname: string): Language {
  return pathname === TAMIL_BASE || pathname.startsWith(`${TAMIL_BASE}/`) || pathname === `${TAMIL_BASE}.data` ? 'ta' : 'en'
}

/** The address without its language: `/ta/Cart-page` → `/Cart-page`, `/ta` → `/`. */
export function pathWithoutLanguage(pathname: string): string {
  if (languageOfPath(pathname) === 'en') return pathname
  return pathname.slice(TAMIL_BASE.length) || '/'
}

/** The same page in a language; `path` starts with `/` and may carry a query and a fragment. */
export function pathInLanguage(path: string, language: Language): string {
  const [pathname = '/', rest = ''] = splitPath(path)
  const bare = pathWithoutLanguage(pathname)
  if (language === 'en') return bare + rest
  return (bare === '/' ? TAMIL_BASE : TAMIL_BASE + bare) + rest
}

function splitPath(path: string): [string, string] {
  const cut = path.search(/[?#]/)
  return cut === -1 ? [path, ''] : [path.slice(0, cut), path.slice(cut)]
}
