import { redirect } from 'react-router'
import { callAuthEndpoint } from '~/features/accounts/auth.server'
import type { Route } from './+types/signout'

/**
 * POST /signout (the top bar's Sign out button): ends the session and sends the browser home. The browser's
 * storage (the cart, the saved address) is cleared too, so a shared computer keeps no trace; the button also
 * empties the cart itself, for browsers that ignore Clear-Site-Data.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const answer = await callAuthEndpoint(context.shop.auth, request, context.clientAddress, '/sign-out', {})
  const headers = new Headers()
  // Only for a sign-out the shop accepted: another site's form must not wipe a customer's cart.
  if (answer.status === 200) headers.set('Clear-Site-Data', '"storage"')
  else context.log.error({ status: answer.status, answer: answer.body }, 'Sign-out refused')
  for (const cookie of answer.setCookies) headers.append('Set-Cookie', cookie)
  return redirect('/', { headers })
}

/** Signing out changes something, so it takes a POST; a link here just goes home. */
export function loader() {
  return redirect('/')
}
