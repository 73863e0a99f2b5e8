import { absoluteUrl } from './page-meta'
import { TAMIL_BASE } from '~/i18n/language'

/**
 * Paths crawlers are asked to leave alone: the admin, the JSON API, the checkout's steps after the cart, and
 * one visitor's account pages. They carry `noindex` too; this saves the crawl. Robots paths are prefixes and
 * case-sensitive: other casings of /Admin and /Delete redirect to these.
 */
export const CRAWL_DISALLOWED = [
  '/dash',
  '/Admin',
  '/Delete',
  '/api/',
  '/address',
  '/checkout',
  '/payment',
  '/order-success',
  '/order/',
  '/my-orders',
  '/forgot-password',
  '/reset-password',
  '/signout',
] as const

/** /robots.txt: the shop is open to every crawler but for the paths above, and the sitemap is named. */
export function robotsTxt(siteUrl: string) {
  return [
    'User-agent: *',
    'Allow: /',
    // The same paths in Tamil (decision 074), and the language switch, which only sets a cookie and comes back.
    ...CRAWL_DISALLOWED.flatMap((path) => [`Disallow: ${path}`, `Disallow: ${TAMIL_BASE}${path}`]),
    'Disallow: /language/',
    '',
    `Sitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}`,
    '',
  ].join('\n')
}
