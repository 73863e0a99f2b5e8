// The catalogue's pages for visitors without an account are rendered once a second at most and revalidated
// with ETags (app/http/page-cache.server.ts, docs/decisions/017-page-speed.md): what each visitor gets must still
// be right — its own CSP nonce on every script, nobody's account, and an admin's change at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../support/http-browser'
import { type TestServer, startTestServer } from '../support/test-server'

const OWNER = 'owner@page-cache.test'
let server: TestServer
let admin: Browser

beforeAll(async () => {
  // A long freshness: whatever a test sees as fresh comes from a clearing, not from the clock.
  server = await startTestServer({ env: { ADMIN_EMAILS: OWNER, RATE_LIMIT: 'off', PAGE_CACHE_SECONDS: '60' } })
  admin = new Browser(server.url)
  expect((await admin.signUp(OWNER)).status).toBe(200)
}, 180_000)

afterAll(async () => {
  await server?.stop()
})

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers, redirect: 'manual' })

/** The nonce the page's policy allows, and the nonces its scripts carry. */
async function nonces(response: Response) {
  const policy = response.headers.get('content-security-policy') ?? ''
  const allowed = policy.match(/'nonce-([^']+)'/)?.[1]
  const html = await response.text()
  const carried = new Set([...html.matchAll(/<script\b[^>]*\snonce="([^"]*)"/g)].map((m) => m[1]))
  return { allowed, carried, html }
}

describe('the page cache', () => {
  it('answers a visitor’s second view of a shelf with the same page, its scripts nonced for the policy sent with it', async () => {
    const first = await get('/herb-ro')
    const second = await get('/herb-ro')
    expect(first.status).toBe(200)
    expect(first.headers.get('etag')).toMatch(/^"[\w-]{27}"$/)
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(first.headers.get('cache-control')).toBe('no-cache')
    const a = await nonces(first)
    const b = await nonces(second)
    expect(a.allowed).toBeTruthy()
    expect([...a.carried]).toEqual([a.allowed])
    expect([...b.carried]).toEqual([b.allowed])
    expect(b.html).toBe(a.html)
  })

  it('answers 304 to a browser holding the same page, with the policy its scripts need', async () => {
    const page = await get('/')
    const etag = page.headers.get('etag')!
    const { allowed } = await nonces(page)
    const revalidated = await get('/', { 'if-none-match': etag })
    expect(revalidated.status).toBe(304)
    expect(await revalidated.text()).toBe('')
    expect(revalidated.headers.get('content-security-policy')).toContain(`'nonce-${allowed}'`)
    expect((await get('/', { 'if-none-match': '"something-else"' })).status).toBe(200)
  })

  it('answers HEAD from the same page, without a body', async () => {
    const page = await get('/free-products')
    const head = await fetch(`${server.url}/free-products`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('etag')).toBe(page.headers.get('etag'))
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(await page.text()))
  })

  it('gives a signed-in customer a page of their own, never a visitor’s copy', async () => {
    const visitor = await nonces(await get('/herb-ro'))
    const customer = new Browser(server.url)
    expect((await customer.signUp('meena@page-cache.test')).status).toBe(200)
    const own = await customer.send('/herb-ro')
    expect(own.status).toBe(200)
    expect(own.headers.get('etag')).toBeNull()
    const ownNonce = own.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1]
    expect(ownNonce).not.toBe(visitor.allowed)
    expect(own.text).toContain(`nonce="${ownNonce}"`)
    // The top bar knows them: the visitors' copy was not shared with them, nor theirs with visitors.
    expect(own.text).toContain('Meena')
    expect((await nonces(await get('/herb-ro'))).html).not.toContain('Meena')
  })

  it('shows an admin’s change to a product on the next view, though the page was fresh', async () => {
    const added = await admin.send('/api/admin/products', {
      form: { name: 'Cached Pepper', description: 'For the cache test.', category: 'spices', price: '150', stockCount: '4' },
    })
    expect(added.status, added.text).toBe(200)
    const id = JSON.parse(added.text).product.id as string
    const before = await (await fetch(`${server.url}/product/${id}`, { redirect: 'follow' })).text()
    expect(before).toContain('150')
    expect(before).not.toContain('175.50')
    const shelfBefore = await (await get('/Spices')).text()
    expect(shelfBefore).toContain('Cached Pepper')

    // The page is asked for as soon as the change's answer begins, before its body is read.
    const changed = await fetch(`${server.url}/api/admin/products/${id}`, {
      method: 'POST',
      headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '), origin: server.url },
      body: new URLSearchParams({
        intent: 'update',
        name: 'Cached Pepper',
        description: 'For the cache test.',
        category: 'spices',
        price: '175.50',
        stockCount: '4',
        csrf_token: await admin.formToken(),
      }),
    })
    expect(changed.status).toBe(200)
    const after = await (await fetch(`${server.url}/product/${id}`, { redirect: 'follow' })).text()
    await changed.body?.cancel()
    expect(after).toContain('175.50')

    const removed = await admin.send(`/api/admin/products/${id}`, { form: { intent: 'delete' } })
    expect(removed.status, removed.text).toBe(200)
    expect(await (await get('/Spices')).text()).not.toContain('Cached Pepper')
  })

  it('answers the products API from the same cache, keeping its own minute of caching', async () => {
    const first = await get('/api/products?category=herbal')
    const second = await get('/api/products?category=herbal')
    expect(first.status).toBe(200)
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(first.headers.get('cache-control')).toBe('public, max-age=60')
    expect(first.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await second.json()).toEqual(await first.json())
    const other = await get('/api/products?category=spices')
    expect(other.headers.get('etag')).not.toBe(first.headers.get('etag'))
    const bad = await get('/api/products?category=nonsense')
    expect(bad.status).toBe(400)
    expect(bad.headers.get('etag')).toBeNull()
  })

  it('keeps pages that differ by address apart, and no error page', async () => {
    const missing = await get('/product/no-such-product')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('etag')).toBeNull()
    const home = await get('/')
    const shelf = await get('/herb-ro')
    expect(home.headers.get('etag')).not.toBe(shelf.headers.get('etag'))
  })
})
