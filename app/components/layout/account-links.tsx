import { Form, Link, useLocation } from 'react-router'
import { cartStore } from '~/features/cart/cart-store'
import { FormTokenField } from '~/components/forms/form-token-field'
import { m } from '~/i18n/paraglide/messages.js'

/** What the root loader tells the page about the signed-in user (spec: email, displayName, admin flag). */
export type SignedInAccount = { email: string; displayName: string; isAdmin: boolean }

const focusRing = 'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-turmeric-700'
const linkClass = `inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-lg px-2 max-[419px]:px-1 nav:max-xl:px-1.5 text-sm font-medium text-leaf-800 hover:bg-leaf-50 ${focusRing}`

function PersonIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-6"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
    >
      <circle cx="12" cy="8" r="3.6" />
      <path d="M4.5 20c1.2-3.6 4-5.4 7.5-5.4s6.3 1.8 7.5 5.4" />
    </svg>
  )
}

function emptyCart() {
  try {
    cartStore.clear()
  } catch {
    // Storage refused: the sign-out answer's Clear-Site-Data still empties it.
  }
}

/** Shown instead of the words where the bar is tight. */
function SignOutIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="hidden size-6 max-sm:block nav:block"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4M10 8l-4 4 4 4M6 12h10" />
    </svg>
  )
}

/** The top bar's account corner: "Sign in" for visitors; the account's page and "Sign out" when signed in. */
export function AccountLinks({ account }: { account: SignedInAccount | null }) {
  const { pathname, search } = useLocation()
  if (!account) {
    const here = pathname + search
    const back =
      /^\/(signin|signup|signout|forgot-password|reset-password)$/i.test(pathname) || pathname === '/'
        ? ''
        : `?redirectTo=${encodeURIComponent(here)}`
    return (
      <Link to={`/Signin${back}`} className={linkClass}>
        <PersonIcon />
        <span className="max-[459px]:sr-only nav:max-xl:sr-only">{m.layout_sign_in()}</span>
      </Link>
    )
  }
  const home = account.isAdmin ? { to: '/dash', label: m.layout_dashboard() } : { to: '/my-orders', label: m.layout_my_orders() }
  return (
    <div className="flex shrink-0 items-center">
      <Link to={home.to} className={linkClass} title={m.layout_signed_in_as({ email: account.email })}>
        <PersonIcon />
        {/* Beside the full menu (and the search) the bar is tight: the icon alone, named for screen readers. */}
        <span className="sr-only sm:not-sr-only nav:sr-only">{home.label}</span>
      </Link>
      {/* A POST, so no other site can sign a customer out; the cart in this browser goes with the session. */}
      <Form method="post" action="/signout" onSubmit={emptyCart}>
        <FormTokenField />
        <button type="submit" className={`${linkClass} cursor-pointer`} title={m.layout_sign_out()}>
          <SignOutIcon />
          <span className="max-sm:sr-only nav:sr-only">{m.layout_sign_out()}</span>
        </button>
      </Form>
    </div>
  )
}
