import { useLocation } from 'react-router'
import { m } from '~/i18n/paraglide/messages.js'
import { LANGUAGE_NAMES, LANGUAGE_TAGS, currentLanguage } from '~/i18n/language'

/**
 * The other language's name, in that language, at the top bar: the same page in it. A plain link, not a router one:
 * the other language is another page load (its own `<html lang>` and script), and `/language/…` remembers the choice
 * (a cookie, and a signed-in customer's profile) before sending the visitor on (routes/language.ts).
 */
export function LanguageSwitch() {
  const { pathname, search } = useLocation()
  const other = currentLanguage() === 'ta' ? 'en' : 'ta'
  const href = `/language/${other}?to=${encodeURIComponent(pathname + search)}`
  return (
    <a
      href={href}
      lang={LANGUAGE_TAGS[other]}
      hrefLang={LANGUAGE_TAGS[other]}
      rel="alternate nofollow"
      title={m.layout_switch_language({ language: LANGUAGE_NAMES[other] })}
      data-testid="language-switch"
      className="ml-auto inline-flex min-h-11 shrink-0 items-center rounded-full px-2 text-sm font-medium text-leaf-800 underline-offset-4 hover:bg-leaf-50 hover:underline focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-turmeric-700 nav:ml-0"
    >
      {LANGUAGE_NAMES[other]}
    </a>
  )
}
