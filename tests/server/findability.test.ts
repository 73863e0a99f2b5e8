import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATEGORIES, SHELVES } from '../../app/features/catalogue/categories'
import { DEMO_PRODUCTS } from '../../app/features/catalogue/demo-catalogue'
import { DEMO_LABELS } from '../../app/features/catalogue/demo-labels'
import { Browser, formTokenFor, signUpThroughApi } from '../support/http-browser'
import { structuredDataErrors } from '../support/rich-results'
import { startTestServer, type TestServer } from '../support/test-server'

// Findability on the built shop (docs/decisions/020-findability.md): every catalogue page has its own title,
// description, canonical link and preview tags; product pages and the home and contact pages carry JSON-LD with
// the answer's CSP nonce; /sitemap.xml follows the catalogue; /robots.txt keeps crawlers out of private pages.

const ADMIN = 'owner@kaadu.test'
const TRICKY_NAME = 'Pepper </script><script>alert(1)</script>'

let server: TestServer
let adminCookie = ''

type ProductJson = { id: string; slug: string; name: string; url: string; category: string; stockCount: number }

const decode = (text: string) =>
  text.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')

/** The parts of a page's <head> search engines and link previews read. */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'))
  const meta = (attribute: 'name' | 'property', key: string) => {
    const found = head.match(new RegExp(`<meta ${attribute}="${key.replace(/[.:+]/g, '\\$&')}" content="([^"]*)"`))
    return found ? decode(found[1]!) : null
  }
  const canonicals = [...head.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => decode(m[1]!))
  return {
    title: decode(head.match(/<title>([^<]*)<\/title>/)?.[1] ?? ''),
    titles: head.match(/<title>/g)?.length ?? 0,
    description: meta('name', 'description'),
    robots: meta('name', 'robots'),
    canonicals,
    og: (key: string) => meta('property', `og:${key}`),
    twitterCard: meta('name', 'twitter:card'),
  }
}

/** The page's JSON-LD blocks, parsed, each with the nonce it carries. */
function jsonLdOf(html: string) {
  return [...html.matchAll(/<script type="application\/ld\+json"( nonce="([^"]*)")?>([^<]*)<\/script>/g)].map((m) => ({
    nonce: m[2] ?? null,
    data: JSON.parse(m[3]!) as Record<string, unknown>,
  }))
}

async function get(path: string) {
  const response = await fetch(`${server.url}${path}`, { redirect: 'manual' })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

async function catalogue() {
  return ((await (await fetch(`${server.url}/api/products`)).json()) as { products: ProductJson[] }).products
}

async function addProduct(fields: Record<string, string>) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  form.set('csrf_token', await formTokenFor(server.url, adminCookie))
  const answer = await fetch(`${server.url}/api/admin/products`, {
    method: 'POST',
    headers: { cookie: adminCookie, origin: server.url },
    body: form,
  })
  expect(answer.status, await answer.clone().text()).toBe(200)
  return ((await answer.json()) as { product: { id: string; url: string } }).product
}

async function sitemapLocs() {
  const answer = await get('/sitemap.xml')
  expect(answer.status).toBe(200)
  return [...answer.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => decode(m[1]!))
}

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: ADMIN, RATE_LIMIT: 'off' } })
  adminCookie = await signUpThroughApi(server.url, ADMIN)
}, 150_000)
afterAll(async () => server?.stop())

