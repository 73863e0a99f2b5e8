import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import routes from '~/routes'
import { Browser } from '../support/http-browser'
import { englishOnlyPhrases } from '../support/english-phrases'
import { readableText } from '../support/page-text'
import { sharedShopAdmin, sharedTestServer, type SharedTestServer } from '../support/test-server'

// The shop in Tamil (issue 41, decision 074), on the built shop: every page renders at /ta/… in Tamil with no
// English message left in it; a page's language is its address's, so no cached copy crosses languages; the switch
// remembers a choice; crawlers see both languages linked.

const ADMIN = sharedShopAdmin(import.meta.url)
const BROWSER_AGENT = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'

let server: SharedTestServer
let admin: Browser
let visitor: Browser
let product: { id: string; url: string }

beforeAll(async () => {
  server = await sharedTestServer()
  admin = new Browser(server.url)
  visitor = new Browser(server.url)
  expect((await admin.signUp(ADMIN)).status).toBe(200)
  const { products } = (await (await fetch(`${server.url}/api/products?category=spices`)).json()) as {
    products: { id: string; url: string }[]
  }
  product = products[0]!
})
afterAll(async () => server?.stop())

type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] }

/** The pages of the route table (not the APIs, files and redirects), each at an address that shows it. */
function pagePaths(): { path: string; who: 'visitor' | 'admin' }[] {
  const samples: Record<string, string> = {
    ':productId': product.id,
    ':name': 'Spice',
    ':slug': 'shipping-policy',
    ':orderId': 'none',
  }
  const pages: { path: string; who: 'visitor' | 'admin' }[] = []
  for (const route of routes as RouteEntry[]) {
    if (!route.file.endsWith('.tsx') || route.path === '*') continue
    const address = `/${(route.path ?? '').replace(/:\w+/g, (param) => samples[param] ?? param)}`.replace(/\/$/, '') || '/'
    const who = /^\/(dash|Admin|Delete)\b/.test(address) ? 'admin' : 'visitor'
    pages.push({ path: address, who })
  }
  return pages
}

describe('every page in Tamil', () => {
  it('renders at /ta/… with lang="ta-IN" and no English message in it', async () => {
    const phrases = englishOnlyPhrases()
    expect(phrases.length).toBeGreaterThan(1500)
    const pages = pagePaths()
    expect(pages.length).toBeGreaterThan(40)
    for (const page of pages) {
      const answer = await (page.who === 'admin' ? admin : visitor).send(`/ta${page.path === '/' ? '' : page.path}`)
      expect(answer.status, page.path).toBeLessThan(500)
      if (answer.status >= 300 && answer.status < 400) {
        // A page that sends its visitor on (an order to confirm that is not there, a step without a cart) stays in Tamil.
        expect(answer.location, page.path).toMatch(/^(https?:\/\/[^/]+)?\/ta(\/|$|\?)/)
        continue
      }
      expect(answer.text, page.path).toContain('<html lang="ta-IN"')
      // The owner's content without a Tamil text yet shows in English, marked so (lang="en-IN"): by design, not a miss.
      const text = readableText(answer.text, { skipLanguage: 'en-IN' })
      const left = phrases.filter((phrase) => text.includes(phrase))
      expect(left, `English left on /ta${page.path}`).toEqual([])
    }
  })

  it('and in English at the spec’s paths, as before', async () => {
    for (const page of pagePaths().filter((p) => p.who === 'visitor')) {
      const answer = await visitor.send(page.path)
      expect(answer.status, page.path).toBeLessThan(500)
      if (answer.status === 200) expect(answer.text, page.path).toContain('<html lang="en-IN"')
    }
  })
})

describe('a page’s language is its address’s', () => {
  it('so a cached copy never crosses languages, whoever asks first', async () => {
    for (const [english, tamil] of [
      ['/', '/ta'],
      ['/Spices', '/ta/Spices'],
      [product.url, `/ta${product.url}`],
    ] as const) {
      // Twice each, in both orders: the second of each comes from the page cache.
      for (const address of [english, tamil, english, tamil]) {
        const answer = await fetch(`${server.url}${address}`, { redirect: 'manual' })
        const html = await answer.text()
        expect(answer.status, address).toBe(200)
        expect(html, address).toContain(address === english ? '<html lang="en-IN"' : '<html lang="ta-IN"')
      }
    }
  })

  it('sends a reader of Tamil from an English page to the Tamil one, and never a crawler', async () => {
    const ask = (address: string, headers: Record<string, string>) => fetch(`${server.url}${address}`, { headers, redirect: 'manual' })
    const tamilBrowser = { 'user-agent': BROWSER_AGENT, 'accept-language': 'ta-IN,ta;q=0.9,en;q=0.8' }
    const first = await ask('/Spices?page=1', tamilBrowser)
    expect(first.status).toBe(302)
    expect(first.headers.get('location')).toBe('/ta/Spices?page=1')
    expect(first.headers.get('vary')).toMatch(/Accept-Language/)
    // Chose English: stays, whatever the browser prefers.
    expect((await ask('/Spices', { ...tamilBrowser, cookie: 'language=en' })).status).toBe(200)
    // Chose Tamil: sent there whatever the browser prefers.
    const chosen = await ask('/Cart-page', { 'user-agent': BROWSER_AGENT, 'accept-language': 'en', cookie: 'language=ta' })
    expect(chosen.headers.get('location')).toBe('/ta/Cart-page')
    const crawler = await ask('/Spices', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)', 'accept-language': 'ta' })
    expect(crawler.status).toBe(200)
  })
})

