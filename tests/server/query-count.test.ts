import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpThroughApi, formTokenFor } from '../support/http-browser'
import { startTestServer, type TestServer } from '../support/test-server'

// No N+1 queries: each request's log line says how many database queries it made (`queries`, server/app.ts).
// Every page and API below makes the same number of queries whether the catalogue has its demo products or 40
// more, and a quote the same for 1 line as for 50, within a small fixed bound.

/**
 * The most queries any of these requests may make. Measured on the demo catalogue: `/` 4, a shelf 4, a product
 * page 4 (each with one for the reviews' stars: a shelf's in one grouped query), /Cart-page 1, the catalogue API 2,
 * a quote 2 (the same on PGlite and PostgreSQL: none of them opens a transaction). One above the most, so a single
 * new query is fine and a query per product or line is not.
 */
const MAX_QUERIES = 5

const ADMIN = 'owner@example.com'
const ADDED_PER_SHELF = 20

type ProductJson = { id: string; name: string; category: string; url: string; stockCount: number; stockBySize?: Record<string, number> }

let server: TestServer
let adminCookie = ''

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: ADMIN, LOG_LEVEL: 'debug' } })
  adminCookie = await signUpThroughApi(server.url, ADMIN)
})
afterAll(async () => {
  await server?.stop()
})

/** The `queries` of the request's log line, which the shop writes as the answer ends (so perhaps just after we read it). */
async function queriesOf(response: Response) {
  const id = response.headers.get('x-request-id')
  expect(id).toBeTruthy()
  const marker = `"reqId":"${id}"`
  for (let waited = 0; waited < 5_000; waited += 20) {
    const line = server
      .stdout()
      .split('\n')
      .find((l) => l.includes(marker) && l.includes('"res":'))
    if (line) {
      const { queries } = JSON.parse(line) as { queries?: number }
      expect(queries, line).toEqual(expect.any(Number))
      return queries!
    }
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`No log line for request ${id}`)
}

/**
 * Asks for `path` and returns its query count and body. `round` makes each address one the shop has not been
 * asked before, so whatever it may cache between requests, the count is that of a page made from the database.
 */
async function measure(path: string, round: string, init: RequestInit = {}) {
  const address = `${path}${path.includes('?') ? '&' : '?'}round=${round}`
  const response = await fetch(`${server.url}${address}`, { redirect: 'manual', ...init })
  const text = await response.text()
  expect(response.status, `${address}: ${text.slice(0, 300)}`).toBe(200)
  return { queries: await queriesOf(response), text }
}

async function catalogue() {
  const response = await fetch(`${server.url}/api/products`)
  return ((await response.json()) as { products: ProductJson[] }).products
}

async function addProduct(fields: Record<string, string>) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  form.set('csrf_token', await formTokenFor(server.url, adminCookie))
  const response = await fetch(`${server.url}/api/admin/products`, {
    method: 'POST',
    headers: { cookie: adminCookie, Origin: server.url },
    body: form,
  })
  expect(response.status, await response.clone().text()).toBe(200)
}

/** Every product in stock as a quote line: one per single-price product, one per pack size of the others. */
function quoteLines(products: ProductJson[], count: number) {
  const lines = products.flatMap((p) =>
    p.stockBySize
      ? Object.entries(p.stockBySize)
          .filter(([, stock]) => stock > 0)
          .map(([size]) => ({ productId: p.id, size, quantity: 1 }))
      : p.stockCount > 0
        ? [{ productId: p.id, quantity: 1 }]
        : [],
  )
  expect(lines.length).toBeGreaterThanOrEqual(count)
  return lines.slice(0, count)
}

const quote = (items: unknown[], round: string) =>
  measure('/api/cart/quote', round, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ items }),
  })

describe('queries per request', () => {
  it('counts the queries on each request log line, each request its own, even side by side', async () => {
    const alone = await measure('/herb-ro', 'alone')
    const api = await measure('/api/products', 'alone')
    expect(alone.queries).toBeGreaterThan(0)
    expect(api.queries).toBeGreaterThan(0)
    // Ten at once: each line has its own request's count, not a share of the others'.
    const together = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? measure('/herb-ro', `together-${i}`) : measure('/api/products', `together-${i}`))),
    )
    together.forEach((m, i) => expect(m.queries, `request ${i}`).toBe(i % 2 ? alone.queries : api.queries))
    // Health checks make none (logged at debug level).
    const health = await fetch(`${server.url}/healthz`)
    await health.text()
    expect(await queriesOf(health)).toBe(0)
  })

  it('makes as many queries for 40 more products and for a 50-line cart as before, and few', async () => {
    const demo = await catalogue()
    const single = demo.find((p) => /^\/product\/[^/]+$/.test(p.url))!
    const sized = demo.find((p) => /^\/product\/[^/]+\/[^/]+$/.test(p.url))!
    expect(single && sized).toBeTruthy()
    const pages = ['/', '/herb-ro', '/free-products', single.url, sized.url, '/Cart-page', '/api/products', '/api/products?category=herbal']

    const before = new Map<string, number>()
    for (const page of pages) before.set(page, (await measure(page, 'before')).queries)
    const oneLine = await quote(quoteLines(demo, 1), 'one')

    // 20 more herbal products (single price, on /herb-ro) and 20 more freeze-dried fruits (three pack sizes, on /free-products).
    for (let i = 0; i < ADDED_PER_SHELF; i++) {
      const description = 'Added by the query count test.'
      await addProduct({ name: `Counted Herb ${i}`, description, category: 'herbal', price: '120', stockCount: '9' })
      await addProduct({
        name: `Counted Fruit ${i}`,
        description,
        category: 'freeze-dried-fruit',
        ...{ price250g: '200', stock250g: '5', price500g: '380', stock500g: '5', price1kg: '720', stock1kg: '5' },
      })
    }
    const grown = await catalogue()
    expect(grown.length).toBe(demo.length + 2 * ADDED_PER_SHELF)

    const counts: Record<string, string> = {}
    for (const page of pages) {
      const after = await measure(page, 'after')
      counts[page] = `${before.get(page)} → ${after.queries}`
      expect(after.queries, `${page}: queries with the demo catalogue vs 40 more products`).toBe(before.get(page))
      expect(after.queries, page).toBeLessThanOrEqual(MAX_QUERIES)
      // The pages that list products show the new ones: this count is of a page made from the grown catalogue.
      if (page === '/herb-ro' || page === '/api/products?category=herbal')
        expect(after.text).toContain(`Counted Herb ${ADDED_PER_SHELF - 1}`)
      if (page === '/free-products' || page === '/api/products') expect(after.text).toContain(`Counted Fruit ${ADDED_PER_SHELF - 1}`)
    }
    for (const page of ['/herb-ro', '/free-products', single.url, sized.url, '/api/products']) {
      expect(before.get(page), `${page} reads the catalogue`).toBeGreaterThan(0)
    }

    const fiftyLines = await quote(quoteLines(grown, 50), 'fifty')
    expect((JSON.parse(fiftyLines.text) as { lines: unknown[] }).lines).toHaveLength(50)
    expect(fiftyLines.queries, 'a quote of 50 lines vs 1').toBe(oneLine.queries)
    expect(oneLine.queries).toBeGreaterThan(0)
    expect(oneLine.queries).toBeLessThanOrEqual(MAX_QUERIES)
    counts['POST /api/cart/quote (1 → 50 lines)'] = `${oneLine.queries} → ${fiftyLines.queries}`
    console.info('Queries per request (demo catalogue → 40 more products):', counts)
  })
})
