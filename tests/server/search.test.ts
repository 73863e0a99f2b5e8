import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sharedTestServer, type SharedTestServer } from '../support/test-server'

// /search over HTTP on the built shop with its demo catalogue: bad input answers 4xx with the reason (never a 500),
// what a product's name or the query holds is escaped, result pages are not for search engines, and a search costs
// the same few queries whatever it finds.

let server: SharedTestServer

beforeAll(async () => {
  // The worker's shared shop (decision 041): searching changes nothing, and its request lines are in its log.
  server = await sharedTestServer()
})
afterAll(async () => {
  await server?.stop()
})

async function get(path: string) {
  const response = await fetch(`${server.url}${path}`, { redirect: 'manual' })
  return { status: response.status, text: await response.text(), response }
}

/** The `queries` of the request's log line (tests/server/query-count.test.ts measures the same way). */
async function queriesOf(response: Response) {
  const marker = `"reqId":"${response.headers.get('x-request-id')}"`
  for (let waited = 0; waited < 5_000; waited += 20) {
    const line = server
      .stdout()
      .split('\n')
      .find((l) => l.includes(marker) && l.includes('"res":'))
    if (line) return (JSON.parse(line) as { queries: number }).queries
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`No log line for ${marker}`)
}

/** The visible text of the page's status region (the search's outcome). */
function summaryOf(html: string) {
  const match = html.match(/data-testid="search-summary">([\s\S]*?)<\/div>/)
  return (match?.[1] ?? '').replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '')
}

describe('the search page', () => {
  it('finds products, marks the words, and keeps search engines out', async () => {
    const { status, text } = await get('/search?q=tokku')
    expect(status).toBe(200)
    expect(summaryOf(text)).toMatch(/^\d+ products match “tokku”\.$/)
    expect(text).toContain('<mark class="rounded-sm bg-turmeric-100 px-0.5 text-inherit">Thokku</mark>')
    expect(text).toContain('<title>Search: tokku | ')
    expect(text).toContain('<meta name="robots" content="noindex"/>')
    // The data of client-side navigation works too.
    const data = await get('/search.data?q=tokku')
    expect(data.status).toBe(200)
    expect(data.text).toContain('Thokku')
  })

  it('answers an overlong query with 400 and the reason, keeping the first 100 characters in the box', async () => {
    const { status, text } = await get(`/search?q=${'a'.repeat(101)}`)
    expect(status).toBe(400)
    expect(summaryOf(text)).toBe('Please keep your search to 100 characters.')
    expect(text).toMatch(/<input id="search-page-query"[^>]* value="a{100}"/)
    expect(text).toContain(`<h1 class="text-3xl font-bold text-leaf-800">Search: “${'a'.repeat(100)}”</h1>`)
    expect((await get(`/search?q=${'ab '.repeat(300)}`)).status).toBe(400)
    // An address too long for any page is refused before the search sees it.
    expect((await get(`/search?q=${'ab '.repeat(3000)}`)).status).toBe(414)
  })

  it('answers a page that is not 1, 2, 3 … with 400 and the reason, never a 500', async () => {
    for (const page of ['-1', '0', 'abc', '1.5', '99999', '1e2', '%00', '[]']) {
      const { status, text } = await get(`/search?q=tokku&page=${page}`)
      expect(status, page).toBe(400)
      expect(summaryOf(text), page).toContain('Pages are numbered 1, 2, 3')
    }
    // Twice the parameter, or an array of it: the first is read.
    expect((await get('/search?q=tokku&q=amla&page=1&page=x')).status).toBe(200)
  })

  it('answers a page past the last with 404 and a link to the last page', async () => {
    const { status, text } = await get('/search?q=tokku&page=50')
    expect(status).toBe(404)
    expect(summaryOf(text)).toMatch(/^There is no page 50 of results for “tokku”: its \d+ products fit on 1 page\. Go to the last page$/)
    expect(text).toContain('href="/search?q=tokku"')
  })

  it('says what to do with an empty query, and what it could not find, with the shelves to browse', async () => {
    const empty = await get('/search?q=%20%20')
    expect(empty.status).toBe(200)
    expect(summaryOf(empty.text)).toContain('Type what you are looking for')
    expect(empty.text).toContain('href="/Spices"')
    const none = await get('/search?q=xyzzy')
    expect(none.status).toBe(200)
    expect(summaryOf(none.text)).toContain('No products match “xyzzy”.')
    expect(none.text).toContain('href="/herb-ro/tokku"')
    expect(none.text).toContain('href="/product?category=ready-to-eat"')
  })

  it('shows a hostile query as text, never as markup', async () => {
    const q = '"><script>alert(1)</script><img src=x onerror=alert(2)>'
    const { status, text } = await get(`/search?q=${encodeURIComponent(q)}`)
    expect(status).toBe(200)
    expect(text).not.toContain('<script>alert(1)')
    expect(text).not.toContain('<img src=x')
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('makes as few queries for a search with results, one without, and one past the end', async () => {
    const counts: Record<string, number> = {}
    for (const path of [
      '/search?q=tokku',
      '/search?q=dried&page=2',
      '/search?q=xyzzy',
      '/search?q=tokku&page=9',
      '/search',
      '/search?page=abc',
    ]) {
      const { response } = await get(path)
      counts[path] = await queriesOf(response)
    }
    // The shop's settings, then the search and the results' prices (or the nearest name, or the count past the end).
    expect(counts).toEqual({
      '/search?q=tokku': 3,
      '/search?q=dried&page=2': 3,
      '/search?q=xyzzy': 3,
      '/search?q=tokku&page=9': 3,
      '/search': 1,
      '/search?page=abc': 1,
    })
  })
})