describe('catalogue pages', () => {
  it('each has a title of its own, a description, one absolute canonical link, Open Graph and a Twitter card', async () => {
    const products = await catalogue()
    const single = products.find((p) => !p.url.slice('/product/'.length).includes('/'))!
    const sized = products.find((p) => p.url.slice('/product/'.length).includes('/'))!
    const pages: [path: string, canonical: string][] = [
      ['/', '/'],
      ...SHELVES.map((s): [string, string] => [s.path, s.path === '/Freeze-pr' ? '/free-products' : s.path]),
      ['/product', '/product'],
      ...CATEGORIES.map((c): [string, string] => [`/product?category=${c}`, `/product?category=${c}`]),
      // An alias of a category, and a query that changes nothing, name the page's one address.
      ['/product?category=thooku', '/product?category=thokku'],
      ['/contact', '/contact'],
      ['/Cart-page', '/Cart-page'],
      [single.url, single.url],
      [`${single.url}?utm_source=mail`, single.url],
      [sized.url, sized.url],
    ]
    const titles = new Map<string, string>()
    for (const [path, canonical] of pages) {
      const page = await get(path)
      expect(page.status, path).toBe(200)
      const head = headOf(page.text)
      expect(head.titles, path).toBe(1)
      expect(head.title, path).toMatch(/Kaadu Organics/)
      expect(head.description?.length ?? 0, path).toBeGreaterThan(20)
      expect(head.description!.length, path).toBeLessThanOrEqual(160)
      expect(head.robots, path).toBeNull()
      expect(head.canonicals, path).toEqual([`${server.url}${canonical}`])
      expect(head.og('url'), path).toBe(`${server.url}${canonical}`)
      expect(head.og('title'), path).toBe(head.title)
      expect(head.og('description'), path).toBe(head.description)
      expect(head.og('site_name'), path).toBe('Kaadu Organics')
      expect(head.og('type'), path).toBe(path.startsWith('/product/') ? 'product' : 'website')
      expect(head.twitterCard, path).toMatch(/^summary/)
      if (head.og('image')) {
        expect(head.og('image')!.startsWith(`${server.url}/`), path).toBe(true)
        expect((await fetch(head.og('image')!)).status, `${path}: ${head.og('image')}`).toBe(200)
      }
      // The same page under two addresses (a dropped query) has one title; different pages never share one.
      const earlier = titles.get(head.title)
      expect(earlier === undefined || earlier === canonical, `${path} shares its title with ${earlier}`).toBe(true)
      titles.set(head.title, canonical)
    }
    // The product pages show their front picture, 960 px wide.
    expect(headOf((await get(single.url)).text).og('image')).toMatch(new RegExp(`^${server.url}/media/[a-f0-9]{32}-960\\.webp$`))
  })

  it('pages of one visitor have a title and a description and are kept out of search results', async () => {
    for (const path of [
      '/address',
      '/checkout',
      '/payment',
      '/order-success',
      '/Signin',
      '/Signup',
      '/forgot-password',
      '/reset-password',
    ]) {
      const page = await get(path)
      expect(page.status, path).toBe(200)
      const head = headOf(page.text)
      expect(head.title, path).toMatch(/ · Kaadu Organics$/)
      expect(head.description, path).toBeTruthy()
      expect(head.robots, path).toBe('noindex')
      expect(head.canonicals, path).toEqual([])
    }
    const dash = await fetch(`${server.url}/dash`, { headers: { cookie: adminCookie } })
    expect(headOf(await dash.text()).robots).toBe('noindex')
  })
})

