import { useEffect } from 'react'
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import { databaseUnavailableMessage, databaseUnavailableTitle, ErrorPage, NotFoundPage } from './components/layout/error-page'
import { m } from './i18n/paraglide/messages.js'
import { LANGUAGE_TAGS, currentLanguage } from './i18n/language'
import { Footer } from './components/layout/footer'
import { AnnouncementBar, TopBar } from './components/layout/top-bar'
import { useShopSettings } from './components/layout/use-shop-settings'
import { WhatsAppButton } from './components/layout/whatsapp-button'
import { announcementText, DEFAULT_SHOP_SETTINGS, type StorefrontSettings } from './features/settings/shop-settings'
import { formatRupees } from './features/money/money'
import { requestShopSettings } from './features/settings/shop-settings.server'
import { useCspNonce } from './http/csp-nonce'
import { getSignedInUser } from './features/accounts/guards.server'
import { mediaBaseFor } from './features/media/media-url'
import { siteUrlFor } from './features/findability/site-url.server'
import { FAVICON_DATA_URL } from './features/findability/favicon'
import './app.css'
import { formTokenOf } from './http/form-token.server'

export async function loader({ request, context }: Route.LoaderArgs) {
  const [settings, user] = await Promise.all([requestShopSettings(context), getSignedInUser(request, context)])
  // What the top bar shows of the signed-in user (spec: email, displayName and an admin flag).
  const account = user && { email: user.email, displayName: user.displayName, isAdmin: user.role === 'admin' }
  // Where pictures are (media-url.ts), so the browser builds the same picture URLs as the server; the shop's origin
  // for pages' canonical links and previews (features/findability).
  // Signed in, every page may hold a form that posts (sign out, reviews, the admin's); signed out, the pages with forms
  // give their own token, since client-side navigation does not ask the root again.
  const formToken = account ? await formTokenOf(context) : ''
  // The payment rules (refused PIN codes, the COD fee's limits) stay on the server: the payment step asks for them.
  // The home page's claims travel with the home page alone; the shipping boxes are the admin's.
  const { payments: _, claims: __, shippingBoxes: ___, ...storefrontSettings } = settings
  return {
    settings: storefrontSettings satisfies StorefrontSettings,
    account,
    mediaBase: mediaBaseFor(context.shop.config.PUBLIC_MEDIA_URL),
    siteUrl: siteUrlFor(context.shop.config, request),
    formToken,
  }
}

export const meta: Route.MetaFunction = ({ data, error }) => {
  const settings = data?.settings ?? DEFAULT_SHOP_SETTINGS
  if (isRouteErrorResponse(error) && error.status === 404) return [{ title: m.layout_title_not_found({ shopName: settings.shopName }) }]
  if (isRouteErrorResponse(error) && error.status === 503)
    return [{ title: m.layout_title_unavailable({ title: databaseUnavailableTitle(), shopName: settings.shopName }) }]
  if (error) return [{ title: m.layout_title_error({ shopName: settings.shopName }) }]
  return [
    { title: `${settings.shopName} · ${settings.tagline}` },
    { name: 'description', content: m.layout_shop_description({ shopName: settings.shopName, tagline: settings.tagline }) },
  ]
}

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: FAVICON_DATA_URL, type: 'image/svg+xml' }]

export function Layout({ children }: { children: React.ReactNode }) {
  const settings = useShopSettings()
  const rootData = useRouteLoaderData<typeof loader>('root')
  const account = rootData?.account ?? null
  // Scripts' CSP nonce: the answer's on the server, '' in the browser (app/http/csp-nonce.ts).
  const nonce = useCspNonce()
  // Marks the page hydrated (its handlers attached): browser tests wait for it (tests/e2e/shopper.ts waitForHydration).
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
  return (
    <html lang={LANGUAGE_TAGS[currentLanguage()]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2f6121" />
        <Meta />
        {/* Stylesheets and module preloads need no nonce (CSP: 'self', inline styles allowed); an empty one renders
            the same on the server and in the browser, which shows a style's nonce (but hides a script's). */}
        <Links nonce="" />
      </head>
      <body className="flex min-h-dvh flex-col bg-stone-50 text-earth-900 antialiased">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-leaf-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-3 focus:outline-turmeric-700"
        >
          {m.layout_skip_to_content()}
        </a>
        <AnnouncementBar text={announcementText(settings, formatRupees)} />
        <TopBar shopName={settings.shopName} logo={settings.logo} account={account} />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <Footer settings={settings} />
        <WhatsAppButton settings={settings} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  // The database is away (server/app.ts answers 503): it comes back by itself, so say so kindly.
  if (isRouteErrorResponse(error) && error.status === 503) {
    return <ErrorPage title={databaseUnavailableTitle()} message={databaseUnavailableMessage()} />
  }
  if (isRouteErrorResponse(error)) {
    return (
      <ErrorPage
        title={error.status < 500 ? m.layout_request_failed_title() : m.layout_error_title()}
        message={error.status < 500 ? m.layout_request_failed_message() : m.layout_error_message()}
      />
    )
  }
  // The stack helps while developing; customers never see it.
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined
  return <ErrorPage title={m.layout_error_title()} message={m.layout_error_message_contact()} details={details} />
}
