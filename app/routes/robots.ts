import { robotsTxt } from '~/features/findability/robots'
import { siteUrlFor } from '~/features/findability/site-url.server'
import type { Route } from './+types/robots'

/** GET /robots.txt: what crawlers may visit, and where the sitemap is (features/findability/robots.ts). */
export function loader({ request, context }: Route.LoaderArgs) {
  return new Response(robotsTxt(siteUrlFor(context.shop.config, request)), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}

/** Only read. */
export function action() {
  return new Response('Method not allowed: this address only answers GET.', {
    status: 405,
    headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
  })
}