describe('structured data', () => {
  it('a product page describes its Product with offers in rupees, under the answer’s CSP nonce', async () => {
    const products = await catalogue()
    for (const product of [products.find((p) => !p.url.slice(9).includes('/'))!, products.find((p) => p.url.slice(9).includes('/'))!]) {
      const page = await get(product.url)
      const nonce = page.headers.get('content-security-policy')!.match(/'nonce-([^']+)'/)![1]
      const blocks = jsonLdOf(page.text)
      expect(blocks, product.url).toHaveLength(1)
      expect(blocks[0]!.nonce).toBe(nonce)
      const data = blocks[0]!.data as Record<string, any>
      expect(data['@type']).toBe('Product')
      expect(data.name).toBe(product.name)
      expect(data.sku).toBe(product.id)
      expect(data.url).toBe(`${server.url}${product.url}`)
      expect(data.brand).toEqual({ '@type': 'Brand', name: 'Kaadu Organics' })
      expect(data.image[0]).toMatch(new RegExp(`^${server.url}/media/`))
      const offers: Record<string, any>[] = data.offers['@type'] === 'AggregateOffer' ? data.offers.offers : [data.offers]
      expect(offers.length).toBeGreaterThan(0)
      for (const offer of offers) {
        expect(offer.priceCurrency).toBe('INR')
        expect(offer.price).toMatch(/^\d+\.\d{2}$/)
        expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/)
      }
      // Nobody has rated anything yet: no rating is claimed.
      expect(data).not.toHaveProperty('aggregateRating')
    }
  })

  it('a product page shows every declaration of its label, and its offers carry the MRP as a list price (decision 039)', async () => {
    const products = await catalogue()
    // A demo product sold below its MRP, of each kind: a single-price pack and a sized one.
    const belowMrp = DEMO_PRODUCTS.filter((p) => DEMO_LABELS[p.slug]?.mrp)
    const slugs = [belowMrp.find((p) => p.price !== undefined)!.slug, belowMrp.find((p) => p.prices !== undefined)!.slug]
    for (const slug of slugs) {
      const product = products.find((p) => p.slug === slug)!
      const page = await get(product.url)
      expect(page.status, slug).toBe(200)
      const text = decode(page.text.replace(/<!--.*?-->/g, ''))
      for (const term of [
        'Product information',
        'MRP',
        'Ingredients',
        'Allergens',
        'Food mark',
        'Vegetarian',
        'Best before',
        'Storage',
        'Manufactured or packed by',
        'Country of origin',
        'India',
        'Customer care',
        '+91 94430 21876',
        'FSSAI licence no.',
        '12426999000123',
        'Unit sale price',
      ]) {
        expect(text, `${slug}: ${term}`).toContain(term)
      }
      const [block] = jsonLdOf(page.text)
      const data = block!.data as Record<string, any>
      expect(data.countryOfOrigin).toEqual({ '@type': 'Country', name: 'India' })
      expect(data.additionalProperty.map((p: { name: string }) => p.name)).toEqual([
        'Ingredients',
        'Allergens',
        'Best before',
        'Storage',
        'Manufactured or packed by',
      ])
      const offers: Record<string, any>[] = data.offers['@type'] === 'AggregateOffer' ? data.offers.offers : [data.offers]
      for (const offer of offers) {
        const [list, sale] = offer.priceSpecification as Record<string, any>[]
        expect(list).toMatchObject({
          '@type': 'UnitPriceSpecification',
          priceType: 'https://schema.org/ListPrice',
          priceCurrency: 'INR',
          valueAddedTaxIncluded: true,
        })
        expect(Number(list!.price)).toBeGreaterThanOrEqual(Number(offer.price))
        expect(sale).toMatchObject({
          '@type': 'UnitPriceSpecification',
          price: offer.price,
          priceCurrency: 'INR',
          valueAddedTaxIncluded: true,
        })
        expect(sale!.referenceQuantity).toMatchObject({ '@type': 'QuantitativeValue', unitCode: 'GRM' })
      }
      // Google's Product rich result finds nothing missing or malformed (issue 18).
      expect(await structuredDataErrors(page.text), slug).toEqual([])
      // Sold below the MRP: the MRP is struck through beside the price and the saving is said.
      expect(
        offers.some((o) => Number(o.priceSpecification[0].price) > Number(o.price)),
        slug,
      ).toBe(true)
      expect(page.text).toMatch(/<s class="[^"]*">₹[\d,]+<\/s>/)
      expect(text).toMatch(/You save ₹[\d,]+ \(\d+%\)/)
    }
  })

  it('a product named to break out of the script stays inside its JSON', async () => {
    const added = await addProduct({
      name: TRICKY_NAME,
      description: 'Hot </script> pepper & more',
      category: 'spices',
      price: '99.90',
      stockCount: '5',
    })
    const page = await get(added.url)
    expect(page.status).toBe(200)
    expect(page.text).not.toContain('<script>alert(1)')
    const [block] = jsonLdOf(page.text)
    expect(block!.data.name).toBe(TRICKY_NAME)
    expect(block!.data.offers).toMatchObject({ price: '99.90', priceCurrency: 'INR', availability: 'https://schema.org/InStock' })
    expect(headOf(page.text).title).toBe(`${TRICKY_NAME} | Kaadu Organics`)
  })

  it('the home and contact pages describe the shop as a LocalBusiness with both addresses and their hours', async () => {
    for (const path of ['/', '/contact']) {
      const page = await get(path)
      const nonce = page.headers.get('content-security-policy')!.match(/'nonce-([^']+)'/)![1]
      const [block] = jsonLdOf(page.text)
      expect(block?.nonce, path).toBe(nonce)
      const shop = block!.data as Record<string, any>
      expect(shop['@type'], path).toBe('GroceryStore')
      expect(shop).toMatchObject({
        name: 'Kaadu Organics',
        url: `${server.url}/`,
        telephone: '+91 94430 21876',
        email: 'care@kaaduorganics.in',
      })
      expect(shop.address.map((a: { addressCountry: string }) => a.addressCountry)).toEqual(['IN', 'SG'])
      expect(shop.department.map((d: { openingHours: string }) => d.openingHours)).toEqual(['Mo-Su 09:00-19:00', 'Mo-Su 11:00-20:00'])
      expect((await fetch(shop.logo)).status, shop.logo).toBe(200)
    }
  })
})

