import { getSignedInUser } from '~/features/accounts/guards.server'
import { rememberLanguage } from '~/i18n/language-choice.server'
import { isLanguage, pathInLanguage } from '~/i18n/language'
import { languageCookie, localPathOrHome } from '~/i18n/request-language.server'
import type { Route } from './+types/language'

/**
 * GET /language/:language?to=/path — the top bar's language switch (decision 074): remembers the choice in a cookie
 * (and in a signed-in customer's profile, for their other browsers) and opens the page `to` names in that language.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const language = params.language
  if (!isLanguage(language)) {
    return new Response('The shop speaks English (en) and Tamil (ta).', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  }
  const url = new URL(request.url)
  const to = localPathOrHome(url.searchParams.get('to'))
  const user = await getSignedInUser(request, context)
  if (user) await rememberLanguage(context.shop.db, user.id, language)
  // Absolute, so React Router puts no language's base before it.
  const target = new URL(pathInLanguage(to, language), url.origin)
  return new Response(null, {
    status: 303,
    headers: {
      Location: target.href,
      'Set-Cookie': languageCookie(language, url.protocol === 'https:'),
      'Cache-Control': 'no-store',
    },
  })
}
