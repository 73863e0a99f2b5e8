import type { Locale } from './paraglide/runtime.js'

/**
 * Paraglide's runtime as the browser's build has it (vite.config.ts puts it in place of the compiled runtime.js): the
 * page's language, set once before hydration (entry.client.tsx) from its `<html lang>`. A page never changes language
 * (the switch loads the other page), so none of the full runtime's ways of finding one (addresses, cookies, storage)
 * are needed here: 1.2 KB less script on every page (decision 074). The server keeps the full runtime.
 */
let pageLanguage: Locale = 'en'

/** Read by every message function. */
export function getLocale(): Locale {
  return pageLanguage
}

/** Set once, before the page hydrates. */
export function setLocale(language: Locale, _options?: { reload?: boolean }) {
  pageLanguage = language
}

/** Paraglide's per-language builds (not used here): every message looks at the page's language. */
export const experimentalStaticLocale: Locale | undefined = undefined
