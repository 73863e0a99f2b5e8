import { describe, expect, it } from 'vitest'
import { NO_BROWSER_SOURCES } from '~/features/payments/provider'
import { RAZORPAY_SOURCES, razorpayProvider } from '~/features/payments/razorpay.server'
import { browserSourcesOf } from '~/features/payments/registry.server'
import { assetHeaders, newNonce, permissionsPolicy, securityHeaders, securityHeaderSettings } from './security-headers.server'

/** The policy's directives by name, each with its sources. */
function directives(policy: string) {
  return new Map(
    policy.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/)
      return [name!, sources] as const
    }),
  )
}

const NONCE = 'cmFuZG9tLW5vbmNlLXZhbHVl'

describe('securityHeaders', () => {
  it('without Razorpay: scripts from the shop or with the nonce, nothing framed, no frame-ancestors', () => {
    const headers = securityHeaders({ nonce: NONCE, payments: NO_BROWSER_SOURCES, hsts: 'none' })
    const csp = directives(headers['Content-Security-Policy']!)
    expect(csp.get('default-src')).toEqual(["'self'"])
    expect(csp.get('script-src')).toEqual(["'self'", `'nonce-${NONCE}'`])
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(csp.get('img-src')).toEqual(["'self'", 'data:'])
    expect(csp.get('connect-src')).toEqual(["'self'"])
    expect(csp.get('frame-src')).toEqual(["'none'"])
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(csp.get('object-src')).toEqual(["'none'"])
    expect(csp.get('base-uri')).toEqual(["'self'"])
    expect(csp.get('form-action')).toEqual(["'self'"])
    expect(csp.has('upgrade-insecure-requests')).toBe(false)
    expect(headers['Content-Security-Policy']).not.toContain('razorpay')
    expect(headers).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
    })
    expect(headers).not.toHaveProperty('Strict-Transport-Security')
  })

  it('never lets inline scripts or eval run', () => {
    for (const razorpay of [false, true]) {
      for (const development of [false, true]) {
        const csp = directives(
          securityHeaders({ nonce: NONCE, payments: razorpay ? RAZORPAY_SOURCES : NO_BROWSER_SOURCES, hsts: 'none', development })[
            'Content-Security-Policy'
          ]!,
        )
        expect(csp.get('script-src')).not.toContain("'unsafe-inline'")
        expect(csp.get('script-src')).not.toContain("'unsafe-eval'")
        expect(csp.get('script-src')).not.toContain('*')
      }
    }
  })

  it('with Razorpay: its checkout script, payment window and telemetry, and popups keep their opener', () => {
    const headers = securityHeaders({ nonce: NONCE, payments: RAZORPAY_SOURCES, hsts: 'none' })
    const csp = directives(headers['Content-Security-Policy']!)
    expect(csp.get('script-src')).toEqual(["'self'", `'nonce-${NONCE}'`, ...RAZORPAY_SOURCES.script])
    expect(csp.get('script-src')).toContain('https://checkout.razorpay.com')
    expect(csp.get('frame-src')).toEqual(expect.arrayContaining(['https://api.razorpay.com', 'https://checkout.razorpay.com']))
    expect(csp.get('frame-src')).not.toContain("'none'")
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://lumberjack.razorpay.com', 'https://api.razorpay.com']),
    )
    expect(csp.get('img-src')).toContain('https://cdn.razorpay.com')
    // Being framed stays forbidden either way.
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups')
  })

  it('allows pictures from the media origin when there is one', () => {
    const csp = directives(
      securityHeaders({ nonce: NONCE, payments: NO_BROWSER_SOURCES, hsts: 'none', mediaOrigin: 'https://media.example' })[
        'Content-Security-Policy'
      ]!,
    )
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'https://media.example'])
    expect(csp.get('script-src')).not.toContain('https://media.example')
  })

  it('HSTS for the host alone, or with subdomains and upgrade-insecure-requests, only when asked', () => {
    const host = securityHeaders({ nonce: NONCE, payments: NO_BROWSER_SOURCES, hsts: 'host' })
    expect(host['Strict-Transport-Security']).toBe('max-age=31536000')
    expect(directives(host['Content-Security-Policy']!).has('upgrade-insecure-requests')).toBe(false)
    const both = securityHeaders({ nonce: NONCE, payments: NO_BROWSER_SOURCES, hsts: 'host-and-subdomains' })
    expect(both['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains')
    expect(directives(both['Content-Security-Policy']!).has('upgrade-insecure-requests')).toBe(true)
    expect(assetHeaders({ payments: NO_BROWSER_SOURCES, hsts: 'host' })['Strict-Transport-Security']).toBe('max-age=31536000')
    expect(assetHeaders({ payments: NO_BROWSER_SOURCES, hsts: 'none' })).not.toHaveProperty('Strict-Transport-Security')
  })

  it('X-XSS-Protection blocks the page in the old browsers that read it, never filters it', () => {
    for (const hsts of ['none', 'host'] as const)
      expect(securityHeaders({ nonce: NONCE, payments: NO_BROWSER_SOURCES, hsts })['X-XSS-Protection']).toBe('1; mode=block')
  })

  it("development allows Vite's hot-reload WebSocket, production does not", () => {
    expect(
      directives(
        securityHeaders({ nonce: NONCE, payments: NO_BROWSER_SOURCES, hsts: 'none', development: true })['Content-Security-Policy']!,
      ).get('connect-src'),
    ).toEqual(["'self'", 'ws:', 'wss:'])
  })
})

