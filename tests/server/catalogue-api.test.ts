import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATEGORIES } from '~/features/catalogue/categories'
import { sharedTestServer, type SharedTestServer } from '../support/test-server'

// The public catalogue API against the built shop and its demo catalogue.
let server: SharedTestServer
beforeAll(async () => {
  server = await sharedTestServer()
})
afterAll(async () => {
  await server?.stop()
})

type ProductJson = {
  id: string
  name: string
  description: string
  category: string
  imageUrl: string
  backsideImageUrl: string
  stockCount: number
  price?: number
  prices?: { startg: number; halfg: number; onekg: number }
}

async function get(path: string, init: RequestInit = {}) {
  const response = await fetch(`${server.url}${path}`, { redirect: 'manual', ...init })
  const text = await response.text()
  // Whatever the answer, it never shows the server's insides.
  expect(text).not.toMatch(/\bat .+:\d+:\d+|node_modules|\.server\.ts|stack/i)
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    cache: response.headers.get('cache-control'),
    text,
    json: () => JSON.parse(text) as Record<string, unknown>,
  }
}

async function allProducts() {
  const answer = await get('/api/products')
  return answer.json().products as ProductJson[]
}

describe('GET /api/products', () => {
  it('lists every product of the shop with the spec fields, cacheable for a minute', async () => {
    const answer = await get('/api/products')
    expect(answer.status).toBe(200)
    expect(answer.type).toContain('application/json')
    expect(answer.cache).toBe('public, max-age=60')
    const products = answer.json().products as ProductJson[]
    expect(products.length).toBeGreaterThan(1)
    for (const p of products) {
      expect(p.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
      expect(p.name).toBeTruthy()
      expect(typeof p.description).toBe('string')
      expect(CATEGORIES).toContain(p.category)
      expect(typeof p.imageUrl).toBe('string')
      expect(typeof p.backsideImageUrl).toBe('string')
      expect(Number.isInteger(p.stockCount) && p.stockCount >= 0).toBe(true)
      // Exactly one of price / prices, in rupees.
      expect((p.price === undefined) !== (p.prices === undefined)).toBe(true)
    }
    const sized = products.find((p) => p.category === 'freeze-dried-fruit')
    expect(sized?.prices).toEqual({ startg: expect.any(Number), halfg: expect.any(Number), onekg: expect.any(Number) })
    expect(sized!.prices!.startg).toBeLessThan(sized!.prices!.halfg)
    const single = products.find((p) => p.category === 'herbal')
    expect(single?.price).toBeGreaterThan(0)
  })

  it('lists only the asked category', async () => {
    const all = await allProducts()
    const answer = await get('/api/products?category=freeze-dried-fruit')
    expect(answer.status).toBe(200)
    const products = answer.json().products as ProductJson[]
    expect(products.length).toBe(all.filter((p) => p.category === 'freeze-dried-fruit').length)
    expect(products.length).toBeGreaterThan(0)
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(['freeze-dried-fruit']))
    for (const p of products) expect(p.prices).toBeDefined()
  })

  it("accepts the spec's other spellings of a category", async () => {
    const thooku = await get('/api/products?category=thooku')
    expect(thooku.status).toBe(200)
    const products = thooku.json().products as ProductJson[]
    expect(products.length).toBeGreaterThan(0)
    expect(products.every((p) => p.category === 'thokku')).toBe(true)
    const capsules = await get('/api/products?category=capsules_tablets')
    expect(capsules.status).toBe(200)
    expect((capsules.json().products as ProductJson[]).every((p) => p.category === 'capsules-tablets')).toBe(true)
  })

  it('refuses an unknown, empty, repeated or over-long category with 400 and a clear message', async () => {
    const unknown = await get('/api/products?category=chocolates')
    expect(unknown.status).toBe(400)
    expect(unknown.type).toContain('application/json')
    expect(unknown.json().error).toMatch(/^Unknown category "chocolates"/)
    expect(unknown.json().error).toContain('freeze-dried-fruit')

    expect((await get('/api/products?category=')).status).toBe(400)
    expect((await get('/api/products?category=herbal&category=spices')).status).toBe(400)
    const long = await get(`/api/products?category=${'x'.repeat(500)}`)
    expect(long.status).toBe(400)
    expect(long.json().error).toMatch(/too long/)
  })

  it('answers an over-long query string with a 4xx, never a 500', async () => {
    const answer = await get(`/api/products?category=${'a'.repeat(5000)}`)
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(answer.status).toBeLessThan(500)
  })

  it('refuses other methods with 405 and a JSON error', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const answer = await get('/api/products', { method, headers: { 'Content-Type': 'application/json' }, body: '{}' })
      expect(answer.status, method).toBe(405)
      expect(answer.type).toContain('application/json')
      expect(answer.json().error).toMatch(/Method not allowed/)
    }
  })

  it('names and describes the products in the caller’s language, in English where the owner wrote no Tamil', async () => {
    const raw = await get('/api/products', { headers: { 'accept-language': 'ta-IN' } })
    const inTamil = raw.json().products as Array<ProductJson & { slug: string }>
    const inEnglish = await allProducts()
    const banana = (list: Array<ProductJson & { slug?: string }>) =>
      list.find((p) => p.id === inEnglish.find((e) => e.name === 'Freeze Dried Banana')?.id)
    expect(banana(inEnglish)?.name).toBe('Freeze Dried Banana')
    expect(banana(inTamil)?.name).toBe('உறை-உலர் வாழைப்பழம்')
    expect(banana(inTamil)?.description).toMatch(/^திருச்சூர் நேந்திரம்/)
    // The turmeric has a Tamil name but no Tamil description: the English one stands in.
    const turmeric = inTamil.find((p) => p.name === 'ஈரோடு மஞ்சள் தூள்')
    expect(turmeric).toBeDefined()
    expect(turmeric?.description).toBe(inEnglish.find((p) => p.id === turmeric?.id)?.description)
  })
})

describe('GET /api/products/<id>', () => {
  it('answers one product, equal to its entry in the list', async () => {
    const all = await allProducts()
    for (const expected of [all.find((p) => p.prices), all.find((p) => p.price !== undefined)]) {
      const answer = await get(`/api/products/${expected!.id}`)
      expect(answer.status).toBe(200)
      expect(answer.type).toContain('application/json')
      expect(answer.cache).toBe('public, max-age=60')
      expect(answer.json()).toEqual(expected)
    }
  })

  it('answers 404 with a JSON error for an unknown id', async () => {
    const answer = await get('/api/products/NoSuchProduct123')
    expect(answer.status).toBe(404)
    expect(answer.type).toContain('application/json')
    expect(answer.json()).toEqual({ error: 'Product not found' })
  })

  it('answers 400 for malformed ids', async () => {
    for (const id of ['../../etc/passwd', '\0', 'a b', 'x'.repeat(500), "1' or '1'='1", '<script>']) {
      const answer = await get(`/api/products/${encodeURIComponent(id)}`)
      expect(answer.status, id).toBe(400)
      expect(answer.type).toContain('application/json')
      expect(answer.json().error).toMatch(/Malformed product id/)
    }
    // A raw %00 in the address, not re-encoded by the client.
    expect((await get('/api/products/%00')).status).toBe(400)
  })

  it('refuses other methods with 405', async () => {
    const [first] = await allProducts()
    const answer = await get(`/api/products/${first!.id}`, { method: 'DELETE' })
    expect(answer.status).toBe(405)
    expect(answer.json().error).toMatch(/Method not allowed/)
  })
})
