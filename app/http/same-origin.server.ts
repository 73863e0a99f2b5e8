import { m } from '~/i18n/paraglide/messages.js'
import { webhookAt } from './webhooks'

/**
 * Whether a request may change something: only the shop's own pages may post to it
 * (docs/decisions/010-cross-origin-guard.md).
 */

export const crossSiteRefusal = () => m.http_cross_site_refusal()

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** A webhook (webhooks.ts): other servers post there, not browsers; its signature or token is what protects it. */
const isSignedWebhook = (method: string, path: string) => method === 'POST' && webhookAt(path) !== undefined

type RequestHeaders = Record<string, string | string[] | undefined>

/**
 * True unless the browser says the request came from another site: `Sec-Fetch-Site` cross-site or same-site
 * (a sibling subdomain is someone else's page to us), or an `Origin` other than `ownOrigin` (`null` included).
 * A request with neither header passes: it is not a browser's, and so carries no shopper's cookies.
 */
export function isAllowedOrigin(request: { method: string; path: string; headers: RequestHeaders; ownOrigin: string }) {
  const method = request.method.toUpperCase()
  if (READ_ONLY_METHODS.has(method) || isSignedWebhook(method, request.path)) return true

  const site = single(request.headers['sec-fetch-site'])
  if (site !== undefined && /^(cross-site|same-site)$/i.test(site.trim())) return false

  const origin = request.headers.origin
  if (origin === undefined) return true
  const own = originOf(request.ownOrigin)
  return own !== null && originOf(single(origin)) === own
}

// A header sent twice is not something a browser does: treated as a foreign value.
function single(value: string | string[] | undefined) {
  return Array.isArray(value) ? (value.length === 1 ? value[0] : '') : value
}

/** The normalised scheme://host[:port] of an http(s) address; null for `null`, paths or anything else. */
function originOf(value: string | undefined) {
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
  } catch {
    return null
  }
}
