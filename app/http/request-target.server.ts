import net from 'node:net'

/**
 * What a request must look like before any route sees it (issue 14): a Host a browser could have sent, and a
 * path (origin-form), not a whole address. An address built from anything else made `new URL()` throw (a 500)
 * or put a stranger's host into a page; the shop is no proxy, so `GET http://elsewhere/` is not for it.
 */

/** A DNS name or IPv4 address (labels of letters, digits, hyphens; underscores for container names). */
const NAME = /^(?=.{1,253}\.?$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/i

/** Whether `host` is a Host header a browser could send: a name, an IPv4 or bracketed IPv6 address, and a port from 1 to 65535. */
export function isValidHost(host: string | undefined): boolean {
  if (!host) return false
  const match = /^(\[[^\]]*\]|[^:[\]]*)(?::(\d{1,5}))?$/.exec(host)
  if (!match) return false
  const [, name, port] = match
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return false
  if (name!.startsWith('[')) return net.isIPv6(name!.slice(1, -1))
  return NAME.test(name!)
}

/** Why the request cannot be answered, or null when it may go on to the routes. */
export function requestTargetProblem(request: { url?: string; headers: { host?: string } }): string | null {
  if (!request.url?.startsWith('/')) return 'The request target must be a path on this shop, such as /contact.'
  if (!isValidHost(request.headers.host)) return 'The Host header is missing or is not a valid host name.'
  return null
}
