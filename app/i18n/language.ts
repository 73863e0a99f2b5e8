import { getLocale } from './paraglide/runtime.js'
import { type Language, LANGUAGE_TAGS } from './languages'

// The languages and their addresses, without the message runtime (the database schema names them too).
export * from './languages'

/**
 * The language of what is being rendered or answered: on the server the request's (server/app.ts keeps it for the
 * request's whole run), in the browser the page's.
 */
export function currentLanguage(): Language {
  return getLocale()
}

/** The tag `Intl` formats numbers, money and dates with, for the current language unless told. */
export function intlTag(language: Language = currentLanguage()) {
  return LANGUAGE_TAGS[language]
}

/**
 * Headers for the shop's own API calls from a page: the API answers in the language the page asks for
 * (server/app.ts), whatever the browser's own preference.
 */
export function languageHeaders(): { 'accept-language': string } {
  return { 'accept-language': intlTag() }
}
