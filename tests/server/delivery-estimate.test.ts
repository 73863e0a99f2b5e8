import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sharedTestServer, type SharedTestServer } from '../support/test-server'

// GET /api/delivery-estimate and the product page's delivery box without JavaScript, against the built shop and its
// demo catalogue (delivery by the flat rule, the demo shop in Tamil Nadu, no courier set up).
let server: SharedTestServer
beforeAll(async () => {
  server = await sharedTestServer()
}, 90_000)
afterAll(async () => {
  await server?.stop()
})

async function get(path: string) {
  const response = await fetch(`${server.url}${path}`, { redirect: 'manual' })
  const text = await response.text()
  // Whatever the answer, it never shows the server's insides.
  expect(text).not.toMatch(/\bat .+:\d+:\d+|node_modules|\.server\.ts|stack/i)
  return { status: response.status, type: response.headers.get('content-type') ?? '', text }
}

/** The demo's freeze-dried mango (sized: 250g, 500g, 1kg), whose id the seed made up: its id and page. */
async function mango() {
  const all = JSON.parse((await get('/api/products')).text).products as Array<{ id: string; name: string; url: string }>
  const found = all.find((p) => p.name === 'Freeze Dried Mango')!
  return { id: found.id, url: found.url }
}

const DATE = /^Delivered by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)$/

describe('GET /api/delivery-estimate', () => {
  it('answers a PIN of each zone with the date, COD and the flat charge for a demo pack', async () => {
    const { id } = await mango()
    for (const [pin, zone] of [
      ['600001', 'local'],
      ['560001', 'national'],
      ['682555', 'special'],
    ]) {
      const answer = await get(`/api/delivery-estimate?pin=${pin}&product=${id}&size=250g`)
      expect(answer.status, pin).toBe(200)
      expect(answer.type).toContain('application/json')
      const body = JSON.parse(answer.text)
      expect(body, pin).toMatchObject({ pin, delivers: true, codOffered: true, source: 'zone', zone, deliveryPaise: expect.any(Number) })
      expect(body.byLabel).toMatch(DATE)
    }
  })

  it('refuses a bad PIN, size or cart line with 400 and a plain message, and anything but GET', async () => {
    const { id } = await mango()
    for (const query of ['', 'pin=12345', 'pin=012345', 'pin=%00', `pin=${'9'.repeat(50)}`]) {
      const answer = await get(`/api/delivery-estimate?${query}`)
      expect(answer.status, query.slice(0, 20)).toBe(400)
      expect(JSON.parse(answer.text).error).toBe('Enter a 6-digit PIN code, like 600001.')
    }
    const size = await get(`/api/delivery-estimate?pin=600001&product=${id}&size=5kg`)
    expect([size.status, JSON.parse(size.text).error]).toEqual([400, 'The size must be one of 250g, 500g or 1kg.'])
    const line = await get(`/api/delivery-estimate?pin=600001&cart=${id}:250g`)
    expect(line.status).toBe(400)
    const post = await fetch(`${server.url}/api/delivery-estimate?pin=600001`, { method: 'POST' })
    expect(post.status).toBe(405)
  })

  it('answers a PIN it does not deliver to in words', async () => {
    const { id } = await mango()
    const body = JSON.parse((await get(`/api/delivery-estimate?pin=999001&product=${id}&size=250g`)).text)
    expect(body).toMatchObject({ delivers: false, by: null, message: 'We do not deliver to 999001 yet.' })
  })
})

describe('the product page’s delivery box without JavaScript', () => {
  it('answers the PIN its plain form sent, on the page itself', async () => {
    const { url } = await mango()
    const page = await get(`${url}?pin=600%20001&size=500g`)
    expect(page.status).toBe(200)
    expect(page.text).toMatch(/Delivered by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2} · Cash on delivery available/)
    const wrong = await get(`${url}?pin=12`)
    expect(wrong.text).toContain('Enter a 6-digit PIN code, like 600001.')
  })
})
