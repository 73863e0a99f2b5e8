import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpThroughApi, formTokenFor } from '../support/http-browser'
import { sharedShopAdmin, sharedTestServer, startTestServer, type SharedTestServer, type TestServer } from '../support/test-server'

// The security headers on every kind of answer of the built shop, and the CSP nonce on every script of a page
// (docs/decisions/015-security-headers.md). Browsers honouring them: tests/e2e/csp.spec.ts.

const ADMIN = sharedShopAdmin(import.meta.url)

/** The CSP's directives by name, each with its sources. */
function directives(policy: string | null) {
  expect(policy, 'a Content-Security-Policy header').toBeTruthy()
  return new Map(
    policy!.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/)
      return [name!, sources] as const
    }),
  )
}

/** The headers every answer carries, whatever it is. */
function expectSecurityHeaders(response: Response, what: string) {
  const csp = directives(response.headers.get('content-security-policy'))
  expect(csp.get('default-src'), what).toEqual(["'self'"])
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"])
  expect(csp.get('object-src'), what).toEqual(["'none'"])
  expect(csp.get('script-src'), what).not.toContain("'unsafe-inline'")
  expect(response.headers.get('x-content-type-options'), what).toBe('nosniff')
  expect(response.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin')
  expect(response.headers.get('x-frame-options'), what).toBe('DENY')
  expect(response.headers.get('cross-origin-opener-policy'), what).toMatch(/^same-origin/)
  return csp
}

/** The nonce the CSP allows: exactly one. */
function cspNonce(response: Response) {
  const nonces = directives(response.headers.get('content-security-policy'))
    .get('script-src')!
    .filter((s) => s.startsWith("'nonce-"))
  expect(nonces).toHaveLength(1)
  return nonces[0]!.slice("'nonce-".length, -1)
}

/** Every <script> start tag of the page. */
const scriptTags = (html: string) => html.match(/<script\b[^>]*>/gi) ?? []

const get = (server: SharedTestServer, path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { redirect: 'manual', ...init })

/** A product with uploaded pictures, so there is a /media file to fetch; answers the front picture's path. */
async function uploadedPicture(server: SharedTestServer) {
  const cookie = await signUpThroughApi(server.url, ADMIN)
  const form = new FormData()
  for (const [k, v] of Object.entries({
    name: 'Header Pepper',
    description: 'Black pepper from Wayanad.',
    category: 'spices',
    price: '149.50',
    stockCount: '12',
  })) {
    form.set(k, v)
  }
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 40, g: 120, b: 40 } } })
    .png()
    .toBuffer()
  form.set('frontImage', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'front.png')
  form.set('backImage', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'back.png')
  form.set('csrf_token', await formTokenFor(server.url, cookie))
  const created = await fetch(`${server.url}/api/admin/products`, { method: 'POST', headers: { cookie, Origin: server.url }, body: form })
  const body = (await created.json()) as { product: { id: string } }
  expect(created.status, JSON.stringify(body)).toBe(200)
  const product = (await (await fetch(`${server.url}/api/products/${body.product.id}`)).json()) as { imageUrl: string }
  expect(product.imageUrl).toMatch(/^\/media\/[a-f0-9]{32}-\d+\.webp$/)
  return product.imageUrl
}

