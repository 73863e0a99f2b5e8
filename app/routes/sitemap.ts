import { shopSitemap } from '~/features/findability/sitemap.server'
import { siteUrlFor } from '~/features/findability/site-url.server'
import type { Route } from './+types/sitemap'

/** GET /sitemap.xml: every page on sale to find (features/findability/sitemap.ts); crawlers may keep it five minutes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const xml = await shopSitemap(context.shop.db, siteUrlFor(context.shop.config, request))
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' } })
}

/** Only read. */
export function action() {
  return new Response('Method not allowed: this address only answers GET.', {
    status: 405,
    headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
  })
}
