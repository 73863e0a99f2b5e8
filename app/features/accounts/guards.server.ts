import { type AppLoadContext, redirect } from 'react-router'
import { pathWithoutLanguage } from '~/i18n/language'
import type { Role } from '~/db/schema'
import { m } from '~/i18n/paraglide/messages.js'

export type SignedInUser = {
  id: string
  email: string
  /** The username, or the e-mail address when there is none. */
  displayName: string
  role: Role
  /** Whether the address was confirmed (a mailed link): only then are its guest orders shown. */
  emailVerified: boolean
}

// The root loader and a page's loader ask in the same request: one database lookup serves both.
const perRequest = new WeakMap<Request, Promise<SignedInUser | null>>()

/** The user of the request's session cookie, or null for a visitor (or an expired, revoked or banned session). */
export function getSignedInUser(request: Request, context: AppLoadContext): Promise<SignedInUser | null> {
  let found = perRequest.get(request)
  if (!found) {
    found = lookUp(request, context)
    perRequest.set(request, found)
  }
  return found
}

async function lookUp(request: Request, context: AppLoadContext): Promise<SignedInUser | null> {
  if (!request.headers.get('cookie')) return null
  const session = await context.shop.auth.api.getSession({ headers: request.headers })
  if (!session || session.user.banned) return null
  const { user } = session
  return {
    id: user.id,
    email: user.email,
    displayName: user.name?.trim() || user.email,
    role: user.role === 'admin' ? 'admin' : 'user',
    emailVerified: user.emailVerified,
  }
}

/** For admin pages: the admin, or a redirect home for everyone else (visitors and customers alike). */
export async function requireAdminPage(request: Request, context: AppLoadContext) {
  const user = await getSignedInUser(request, context)
  if (user?.role !== 'admin') throw redirect('/')
  return user
}

/** For admin APIs: the admin, or a 403 JSON answer `{ error }` for everyone else. */
export async function requireAdminApi(request: Request, context: AppLoadContext) {
  const user = await getSignedInUser(request, context)
  if (user?.role === 'admin') return user
  const error = user ? m.accounts_admins_only() : m.accounts_sign_in_as_admin()
  throw Response.json({ error }, { status: 403, headers: { 'Cache-Control': 'no-store' } })
}

/** For pages of signed-in customers: the user, or a redirect to sign in that comes back here afterwards. */
export async function requireSignedIn(request: Request, context: AppLoadContext) {
  const user = await getSignedInUser(request, context)
  if (user) return user
  const url = new URL(request.url)
  // The path without its language: the redirect, and the one after signing in, are made in the page's (its basename).
  throw redirect(`/Signin?redirectTo=${encodeURIComponent(pathWithoutLanguage(url.pathname) + url.search)}`)
}