describe('security headers in test-payment mode', () => {
  let server: SharedTestServer
  beforeAll(async () => {
    server = await sharedTestServer()
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('a page: every <script> carries the CSP nonce, which is new for every page rendered', async () => {
    // The contact page is rendered for each answer; the catalogue's pages for visitors are rendered once a second
    // and each copy keeps its render's nonce (tests/server/page-cache.test.ts).
    const first = await get(server, '/contact')
    expect(first.status).toBe(200)
    expectSecurityHeaders(first, 'contact page')
    const nonce = cspNonce(first)
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    const scripts = scriptTags(await first.text())
    // React Router's scroll restoration, its context and streamed data, and the module that hydrates the page.
    expect(scripts.length).toBeGreaterThanOrEqual(2)
    for (const tag of scripts) expect(tag).toContain(` nonce="${nonce}"`)

    const second = await get(server, '/contact')
    const secondNonce = cspNonce(second)
    expect(secondNonce).not.toBe(nonce)
    for (const tag of scriptTags(await second.text())) expect(tag).toContain(` nonce="${secondNonce}"`)

    const home = await get(server, '/')
    expectSecurityHeaders(home, 'home page')
    const homeNonce = cspNonce(home)
    for (const tag of scriptTags(await home.text())) expect(tag).toContain(` nonce="${homeNonce}"`)
  })

  it('a product page and a page streamed to a crawler carry the nonce on every script too', async () => {
    const { products } = (await (await get(server, '/api/products')).json()) as { products: { url: string }[] }
    for (const init of [{}, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } }]) {
      const response = await get(server, products[0]!.url, init)
      expect(response.status).toBe(200)
      const nonce = cspNonce(response)
      const scripts = scriptTags(await response.text())
      expect(scripts.length).toBeGreaterThanOrEqual(2)
      for (const tag of scripts) expect(tag).toContain(` nonce="${nonce}"`)
    }
  })

  it('no Razorpay origins, nothing may be framed, HSTS for this host alone', async () => {
    const response = await get(server, '/payment')
    const csp = expectSecurityHeaders(response, 'payment page')
    expect(response.headers.get('content-security-policy')).not.toMatch(/razorpay/i)
    expect(csp.get('frame-src')).toEqual(["'none'"])
    expect(csp.get('connect-src')).toEqual(["'self'"])
    expect(csp.get('img-src')).toEqual(["'self'", 'data:'])
    expect(csp.has('upgrade-insecure-requests')).toBe(false)
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin')
    // Production without an https PUBLIC_URL: this host only, and browsers ignore it over plain http.
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000')
    expect(response.headers.get('x-xss-protection')).toBe('1; mode=block')
    await response.body?.cancel()
  })

  it('an API answer', async () => {
    const response = await get(server, '/api/products')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/json/)
    expectSecurityHeaders(response, 'API answer')
    await response.body?.cancel()
  })

  it('an API refusal (bad input) and a cross-site POST refused before any route', async () => {
    const bad = await get(server, '/api/orders/not-an-order')
    expect(bad.status).toBeGreaterThanOrEqual(400)
    expect(bad.status).toBeLessThan(500)
    expectSecurityHeaders(bad, 'API 4xx')
    const crossSite = await get(server, '/api/payment/createOrder', {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    })
    expect(crossSite.status).toBe(403)
    expectSecurityHeaders(crossSite, 'cross-site refusal')
    await Promise.all([bad.body?.cancel(), crossSite.body?.cancel()])
  })

  it('a hashed asset: nosniff, and none of a page’s headers (docs/decisions/017-page-speed.md)', async () => {
    const html = await (await get(server, '/')).text()
    const asset = html.match(/href="(\/assets\/[^"]+\.js)"/)?.[1]
    expect(asset).toBeDefined()
    const response = await get(server, asset!, { headers: { 'accept-encoding': 'br, gzip' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/javascript/)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-security-policy')).toBeNull()
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    await response.body?.cancel()
  })

  it('a /media picture and a missing one', async () => {
    const picture = await uploadedPicture(server)
    const response = await get(server, picture)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expectSecurityHeaders(response, '/media picture')
    await response.body?.cancel()
    const missing = await get(server, `/media/${'0'.repeat(32)}-640.webp`)
    expect(missing.status).toBe(404)
    expectSecurityHeaders(missing, '/media 404')
    await missing.body?.cancel()
  })

  it('a page not found, with its scripts nonced', async () => {
    const response = await get(server, '/no-such-page')
    expect(response.status).toBe(404)
    expectSecurityHeaders(response, 'page not found')
    const nonce = cspNonce(response)
    for (const tag of scriptTags(await response.text())) expect(tag).toContain(` nonce="${nonce}"`)
    const asset = await get(server, '/assets/no-such-file.js')
    expect(asset.status).toBe(404)
    expectSecurityHeaders(asset, 'missing asset')
    await asset.body?.cancel()
  })

  it('redirects: the spelling of a path, and a page that needs signing in', async () => {
    const spelling = await get(server, '/cart-page')
    expect(spelling.status).toBe(301)
    expect(spelling.headers.get('location')).toBe('/Cart-page')
    expectSecurityHeaders(spelling, 'canonical path redirect')
    const signIn = await get(server, '/dash')
    expect(signIn.status).toBeGreaterThanOrEqual(300)
    expect(signIn.status).toBeLessThan(400)
    expectSecurityHeaders(signIn, 'sign-in redirect')
    await Promise.all([spelling.body?.cancel(), signIn.body?.cancel()])
  })

  it('the health checks and an address too long', async () => {
    for (const path of ['/healthz', '/readyz', `/${'x'.repeat(3000)}`]) {
      const response = await get(server, path)
      expectSecurityHeaders(response, path.slice(0, 20))
      await response.body?.cancel()
    }
  })
})

describe('security headers with Razorpay and a media origin', () => {
  let server: TestServer
  beforeAll(async () => {
    // The shop does not call Razorpay until an order is made: any address will do for its API.
    server = await startTestServer({
      env: {
        RAZORPAY_KEY_ID: 'rzp_test_headers',
        RAZORPAY_KEY_SECRET: 'headers-key-secret',
        RAZORPAY_WEBHOOK_SECRET: 'headers-webhook-secret',
        RAZORPAY_API_BASE: 'http://127.0.0.1:9',
        PUBLIC_MEDIA_URL: 'https://media.example/shop',
        // Its pages' headers are the point, not products: a shop without the catalogue starts in a second.
        SEED_DEMO_CATALOGUE: 'never',
      },
    })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it("allows Razorpay's checkout script, payment window and telemetry, and pictures from the media origin", async () => {
    const response = await get(server, '/payment')
    expect(response.status).toBe(200)
    const csp = expectSecurityHeaders(response, 'payment page with Razorpay')
    expect(csp.get('script-src')).toContain('https://checkout.razorpay.com')
    expect(csp.get('frame-src')).toEqual(expect.arrayContaining(['https://api.razorpay.com', 'https://checkout.razorpay.com']))
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://lumberjack.razorpay.com']))
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'https://media.example']))
    expect(csp.get('script-src')).not.toContain('https://media.example')
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups')
    const nonce = cspNonce(response)
    for (const tag of scriptTags(await response.text())) expect(tag).toContain(` nonce="${nonce}"`)
  })
})

describe('HSTS', () => {
  let server: TestServer
  beforeAll(async () => {
    // NODE_ENV=production (startTestServer) and customers reach the shop over https.
    server = await startTestServer({ env: { PUBLIC_URL: 'https://shop.example' } })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('in production behind https: Strict-Transport-Security on pages, API and assets, and insecure requests upgraded', async () => {
    const html = await (await get(server, '/')).text()
    const asset = html.match(/href="(\/assets\/[^"]+\.css)"/)?.[1]
    expect(asset).toBeDefined()
    for (const path of ['/', '/api/products', asset!, '/no-such-page']) {
      const response = await get(server, path)
      expect(response.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains')
      // A stylesheet carries no policy of its own (the test of hashed assets above).
      if (path !== asset) expect(expectSecurityHeaders(response, path).has('upgrade-insecure-requests'), path).toBe(true)
      await response.body?.cancel()
    }
  })
})