describe('the shop’s API', () => {
  it('answers in the language the page asks for, at its own address', async () => {
    const ask = (language: string) =>
      fetch(`${server.url}/api/cart/quote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': language, origin: server.url },
        body: JSON.stringify({ items: [] }),
      })
    const tamil = await ask('ta-IN')
    expect(tamil.status).toBe(400)
    expect(await tamil.text()).toMatch(/[\u0B80-\u0BFF]/)
    const english = await ask('en-IN,ta;q=0.5')
    expect(english.status).toBe(400)
    expect(await english.text()).not.toMatch(/[\u0B80-\u0BFF]/)
  })
})

describe('the language switch', () => {
  it('remembers the choice and opens the same page in the other language, only ever on the shop', async () => {
    const toTamil = await visitor.send(`/language/ta?to=${encodeURIComponent('/Spices?page=1')}`)
    expect(toTamil.status).toBe(303)
    expect(new URL(toTamil.location!).pathname + new URL(toTamil.location!).search).toBe('/ta/Spices?page=1')
    expect(toTamil.cookies.join()).toMatch(/^language=ta; Path=\/; Max-Age=31536000; SameSite=Lax/)
    const back = await visitor.send(`/ta/language/en?to=${encodeURIComponent('/Spices')}`)
    expect(new URL(back.location!).pathname).toBe('/Spices')
    expect(visitor.cookies.get('language')).toBe('en')
    const away = await visitor.send(`/language/ta?to=${encodeURIComponent('//evil.example/x')}`)
    expect(new URL(away.location!).origin).toBe(server.url)
    expect(new URL(away.location!).pathname).toBe('/ta')
    expect((await visitor.send('/language/fr?to=/')).status).toBe(404)
  })

  it('follows a signed-in customer to another browser, unless that one chose already', async () => {
    const email = 'tamil.reader@example.in'
    const first = new Browser(server.url)
    expect((await first.signUp(email)).status).toBe(200)
    expect((await first.send('/language/ta?to=%2F')).status).toBe(303)
    const second = new Browser(server.url)
    expect((await second.signIn(email)).status).toBe(200)
    expect(second.cookies.get('language')).toBe('ta')
    const third = new Browser(server.url)
    third.cookies.set('language', 'en')
    expect((await third.signIn(email)).status).toBe(200)
    expect(third.cookies.get('language')).toBe('en')
  })

  it('is on every page, pointing at the same page in the other language', async () => {
    const reader = new Browser(server.url)
    const english = (await reader.send('/Spices')).text
    expect(english).toMatch(/<a href="\/language\/ta\?to=%2FSpices"[^>]*lang="ta-IN"[^>]*>தமிழ்<\/a>/)
    const tamil = (await reader.send('/ta/Spices')).text
    expect(tamil).toMatch(/<a href="\/language\/en\?to=%2FSpices"[^>]*lang="en-IN"[^>]*>English<\/a>/)
  })
})

describe('for search engines', () => {
  it('each language’s page is its own canonical and names the other as alternate; the sitemap lists both', async () => {
    const html = (await visitor.send('/ta/Spices')).text
    const links = [...html.matchAll(/<link rel="(canonical|alternate)"( hrefLang="([^"]*)")? href="([^"]*)"/g)].map((m) => [
      m[1],
      m[3] ?? '',
      m[4],
    ])
    expect(links).toEqual([
      ['canonical', '', `${server.url}/ta/Spices`],
      ['alternate', 'en-IN', `${server.url}/Spices`],
      ['alternate', 'ta-IN', `${server.url}/ta/Spices`],
      ['alternate', 'x-default', `${server.url}/Spices`],
    ])
    const sitemap = (await visitor.send('/sitemap.xml')).text
    expect(sitemap).toContain(`<loc>${server.url}/ta/Spices</loc>`)
    expect(sitemap).toContain(`<loc>${server.url}/Spices</loc>`)
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="ta-IN" href="${server.url}${`/ta${product.url}`}"/>`)
  })
})
