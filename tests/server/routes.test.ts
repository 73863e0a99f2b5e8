import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOME_SHOWCASES } from '~/features/catalogue/home-showcases'
import { formatRupees } from '~/features/money/money'
import { DEFAULT_SHOP_SETTINGS } from '~/features/settings/shop-settings'
import { sharedTestServer, type SharedTestServer } from '../support/test-server'

// Every storefront route of the spec's route table renders on the server, with its key text.
let server: SharedTestServer
beforeAll(async () => {
  server = await sharedTestServer()
})
afterAll(async () => {
  await server?.stop()
})

async function page(path: string) {
  const response = await fetch(`${server.url}${path}`, { redirect: 'manual' })
  const html = await response.text()
  expect(html).not.toMatch(/\bat .+:\d+:\d+|node_modules|\.server\.ts/)
  return { status: response.status, html, location: response.headers.get('location') }
}

/** The text of the page's first h1, entities decoded as far as our headings need. */
function h1(html: string) {
  const match = html.match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/)
  return match?.[1]
    ?.replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .trim()
}

type ProductJson = {
  id: string
  name: string
  category: string
  slug: string
  url: string
  price?: number
  prices?: { startg: number; halfg: number; onekg: number }
}
let products: ProductJson[] = []

/** Products on a page of /product (decision 038). */
const PER_PAGE = 24