describe('/sitemap.xml', () => {
  it('is XML, kept briefly, and every page it names answers 200', async () => {
    const answer = await get('/sitemap.xml')
    expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300')
    expect(answer.text).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9" xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml">/,
    )
    const locs = await sitemapLocs()
    const products = await catalogue()
    // Each product in English and in Tamil (decision 074).
    expect(locs.filter((l) => l.includes('/product/')).sort()).toEqual(
      products.flatMap((p) => [`${server.url}${p.url}`, `${server.url}/ta${p.url}`]).sort(),
    )
    for (const loc of locs.filter((l) => !l.includes('/product/'))) expect((await fetch(loc, { redirect: 'manual' })).status, loc).toBe(200)
  })

  it('lists a product once added, and drops it once archived', async () => {
    const added = await addProduct({
      name: 'Sitemap Test Cloves',
      description: 'Cloves from Kerala.',
      category: 'spices',
      price: '120',
      stockCount: '4',
    })
    const loc = `${server.url}${added.url}`
    expect(await sitemapLocs()).toContain(loc)
    // An order names it, so deleting archives it rather than erasing it.
    const address = {
      fullName: 'Meena',
      buildingNumber: '',
      streetName: 'Omalur Main Road',
      city: 'Salem',
      postalCode: '636001',
      state: 'Tamil Nadu',
      phoneNumber: '9876543210',
      alternateNumber: '',
    }
    const order = await fetch(`${server.url}/api/payment/createOrder`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ items: [{ productId: added.id, quantity: 1 }], shippingAddress: address, email: 'meena@example.in' }),
    })
    expect(order.status, await order.clone().text()).toBe(201)
    const form = new FormData()
    form.set('intent', 'delete')
    form.set('csrf_token', await formTokenFor(server.url, adminCookie))
    const removed = await fetch(`${server.url}/api/admin/products/${added.id}`, {
      method: 'POST',
      headers: { cookie: adminCookie, origin: server.url },
      body: form,
    })
    expect(((await removed.json()) as { message: string }).message).toMatch(/kept as archived/)
    expect(await sitemapLocs()).not.toContain(loc)
  })
})

describe('/robots.txt', () => {
  it('lets crawlers into the shop, not its private pages, and names the sitemap', async () => {
    const answer = await get('/robots.txt')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const lines = answer.text.split('\n')
    expect(lines).toContain('User-agent: *')
    for (const path of ['/dash', '/Admin', '/Delete', '/api/', '/address', '/checkout', '/payment', '/order-success'])
      expect(lines).toContain(`Disallow: ${path}`)
    expect(lines).toContain(`Sitemap: ${server.url}/sitemap.xml`)
  })
})

