import type { ShopConfig } from '~/config.server'

/**
 * The shop's absolute origin for canonical links, Open Graph, JSON-LD, the sitemap and robots.txt: PUBLIC_URL when
 * set (production requires it), so no request's Host header can change what pages say. Without it (a trial, the
 * tests) the address the request came to, as the cross-origin guard and better-auth do: the configured default,
 * http://localhost:<PORT>, names no port when the shop was given port 0.
 */
export function siteUrlFor(config: Pick<ShopConfig, 'PUBLIC_URL' | 'PUBLIC_URL_SET'>, request: Request) {
  return config.PUBLIC_URL_SET ? config.PUBLIC_URL : new URL(request.url).origin
}
