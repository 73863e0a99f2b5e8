import crypto from 'node:crypto'
import { type BrowserSources, NO_BROWSER_SOURCES } from '~/features/payments/provider'

/**
 * The security headers every answer carries, pages, API, media and assets alike
 * (docs/decisions/015-security-headers.md).
 */

export type SecurityHeaderSettings = {
  /**
   * What the checkouts of the shop's payment providers need (their scripts, payment windows and telemetry), from the
   * registered providers (features/payments/registry.server.ts, browserSourcesOf); none when omitted.
   */
  payments?: BrowserSources
  /** The origin of PUBLIC_MEDIA_URL, where product pictures come from when it is set. */
  mediaOrigin?: string
  /**
   * Strict-Transport-Security (decision 031): `host` in production, for this host only (browsers ignore it over
   * plain http, RFC 6797 §8.1); `host-and-subdomains` when PUBLIC_URL says customers come over https, which also
   * upgrades insecure requests; `none` in development and tests, so a developer's localhost is never pinned.
   */
  hsts: 'none' | 'host' | 'host-and-subdomains'
  /** Vite's dev server: its hot reload talks over a WebSocket on a port of its own. */
  development?: boolean
}

/** A fresh value for every answer: only scripts carrying it run (React Router's and React's inline ones). */
export function newNonce() {
  return crypto.randomBytes(16).toString('base64')
}

/** What the headers depend on, from the shop's settings (app/config.server.ts) and its payment providers' checkouts. */
export function securityHeaderSettings(
  config: {
    NODE_ENV: string
    PUBLIC_URL: string
    PUBLIC_URL_SET: boolean
    PUBLIC_MEDIA_URL?: string
  },
  payments: BrowserSources = NO_BROWSER_SOURCES,
): SecurityHeaderSettings {
  return {
    payments,
    mediaOrigin: config.PUBLIC_MEDIA_URL ? new URL(config.PUBLIC_MEDIA_URL).origin : undefined,
    // Subdomains only when the owner has said the shop is on https: they may still have plain-http ones.
    hsts:
      config.NODE_ENV !== 'production'
        ? 'none'
        : config.PUBLIC_URL_SET && config.PUBLIC_URL.startsWith('https:')
          ? 'host-and-subdomains'
          : 'host',
    development: config.NODE_ENV === 'development',
  }
}

/** The Content-Security-Policy: scripts only from the shop itself or carrying this answer's nonce, never inline otherwise. */
export function contentSecurityPolicy(settings: SecurityHeaderSettings & { nonce: string }) {
  const payments = settings.payments ?? NO_BROWSER_SOURCES
  const media = settings.mediaOrigin ? [settings.mediaOrigin] : []
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${settings.nonce}'`, ...payments.script],
    // Style attributes (React's style props, the dialog's backdrop) and Vite's injected styles in development:
    // styles cannot run code, so inline ones are allowed.
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for the favicon, an inline SVG.
    'img-src': ["'self'", 'data:', ...media, ...payments.img],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...payments.connect, ...(settings.development ? ['ws:', 'wss:'] : [])],
    'frame-src': payments.frame.length ? [...payments.frame] : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  }
  const policy = Object.entries(directives).map(([name, sources]) => `${name} ${sources.join(' ')}`)
  // Upgrading on a shop reached over plain http would break every picture and script.
  if (settings.hsts === 'host-and-subdomains') policy.push('upgrade-insecure-requests')
  return policy.join('; ')
}

/**
 * The browser features a page may use: none of the sensors, and payments only for the shop and its providers'
 * checkouts, whose payment windows (Razorpay's: an iframe on api.razorpay.com) may use the Payment Request API for UPI
 * apps and Google Pay, and WebOTP to fill a card's one-time password.
 */
export function permissionsPolicy(settings: Pick<SecurityHeaderSettings, 'payments'>) {
  const payments = settings.payments ?? NO_BROWSER_SOURCES
  const origins = (list: readonly string[]) => list.map((origin) => ` "${origin}"`).join('')
  return [
    'camera=()',
    'microphone=()',
    'geolocation=()',
    `payment=(self${origins(payments.payment)})`,
    `otp-credentials=(self${origins(payments.otpCredentials)})`,
    'usb=()',
    'serial=()',
    'hid=()',
    'bluetooth=()',
    'midi=()',
    'magnetometer=()',
    'gyroscope=()',
    'accelerometer=()',
    'display-capture=()',
    'browsing-topics=()',
  ].join(', ')
}

/** Every security header of one answer. */
export function securityHeaders(settings: SecurityHeaderSettings & { nonce: string }): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(settings),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // frame-ancestors says the same to browsers that know CSP; this is for those that do not.
    'X-Frame-Options': 'DENY',
    // Razorpay's netbanking and wallet steps open popups that report back to the page that opened them.
    'Cross-Origin-Opener-Policy': settings.payments?.popups ? 'same-origin-allow-popups' : 'same-origin',
    'Permissions-Policy': permissionsPolicy(settings),
    // Read by no browser since Chrome 78, Edge 17 and Safari 15.4; for older ones, block the whole page rather
    // than let their filter cut scripts out of it (decision 031).
    'X-XSS-Protection': '1; mode=block',
    ...strictTransportSecurity(settings),
  }
}

/**
 * The headers of a hashed script or stylesheet: a policy applies to the page that loads the file, not to the file
 * (docs/decisions/017-page-speed.md), so only what still means something for it.
 */
export function assetHeaders(settings: SecurityHeaderSettings): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    ...strictTransportSecurity(settings),
  }
}

function strictTransportSecurity(settings: Pick<SecurityHeaderSettings, 'hsts'>): Record<string, string> {
  if (settings.hsts === 'none') return {}
  return { 'Strict-Transport-Security': settings.hsts === 'host' ? 'max-age=31536000' : 'max-age=31536000; includeSubDomains' }
}