describe('/favicon.ico', () => {
  it('answers with an icon file, as browsers and tools ask for it whatever the page links', async () => {
    const res = await fetch(`${server.url}/favicon.ico`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^image\/x-icon/)
    expect(res.headers.get('cache-control')).toContain('max-age=')
    const icon = Buffer.from(await res.arrayBuffer())
    // An ICO header for one image, holding a PNG.
    expect([...icon.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0])
    expect(icon.subarray(22, 26).toString('latin1')).toBe('\x89PNG')
  })
})

describe('policy pages (decision 036)', () => {
  const admin = async (path: string, form?: Record<string, string>) => {
    if (!form) return fetch(`${server.url}${path}`, { headers: { cookie: adminCookie }, redirect: 'manual' })
    const body = new URLSearchParams({ ...form, csrf_token: await formTokenFor(server.url, adminCookie) })
    return fetch(`${server.url}${path}`, { method: 'POST', headers: { cookie: adminCookie, origin: server.url }, body, redirect: 'manual' })
  }

  it('each answers with its title, a canonical link and the template note; the footer links every one; unknown ones are 404', async () => {
    const home = await get('/')
    for (const slug of ['privacy', 'terms', 'shipping', 'returns', 'grievance']) {
      expect(home.text, slug).toContain(`href="/policies/${slug}"`)
      const page = await get(`/policies/${slug}`)
      expect(page.status, slug).toBe(200)
      expect(headOf(page.text).canonicals).toEqual([`${server.url}/policies/${slug}`])
      expect(page.text).toContain('<strong>Template.</strong>')
    }
    const grievance = await get('/policies/grievance')
    expect(grievance.text).toContain('<h1 id="policy-title"')
    expect(grievance.text).toContain('within 48 hours')
    expect((await get('/policies/cookies')).status).toBe(404)
    expect((await get('/policies/%00')).status).toBe(404)
  })

  it('the owner edits one in the admin: it shows at once, HTML in it is text, and a visitor cannot post', async () => {
    expect(await (await admin('/dash/policies')).text()).toContain('5 pages still show')
    const form = await admin('/dash/policies/shipping')
    expect(form.status).toBe(200)
    expect(await form.text()).toContain('name="body"')
    const cached = await get('/policies/shipping')
    expect(cached.text).toContain('Template.')

    const body = '## Delivery\n\nWithin **3 days** in Tamil Nadu.\n\n<script>alert(1)</script> [x](javascript:alert(1))'
    const saved = await admin('/dash/policies/shipping', { title: 'Shipping and delivery', body })
    expect(saved.status).toBe(200)
    expect(await saved.text()).toContain('Shipping and delivery was saved; the page shows it now.')
    const page = await get('/policies/shipping')
    expect(page.text).toContain('<strong>3 days</strong> in Tamil Nadu')
    expect(page.text).not.toContain('Template.')
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(page.text).not.toMatch(/href="javascript:/i)
    expect(page.text).toMatch(/Last updated \d{1,2} \w{3} \d{4}/)
    expect(await (await admin('/dash/policies')).text()).toContain('4 pages still show')

    // Refused, with the reason, and nothing changes: an empty title, a text too long, a page that is none.
    const empty = await admin('/dash/policies/shipping', { title: ' ', body: 'x' })
    expect(empty.status).toBe(400)
    expect(await empty.text()).toContain('Title is required')
    const long = await admin('/dash/policies/shipping', { title: 'Shipping', body: '₹'.repeat(30_001) })
    expect(long.status).toBe(400)
    expect(await long.text()).toContain('Text is too long (at most 30000 characters)')
    expect((await admin('/dash/policies/cookies', { title: 'Cookies', body: 'x' })).status).toBe(404)
    expect((await get('/policies/shipping')).text).toContain('<strong>3 days</strong>')

    // A visitor is sent home, with or without a form token.
    const visitor = new Browser(server.url)
    const refused = await visitor.send('/dash/policies/shipping', { form: { title: 'Mine', body: 'Mine' } })
    expect(refused.status).toBe(302)
    expect((await get('/policies/shipping')).text).not.toContain('Mine')
  })
})