/** The product pages a listing links to, each once, in the order of the page. */
function productLinks(html: string) {
  return [...new Set([...html.matchAll(/href="(\/product\/[^"?#]+)"/g)].map((m) => m[1]!))]
}

/** What a piece of markup reads as: tags and React's text separators dropped, entities decoded, spaces collapsed. */
function textOf(markup: string) {
  return markup
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
}

/** The address of the page's link with this rel (the pager's prev and next), or null. */
function relLink(html: string, rel: 'prev' | 'next') {
  const tag = html.match(new RegExp(`<a\\b[^>]*\\brel="${rel}"[^>]*>`))?.[0]
  return tag ? tag.match(/href="([^"]*)"/)![1]!.replace(/&amp;/g, '&') : null
}

function canonicalOf(html: string) {
  const tag = html.match(/<link\b[^>]*rel="canonical"[^>]*>/)?.[0]
  return tag?.match(/href="([^"]*)"/)?.[1]?.replace(/&amp;/g, '&') ?? null
}

const SHELF_HEADINGS: [string, string][] = [
  ['/herb-ro', 'HERBAL PRODUCTS'],
  ['/herb-ro/tokku', 'Thokku'],
  ['/herb-ro/biscuits', 'Biscuits'],
  ['/Capsule', 'Capsules & Tablets'],
  ['/free-products', 'Freeze Dried Fruits & Vegetables'],
  ['/Freeze-pr', 'Freeze Dried Fruits & Vegetables'],
  ['/Dehy', 'Dehydrated Fruits & Vegetables'],
  ['/Essentails', 'Essential Oils'],
  ['/Spices', 'Spices'],
  ['/Dryfruits', 'Dry Fruits'],
]

describe('storefront routes', () => {
  beforeAll(async () => {
    products = ((await (await fetch(`${server.url}/api/products`)).json()) as { products: ProductJson[] }).products
  })

  it('renders the home page', async () => {
    const { status, html } = await page('/')
    expect(status).toBe(200)
    expect(h1(html)).toBeTruthy()
    expect(html).toMatch(/Freeze dried fruits/i)
  })

  it('opens the home page with the heading, the announcement and the featured products of the shop settings (issue 18)', async () => {
    const { html } = await page('/')
    expect(html.match(/<h1\b/g)).toHaveLength(1)
    expect(h1(html)).toBe(DEFAULT_SHOP_SETTINGS.home.heading)
    expect(DEFAULT_SHOP_SETTINGS.home.heading).toBe('Welcome to Kaadu Organics')
    // The announcement strip comes before the header, its threshold filled in.
    expect(html).toMatch(
      /<aside\b[^>]*aria-label="Announcement"[^>]*><p\b[^>]*>Free delivery on orders of ₹350 or more<\/p><\/aside><header\b/,
    )
    // The hero picture is the page's first, fetched first.
    const firstImage = html.match(/<main\b[\s\S]*?(<img\b[^>]*>)/)![1]!
    expect(firstImage).toMatch(/fetchpriority="high"/i)
    expect(firstImage).toMatch(/srcset="[^"]+ 320w, [^"]+"/i)
    expect(firstImage).not.toMatch(/loading="lazy"/)

    // The featured products, in the settings' order, each card with its name and its price (a sized product's from
    // the 250 g to the 500 g pack).
    const featured = html.match(/<section id="featured"[\s\S]*?<\/section>/)?.[0] ?? ''
    const cards = featured
      .split(/<article\b[^>]*>/)
      .slice(1)
      .map(textOf)
    const slugs = DEFAULT_SHOP_SETTINGS.featuredProductSlugs
    expect(slugs.length).toBeGreaterThanOrEqual(2)
    expect(cards).toHaveLength(slugs.length)
    slugs.forEach((slug, i) => {
      const product = products.find((p) => p.slug === slug)!
      expect(product, slug).toBeDefined()
      const prices = product.prices ? [product.prices.startg, product.prices.halfg] : [product.price!]
      expect(cards[i], slug).toContain(product.name)
      for (const rupees of prices) expect(cards[i], slug).toContain(formatRupees(rupees * 100))
    })
    expect(cards[0]).toMatch(/^Freeze Dried Mango/)

    // Further down, still every showcase item's link and the shelves.
    const links = new Set([...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => `${m[1]} ${textOf(m[2]!)}`))
    for (const showcase of HOME_SHOWCASES) {
      expect(html, showcase.id).toContain(`id="${showcase.id}"`)
      for (const item of showcase.items) {
        const product = products.find((p) => p.slug === item.slug)!
        expect(links, `${showcase.id}: ${item.label}`).toContain(`${product.url} ${item.label}`)
      }
    }
    expect(html).toContain('Browse our shelves')
  })

  it.each(SHELF_HEADINGS)('renders the shelf %s with its heading and its products', async (path, heading) => {
    const { status, html } = await page(path)
    expect(status).toBe(200)
    expect(h1(html)).toBe(heading)
    // At least one product card links to its detail page, with a price in rupees.
    expect(html).toMatch(/href="\/product\/[^"]+"/)
    expect(html).toContain('₹')
  })

  it('lists the right products on each shelf', async () => {
    const herbal = (await page('/herb-ro')).html
    const biscuits = (await page('/herb-ro/biscuits')).html
    const spice = products.find((p) => p.category === 'spices')!
    const oil = products.find((p) => p.category === 'essential-oils')!
    expect(herbal).not.toContain(`/product/${spice.id}"`)
    expect((await page('/Spices')).html).toContain(`/product/${spice.id}"`)
    expect((await page('/Essentails')).html).toContain(`/product/${oil.id}"`)
    // Sized goods show their Select Option link on /free-products, and a size select on /Freeze-pr.
    const fruit = products.find((p) => p.category === 'freeze-dried-fruit')!
    const freeProducts = (await page('/free-products')).html
    expect(freeProducts).toContain(`/product/${fruit.slug}/${fruit.id}"`)
    expect(freeProducts).toContain('Select Option')
    expect(freeProducts).toContain('id="fruits"')
    expect(freeProducts).toContain('id="vegetables"')
    const freezePr = (await page('/Freeze-pr')).html
    expect(freezePr).toMatch(/<select[^>]*>[\s\S]*?<option value="250g"[\s\S]*?<option value="500g"[\s\S]*?<option value="1kg"/)
    // The herbal shelf and the biscuits shelf share no product.
    const links = (html: string) => new Set(html.match(/\/product\/[A-Za-z0-9_-]+"/g))
    const common = [...links(herbal)].filter((l) => links(biscuits).has(l))
    expect(common).toEqual([])
  })

  it('renders the contact page', async () => {
    const { status, html } = await page('/contact')
    expect(status).toBe(200)
    expect(html).toContain('Tell Us Your FeedBack')
  })

  it('renders /product with every product (over its pages), and filters by category', async () => {
    const all = await page('/product')
    expect(all.status).toBe(200)
    // Paged since decision 038: every product's name is on one of the pages.
    const pages = [all.html]
    for (let n = 2; n <= Math.ceil(products.length / PER_PAGE); n++) pages.push((await page(`/product?page=${n}`)).html)
    for (const p of products) expect(pages.join('\n')).toContain(`>${p.name.replace(/&/g, '&amp;').replace(/'/g, '&#x27;')}</a>`)
    const spices = await page('/product?category=spices')
    expect(spices.status).toBe(200)
    expect(h1(spices.html)).toBe('Spices')
    const herbal = products.find((p) => p.category === 'herbal')!
    expect(spices.html).not.toContain(`/product/${herbal.id}"`)
  })

  it('answers 400 with every product and a notice for an unknown category, and never 500 for a silly one', async () => {
    const unknown = await page('/product?category=chocolates')
    expect(unknown.status).toBe(400)
    expect(unknown.html).toContain('We have no category called “chocolates”')
    // The first page of every product, as /product shows it (paged since decision 038), with the whole count.
    expect(productLinks(unknown.html)).toEqual(productLinks((await page('/product')).html))
    expect(unknown.html).toContain(`${products.length} products`)
    const long = await page(`/product?category=${'z'.repeat(1500)}`)
    expect(long.status).toBe(400)
    expect((await page('/product?category=%00%ff')).status).toBe(400)
  })

  it('shows /product 24 products a page: each product on exactly one page, the total, and a pager', async () => {
    const pageCount = Math.ceil(products.length / PER_PAGE)
    expect(pageCount, 'the demo catalogue fills more than one page').toBeGreaterThan(1)
    const pageOf = new Map<string, number>()
    for (let n = 1; n <= pageCount; n++) {
      const path = n === 1 ? '/product' : `/product?page=${n}`
      const { status, html } = await page(path)
      expect(status, path).toBe(200)
      expect(html, path).toContain(`${products.length} products`)
      expect(html, path).toContain(`Page ${n} of ${pageCount}`)
      const links = productLinks(html)
      expect(links.length, path).toBe(n < pageCount ? PER_PAGE : products.length - PER_PAGE * (pageCount - 1))
      for (const link of links) {
        expect(pageOf.get(link), `${link} on page ${pageOf.get(link)} and ${n}`).toBeUndefined()
        pageOf.set(link, n)
      }
      // Grouped under the headings of the categories on this page, and only those.
      const headings = [...html.matchAll(/<h2 id="category-([a-z-]+)"/g)].map((m) => m[1])
      expect(new Set(headings), path).toEqual(new Set(links.map((l) => products.find((p) => p.url === l)!.category)))
      // Previous and Next, absent on the first and the last page; page 1's address has no page.
      expect(relLink(html, 'prev'), path).toBe(n === 1 ? null : n === 2 ? '/product' : `/product?page=${n - 1}`)
      expect(relLink(html, 'next'), path).toBe(n === pageCount ? null : `/product?page=${n + 1}`)
      expect(html, path).toMatch(/<nav\b[^>]*aria-label="Pages"/)
      expect(html, path).toMatch(new RegExp(`<a\\b[^>]*aria-current="page"[^>]*>${n}</a>`))
      for (let other = 1; other <= pageCount; other++) {
        if (other !== n) expect(html, path).toContain(`href="${other === 1 ? '/product' : `/product?page=${other}`}"`)
      }
      // Each page is its own address, with a title of its own.
      expect(canonicalOf(html), path).toBe(`${server.url}${path}`)
    }
    // Together the pages list every product of the API, and nothing else.
    expect(new Set(pageOf.keys())).toEqual(new Set(products.map((p) => p.url)))
    expect((await page('/product?page=2')).html.match(/<title>([^<]*)<\/title>/)?.[1]).toMatch(/page 2 of/)
    // ?page=1 is the first page, under the first page's canonical address.
    const one = await page('/product?page=1')
    expect(one.status).toBe(200)
    expect(productLinks(one.html)).toEqual(productLinks((await page('/product')).html))
    expect(canonicalOf(one.html)).toBe(`${server.url}/product`)
  })

  it('answers 400 with a useful page, never a 500, for a page that is not 1, 2, 3 … or past the last', async () => {
    const pageCount = Math.ceil(products.length / PER_PAGE)
    const first = productLinks((await page('/product')).html)
    const last = productLinks((await page(`/product?page=${pageCount}`)).html)
    for (const bad of ['0', 'abc', '%00', '-1', '1.5', '02', '1e3', '%ff', '%20', '9'.repeat(40), '2%00']) {
      const { status, html } = await page(`/product?page=${bad}`)
      expect(status, bad).toBe(400)
      expect(html, bad).toContain('Pages are numbered 1, 2, 3 and so on')
      expect(productLinks(html), bad).toEqual(first)
      expect(html, bad).toContain(`${products.length} products`)
    }
    for (const past of [String(pageCount + 1), '99999']) {
      const { status, html } = await page(`/product?page=${past}`)
      expect(status, past).toBe(400)
      expect(html, past).toContain(`There is no page ${past}: here is page ${pageCount}, the last.`)
      expect(productLinks(html), past).toEqual(last)
      expect(canonicalOf(html), past).toBe(`${server.url}/product?page=${pageCount}`)
    }
    // An empty page is the first, as the GET forms never send one.
    expect((await page('/product?page=')).status).toBe(200)
    // An unknown category and a page: 400, that page of every product.
    const unknown = await page('/product?category=chocolates&page=2')
    expect(unknown.status).toBe(400)
    expect(productLinks(unknown.html)).toEqual(productLinks((await page('/product?page=2')).html))
  })

  it('pages one category, keeping it in the pager, and starts a changed filter at page 1', async () => {
    const byCategory = new Map<string, ProductJson[]>()
    for (const p of products) byCategory.set(p.category, [...(byCategory.get(p.category) ?? []), p])
    const [category, members] = [...byCategory].sort((a, b) => b[1].length - a[1].length)[0]!
    const pageCount = Math.ceil(members.length / PER_PAGE)
    const seen: string[] = []
    for (let n = 1; n <= pageCount; n++) {
      const path = `/product?category=${category}${n > 1 ? `&page=${n}` : ''}`
      const { status, html } = await page(path)
      expect(status, path).toBe(200)
      expect(html, path).toContain(`${members.length} products`)
      seen.push(...productLinks(html))
      expect(relLink(html, 'next'), path).toBe(n === pageCount ? null : `/product?category=${category}&page=${n + 1}`)
      if (n > 1)
        expect(relLink(html, 'prev'), path).toBe(n === 2 ? `/product?category=${category}` : `/product?category=${category}&page=${n - 1}`)
      expect(canonicalOf(html), path).toBe(`${server.url}${path}`)
      // The category links and the filter form lead to the first page of another category.
      expect(html, path).toContain('href="/product?category=spices"')
      expect(html, path).not.toMatch(/<input[^>]*name="page"/)
    }
    expect(seen.sort()).toEqual(members.map((p) => p.url).sort())
    // Past the last page of a category: its last page, and 400.
    const past = await page(`/product?category=${category}&page=${pageCount + 1}`)
    expect(past.status).toBe(400)
    expect(productLinks(past.html).every((l) => members.some((p) => p.url === l))).toBe(true)
    expect(productLinks(past.html).length).toBeGreaterThan(0)
  })

  it('renders a single-price product page', async () => {
    const herbal = products.find((p) => p.category === 'herbal')!
    const { status, html } = await page(`/product/${herbal.id}`)
    expect(status).toBe(200)
    expect(h1(html)).toBe(herbal.name)
    expect(html).toMatch(/In Stock|Out of Stock/)
    expect(html).toContain('Click the image to see the backside')
  })

  it('renders a sized product page with its size selector and the bulk dialog', async () => {
    const fruit = products.find((p) => p.prices)!
    const { status, html } = await page(`/product/${fruit.slug}/${fruit.id}`)
    expect(status).toBe(200)
    expect(h1(html)).toBe(fruit.name)
    expect(html).toMatch(/<legend[^>]*>Size<\/legend>/)
    const radios = html.match(/<input[^>]*type="radio"[^>]*>/g) ?? []
    expect(radios.map((r) => r.match(/value="([^"]+)"/)?.[1])).toEqual(['250g', '500g', '1kg'])
    // 250g is chosen before any script runs.
    expect(radios.filter((r) => /\bchecked\b/.test(r)).map((r) => r.match(/value="([^"]+)"/)?.[1])).toEqual(['250g'])
    expect(html).toContain('Purchase the bulk quantity?')
  })

  it('sends each product to its one address with a 301', async () => {
    const fruit = products.find((p) => p.prices)!
    const herbal = products.find((p) => p.category === 'herbal')!
    const sizedAtShort = await page(`/product/${fruit.id}`)
    expect(sizedAtShort.status).toBe(301)
    expect(sizedAtShort.location).toBe(`/product/${fruit.slug}/${fruit.id}`)
    const wrongSlug = await page(`/product/old-name/${fruit.id}`)
    expect(wrongSlug.status).toBe(301)
    expect(wrongSlug.location).toBe(`/product/${fruit.slug}/${fruit.id}`)
    const singleAtLong = await page(`/product/${herbal.slug}/${herbal.id}`)
    expect(singleAtLong.status).toBe(301)
    expect(singleAtLong.location).toBe(`/product/${herbal.id}`)
  })

  it('answers 404 for unknown or malformed product ids and unknown paths', async () => {
    for (const path of [
      '/product/NoSuchProduct123',
      '/product/some-name/NoSuchProduct123',
      `/product/${'x'.repeat(300)}`,
      '/product/%00',
      '/product/a%20b/c%20d',
      '/no-such-page',
      '/herb-ro/no-such-shelf',
    ]) {
      const { status, html } = await page(path)
      expect(status, path).toBe(404)
      expect(html, path).toContain('<html')
    }
  })

  it('renders the checkout routes of the route table', async () => {
    for (const [path, text] of [
      ['/Cart-page', 'Shopping Cart'],
      ['/address', 'Shipping address'],
      ['/checkout', 'Checkout'],
      ['/payment', 'Payment'],
      // Without a paid order from this browser it says so; the paid page is walked in tests/e2e/checkout.spec.ts.
      ['/order-success', 'No order to show'],
    ] as const) {
      const { status, html } = await page(path)
      expect(status, path).toBe(200)
      expect(h1(html), path).toBe(text)
      // The cart lives in the browser: the server cannot know it is empty, so it does not say so.
      expect(html, path).not.toContain('Your cart is empty')
    }
    expect((await page('/Cart-page')).html).toContain('Loading your cart…')
  })

  it("redirects other spellings of the spec's paths to them, keeping the query", async () => {
    for (const [path, target] of [
      ['/cart-page', '/Cart-page'],
      ['/essentails', '/Essentails'],
      ['/HERB-RO/TOKKU', '/herb-ro/tokku'],
      ['/dryfruits?x=1', '/Dryfruits?x=1'],
    ] as const) {
      const { status, location } = await page(path)
      expect(status, path).toBe(301)
      expect(location, path).toBe(target)
    }
  })

  it('renders the account routes of the route table and keeps visitors out of the admin ones', async () => {
    expect((await page('/Signup')).status).toBe(200)
    expect(h1((await page('/Signup')).html)).toBe('Sign up')
    expect((await page('/Signin')).status).toBe(200)
    expect(h1((await page('/Signin')).html)).toBe('Log in')
    // The spec sends non-admins who open /dash to /; /Admin and /Delete are guarded the same way (DESIGN.md).
    for (const path of ['/dash', '/Admin', '/Delete']) {
      const { status, location } = await page(path)
      expect(status, path).toBe(302)
      expect(location, path).toBe('/')
    }
  })
})