describe('securityHeaderSettings', () => {
  const base = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', PUBLIC_URL_SET: true }

  it('HSTS in production; with subdomains only for an https PUBLIC_URL that was given; never in development or tests', () => {
    expect(securityHeaderSettings(base).hsts).toBe('host-and-subdomains')
    expect(securityHeaderSettings({ ...base, PUBLIC_URL: 'http://shop.example' }).hsts).toBe('host')
    expect(securityHeaderSettings({ ...base, PUBLIC_URL: 'http://localhost:3000', PUBLIC_URL_SET: false }).hsts).toBe('host')
    expect(securityHeaderSettings({ ...base, NODE_ENV: 'development' }).hsts).toBe('none')
    expect(securityHeaderSettings({ ...base, NODE_ENV: 'test' }).hsts).toBe('none')
  })

  it('Razorpay when it is a registered provider; the media origin without the path', () => {
    const razorpay = razorpayProvider({ keyId: 'rzp_live_x', keySecret: 'k', webhookSecret: 'w', apiBase: 'https://api.razorpay.com' })
    expect(securityHeaderSettings(base).payments).toEqual(NO_BROWSER_SOURCES)
    expect(securityHeaderSettings(base, browserSourcesOf([razorpay])).payments).toEqual(RAZORPAY_SOURCES)
    expect(securityHeaderSettings({ ...base, PUBLIC_MEDIA_URL: 'https://cdn.example:8443/shop/media' }).mediaOrigin).toBe(
      'https://cdn.example:8443',
    )
    expect(securityHeaderSettings(base).mediaOrigin).toBeUndefined()
  })
})

describe('newNonce', () => {
  it('is 128 random bits in base64, new every time', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce))
    expect(nonces.size).toBe(100)
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
    }
  })
})

describe('Permissions-Policy', () => {
  it('turns off the sensors and lets only the shop ask for payments without Razorpay', () => {
    const policy = securityHeaders({ payments: NO_BROWSER_SOURCES, hsts: 'none', nonce: 'n' })['Permissions-Policy']!
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=(self)', 'usb=()']) expect(policy).toContain(feature)
    expect(policy).not.toContain('razorpay')
  })

  it('lets Razorpay’s payment window use the Payment Request API and one-time passwords when it is configured', () => {
    const policy = permissionsPolicy({ payments: RAZORPAY_SOURCES })
    expect(policy).toContain('payment=(self "https://api.razorpay.com" "https://checkout.razorpay.com")')
    expect(policy).toContain('otp-credentials=(self "https://api.razorpay.com")')
    expect(policy).toContain('camera=()')
  })
})
