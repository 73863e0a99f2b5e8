import { describe, expect, it } from 'vitest'
import { SHELVES, shelfByPath } from '../catalogue/categories'
import type { Product } from '../catalogue/product'
import { DEFAULT_SHOP_SETTINGS } from '../settings/shop-settings'
import {
  absoluteUrl,
  pageMeta,
  privatePageMeta,
  productListPath,
  productPageMeta,
  shelfCanonicalPath,
  shelfTitle,
  summarize,
} from './page-meta'
import { robotsTxt } from './robots'
import { inLanguage } from '~/i18n/language.server'
import { siteUrlFor } from './site-url.server'
import { escapeXml, sitemapPages, sitemapXml } from './sitemap'
import { openingHoursOf, postalAddress, productStructuredData, serializeJsonLd, shopStructuredData } from './structured-data'

const SITE = 'https://kaadu.example'
const KEY = 'a'.repeat(32)

const ghee: Product = {
  id: 'ghee-biscuit',
  slug: 'ghee-biscuit',
  name: 'Ghee Biscuit',
  description: 'Crisp millet biscuits baked with ghee.\n\nNo maida, no refined sugar.',
  category: 'herbal',
  subcategory: 'biscuits',
  frontImage: KEY,
  backImage: 'b'.repeat(32),
  offers: [{ size: 'one', pricePaise: 14950, stock: 12 }],
}

const mango: Product = {
  id: 'fd-mango',
  slug: 'freeze-dried-mango',
  name: 'Freeze Dried Mango',
  description: 'Alphonso mango, freeze-dried.',
  category: 'freeze-dried-fruit',
  subcategory: null,
  frontImage: null,
  backImage: null,
  offers: [
    { size: '250g', pricePaise: 32000, stock: 0 },
    { size: '500g', pricePaise: 60005, stock: 4 },
    { size: '1kg', pricePaise: 115000, stock: 0 },
  ],
}

/** A meta list as a map from name/property (or `title`, `canonical`) to its content. */
function metaMap(meta: ReturnType<typeof pageMeta>) {
  const map = new Map<string, string>()
  for (const m of meta as Record<string, string>[]) {
    if ('title' in m) map.set('title', m.title!)
    else if (m.tagName === 'link') map.set(m.rel === 'alternate' ? `alternate ${m.hrefLang}` : m.rel!, m.href!)
    else map.set((m.name ?? m.property)!, m.content!)
  }
  return map
}

describe('page meta', () => {
  it('gives a page its title, description, canonical URL, Open Graph and Twitter card', () => {
    const meta = metaMap(
      pageMeta({
        siteUrl: SITE,
        shopName: 'Kaadu',
        title: 'Spices | Kaadu',
        description: 'Whole spices.',
        path: '/Spices',
        image: { url: '/assets/x.webp', alt: 'Spices' },
      }),
    )
    expect(Object.fromEntries(meta)).toEqual({
      title: 'Spices | Kaadu',
      description: 'Whole spices.',
      canonical: 'https://kaadu.example/Spices',
      'alternate en-IN': 'https://kaadu.example/Spices',
      'alternate ta-IN': 'https://kaadu.example/ta/Spices',
      'alternate x-default': 'https://kaadu.example/Spices',
      'og:site_name': 'Kaadu',
      'og:type': 'website',
      'og:title': 'Spices | Kaadu',
      'og:description': 'Whole spices.',
      'og:url': 'https://kaadu.example/Spices',
      'og:locale': 'en_IN',
      'og:image': 'https://kaadu.example/assets/x.webp',
      'og:image:alt': 'Spices',
      'twitter:card': 'summary_large_image',
    })
  })

  it('makes the Tamil page its own canonical, names both languages as alternates, and says its locale', () => {
    const meta = metaMap(
      inLanguage('ta', () =>
        pageMeta({ siteUrl: SITE, shopName: 'Kaadu', title: 'T', description: 'D', path: '/product?category=spices' }),
      ),
    )
    expect(meta.get('canonical')).toBe('https://kaadu.example/ta/product?category=spices')
    expect(meta.get('og:url')).toBe('https://kaadu.example/ta/product?category=spices')
    expect(meta.get('alternate en-IN')).toBe('https://kaadu.example/product?category=spices')
    expect(meta.get('alternate ta-IN')).toBe('https://kaadu.example/ta/product?category=spices')
    expect(meta.get('alternate x-default')).toBe('https://kaadu.example/product?category=spices')
    expect(meta.get('og:locale')).toBe('ta_IN')
    const home = metaMap(inLanguage('ta', () => pageMeta({ siteUrl: SITE, shopName: 'K', title: 'T', description: 'D', path: '/' })))
    expect(home.get('canonical')).toBe('https://kaadu.example/ta')
  })

  it('leaves the canonical link out when the origin is unknown, and marks private pages noindex without previews', () => {
    const unknown = metaMap(pageMeta({ siteUrl: null, shopName: 'K', title: 'T', description: 'D', path: '/' }))
    expect([...unknown.keys()]).toEqual(['title', 'description'])
    const meta = metaMap(
      pageMeta({ siteUrl: SITE, shopName: 'K', title: 'Checkout', description: 'Pay.', path: '/checkout', noindex: true }),
    )
    expect(Object.fromEntries(meta)).toEqual({ title: 'Checkout', description: 'Pay.', robots: 'noindex' })
    expect(privatePageMeta('Log in · K', 'Log in.')).toContainEqual({ name: 'robots', content: 'noindex' })
  })

  it('cuts long descriptions at a word, within 160 characters', () => {
    const long = `${'Organic millet '.repeat(20)}end`
    const cut = summarize(long)
    expect(cut.length).toBeLessThanOrEqual(160)
    // A whole word, then the ellipsis.
    expect(cut.endsWith('…')).toBe(true)
    expect(long.startsWith(`${cut.slice(0, -1)} `)).toBe(true)
    expect(summarize('  two\n\nlines  ')).toBe('two lines')
  })

  it('keeps absolute picture URLs (PUBLIC_MEDIA_URL) and puts paths on the origin', () => {
    expect(absoluteUrl(SITE, '/media/x-960.webp')).toBe('https://kaadu.example/media/x-960.webp')
    expect(absoluteUrl(SITE, 'https://cdn.example/x-960.webp')).toBe('https://cdn.example/x-960.webp')
  })

  it('describes a product page with its own path, front picture at 960 px and its lowest price in rupees', () => {
    const meta = metaMap(productPageMeta(ghee, { siteUrl: SITE, shopName: 'Kaadu', mediaBase: '/media' }))
    expect(meta.get('title')).toBe('Ghee Biscuit | Kaadu')
    expect(meta.get('description')).toBe('Crisp millet biscuits baked with ghee. No maida, no refined sugar.')
    expect(meta.get('canonical')).toBe('https://kaadu.example/product/ghee-biscuit')
    expect(meta.get('og:type')).toBe('product')
    expect(meta.get('og:image')).toBe(`https://kaadu.example/media/${KEY}-960.webp`)
    expect(meta.get('product:price:amount')).toBe('149.50')
    expect(meta.get('product:price:currency')).toBe('INR')
    const sized = metaMap(productPageMeta(mango, { siteUrl: SITE, shopName: 'Kaadu', mediaBase: '/media' }))
    expect(sized.get('canonical')).toBe('https://kaadu.example/product/freeze-dried-mango/fd-mango')
    expect(sized.has('og:image')).toBe(false)
    expect(sized.get('twitter:card')).toBe('summary')
    expect(sized.get('product:price:amount')).toBe('320.00')
    expect(productPageMeta(undefined, { siteUrl: SITE, shopName: 'Kaadu', mediaBase: '/media' })).toContainEqual({
      name: 'robots',
      content: 'noindex',
    })
  })

  it('links pictures where the shop keeps them (PUBLIC_MEDIA_URL), as it is told, not as a module remembers', () => {
    const cdn = metaMap(productPageMeta(ghee, { siteUrl: SITE, shopName: 'Kaadu', mediaBase: 'https://cdn.example/pics' }))
    expect(cdn.get('og:image')).toBe(`https://cdn.example/pics/${KEY}-960.webp`)
    // The next page, told otherwise, is not affected by the one before.
    expect(metaMap(productPageMeta(ghee, { siteUrl: SITE, shopName: 'Kaadu', mediaBase: '/media' })).get('og:image')).toBe(
      `https://kaadu.example/media/${KEY}-960.webp`,
    )
  })

  it('points /Freeze-pr at /free-products, gives it a title of its own, and keeps every other shelf its own address', () => {
    const freezePr = shelfByPath('/Freeze-pr')!
    expect(shelfCanonicalPath(freezePr)).toBe('/free-products')
    expect(shelfTitle(freezePr)).not.toBe(shelfTitle(shelfByPath('/free-products')!))
    for (const shelf of SHELVES.filter((s) => s.layout === 'cards')) expect(shelfCanonicalPath(shelf)).toBe(shelf.path)
    expect(new Set(SHELVES.map(shelfTitle)).size).toBe(SHELVES.length)
  })

  it('keeps the category in the product list’s address', () => {
    expect(productListPath(null)).toBe('/product')
    expect(productListPath('ready-to-eat')).toBe('/product?category=ready-to-eat')
  })
})

describe('site URL', () => {
  const request = new Request('http://127.0.0.1:4321/Spices?x=1', { headers: { host: 'evil.example' } })
  it('is PUBLIC_URL when set, whatever the request', () => {
    expect(siteUrlFor({ PUBLIC_URL: 'https://kaadu.example', PUBLIC_URL_SET: true }, request)).toBe('https://kaadu.example')
  })
  it('is the request’s origin without PUBLIC_URL (a trial on port 0 has no other)', () => {
    expect(siteUrlFor({ PUBLIC_URL: 'http://localhost:0', PUBLIC_URL_SET: false }, request)).toBe('http://127.0.0.1:4321')
  })
})

describe('JSON-LD', () => {
  it('escapes < so a product name cannot close the script element, and stays the same JSON', () => {
    const nasty = { ...ghee, name: 'Pepper </script><script>alert(1)</script> & <!-- more' }
    const text = serializeJsonLd(productStructuredData({ product: nasty, siteUrl: SITE, shopName: 'Kaadu', mediaBase: '/media' }))
    expect(text).not.toMatch(/[<>]/)
    expect(text).not.toContain('&')
    expect(text).toContain('\\u003c/script\\u003e')
    expect(JSON.parse(text).name).toBe(nasty.name)
    expect(JSON.parse(serializeJsonLd({ line: 'a\u2028b' })).line).toBe('a\u2028b')
    expect(serializeJsonLd({ line: 'a\u2028b' })).toContain('\\u2028')
  })

  it('describes a single-price product: pictures, id, brand, one offer in INR from paise, in stock', () => {
    const data = productStructuredData({ product: ghee, siteUrl: SITE, shopName: 'Kaadu Organics', mediaBase: '/media' })
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Ghee Biscuit',
      description: ghee.description,
      sku: 'ghee-biscuit',
      productID: 'ghee-biscuit',
      url: 'https://kaadu.example/product/ghee-biscuit',
      image: [`https://kaadu.example/media/${KEY}-960.webp`, `https://kaadu.example/media/${'b'.repeat(32)}-960.webp`],
      brand: { '@type': 'Brand', name: 'Kaadu Organics' },
      offers: {
        '@type': 'Offer',
        price: '149.50',
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
        url: 'https://kaadu.example/product/ghee-biscuit',
      },
    })
    const soldOut = productStructuredData({
      product: { ...ghee, offers: [{ size: 'one', pricePaise: 14950, stock: 0 }] },
      siteUrl: SITE,
      shopName: 'K',
      mediaBase: '/media',
    })
    expect((soldOut.offers as { availability: string }).availability).toBe('https://schema.org/OutOfStock')
  })

  it('gives a sized product one offer per pack, each with its own price and stock', () => {
    const data = productStructuredData({ product: mango, siteUrl: SITE, shopName: 'K', mediaBase: '/media' })
    expect(data).not.toHaveProperty('image')
    expect(data.offers).toMatchObject({
      '@type': 'AggregateOffer',
      priceCurrency: 'INR',
      lowPrice: '320.00',
      highPrice: '1150.00',
      offerCount: 3,
      availability: 'https://schema.org/InStock',
    })
    const offers = (data.offers as { offers: Record<string, unknown>[] }).offers
    expect(offers.map((o) => [o.name, o.sku, o.price, o.priceCurrency, o.availability])).toEqual([
      ['250g pack', 'fd-mango-250g', '320.00', 'INR', 'https://schema.org/OutOfStock'],
      ['500g pack', 'fd-mango-500g', '600.05', 'INR', 'https://schema.org/InStock'],
      ['1kg pack', 'fd-mango-1kg', '1150.00', 'INR', 'https://schema.org/OutOfStock'],
    ])
  })

  it('adds aggregateRating only when someone has rated the product', () => {
    const base = { product: ghee, siteUrl: SITE, shopName: 'K', mediaBase: '/media' }
    expect(productStructuredData(base)).not.toHaveProperty('aggregateRating')
    expect(productStructuredData({ ...base, rating: null })).not.toHaveProperty('aggregateRating')
    expect(productStructuredData({ ...base, rating: { average: 0, count: 0 } })).not.toHaveProperty('aggregateRating')
    expect(productStructuredData({ ...base, rating: { average: 4.26, count: 7 } }).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      reviewCount: 7,
      bestRating: 5,
      worstRating: 1,
    })
  })

  it('describes the shop as a LocalBusiness with both addresses, each place with its phone, e-mail and hours', () => {
    const data = shopStructuredData({ settings: DEFAULT_SHOP_SETTINGS, siteUrl: SITE, logoUrl: '/assets/logo-x.svg' })
    expect(data).toMatchObject({
      '@type': 'GroceryStore',
      name: 'Kaadu Organics',
      url: 'https://kaadu.example/',
      logo: 'https://kaadu.example/assets/logo-x.svg',
      telephone: DEFAULT_SHOP_SETTINGS.phone,
      email: DEFAULT_SHOP_SETTINGS.email,
    })
    expect(data.address).toEqual([
      {
        '@type': 'PostalAddress',
        streetAddress: 'No. 14, SIDCO Industrial Estate, Kurichi, Coimbatore, Tamil Nadu 641021, India',
        postalCode: '641021',
        addressCountry: 'IN',
      },
      {
        '@type': 'PostalAddress',
        streetAddress: '21 Tanjong Pagar Road, #04-02, Singapore 088444',
        postalCode: '088444',
        addressCountry: 'SG',
      },
    ])
    expect(data.department).toMatchObject([
      {
        '@type': 'LocalBusiness',
        name: 'Kaadu Organics Factory',
        telephone: '+91 94430 21876',
        email: 'care@kaaduorganics.in',
        openingHours: 'Mo-Su 09:00-19:00',
      },
      {
        '@type': 'LocalBusiness',
        name: 'Kaadu Organics Overseas office',
        telephone: '+65 6221 4408',
        email: 'export@kaaduorganics.in',
        openingHours: 'Mo-Su 11:00-20:00',
      },
    ])
  })

  it('reads opening hours the way the owner writes them, and leaves out what it cannot read', () => {
    expect(openingHoursOf('9:00 AM to 7:00 PM')).toBe('Mo-Su 09:00-19:00')
    expect(openingHoursOf('10 am - 6.30 pm')).toBe('Mo-Su 10:00-18:30')
    expect(openingHoursOf('12:00 PM to 12:30 AM')).toBe('Mo-Su 12:00-00:30')
    expect(openingHoursOf('Weekdays only')).toBeUndefined()
    expect(openingHoursOf('13:00 PM to 7:00 PM')).toBeUndefined()
    expect(postalAddress({ lines: ['Somewhere'] })).toEqual({ '@type': 'PostalAddress', streetAddress: 'Somewhere' })
  })
})

describe('sitemap', () => {
  const products = [
    { id: 'ghee-biscuit', slug: 'ghee-biscuit', category: 'herbal' as const, updatedAt: new Date('2025-03-01T10:20:30.456Z') },
    { id: 'fd-mango', slug: 'freeze-dried-mango', category: 'freeze-dried-fruit' as const, updatedAt: new Date('2025-02-01T00:00:00Z') },
  ]

  it('lists home, contact, every shelf once at its canonical address, the category lists and every product given', () => {
    const paths = sitemapPages(products).map((p) => p.path)
    expect(paths).toContain('/')
    expect(paths).toContain('/contact')
    expect(paths).toContain('/product?category=ready-to-eat')
    for (const shelf of SHELVES) expect(paths).toContain(shelfCanonicalPath(shelf))
    expect(paths).not.toContain('/Freeze-pr')
    expect(paths).toContain('/product/ghee-biscuit')
    expect(paths).toContain('/product/freeze-dried-mango/fd-mango')
    expect(new Set(paths).size).toBe(paths.length)
    for (const hidden of ['/Cart-page', '/checkout', '/dash', '/Admin']) expect(paths).not.toContain(hidden)
  })

  it('writes well-formed, escaped XML with absolute addresses and each product’s last change', () => {
    const xml = sitemapXml('https://kaadu.example', [...sitemapPages(products), { path: "/odd?a=1&b='<x>'" }])
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ),
    ).toBe(true)
    // Each page in both languages, each entry naming both addresses as alternates (decision 074).
    const alternates =
      '<xhtml:link rel="alternate" hreflang="en-IN" href="https://kaadu.example/product/ghee-biscuit"/>' +
      '<xhtml:link rel="alternate" hreflang="ta-IN" href="https://kaadu.example/ta/product/ghee-biscuit"/>'
    for (const loc of ['https://kaadu.example/product/ghee-biscuit', 'https://kaadu.example/ta/product/ghee-biscuit']) {
      expect(xml).toContain(`<url><loc>${loc}</loc><lastmod>2025-03-01T10:20:30Z</lastmod>${alternates}</url>`)
    }
    expect(xml).toContain('<loc>https://kaadu.example/ta</loc>')
    expect(xml).toContain('<loc>https://kaadu.example/odd?a=1&amp;b=%27%3Cx%3E%27</loc>')
    expect(xml).toContain('<loc>https://kaadu.example/ta/odd?a=1&amp;b=%27%3Cx%3E%27</loc>')
    // Every element closes, and no bare & or < is left in the text.
    const body = xml.replace(/^<\?xml[^>]*\?>\n/, '')
    expect(body.match(/<url>/g)!.length).toBe(body.match(/<\/url>/g)!.length)
    expect(body.replace(/<\/?(urlset|url|loc|lastmod)( xmlns(:xhtml)?="[^"]*")*>|<xhtml:link( [a-z]+="[^"<>]*")+\/>/g, '')).not.toMatch(
      /[<>]|&(?!amp;|lt;|gt;|quot;|apos;)/,
    )
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;')
  })
})

describe('robots.txt', () => {
  it('allows the shop, keeps crawlers out of the admin, the API, checkout and accounts, and names the sitemap', () => {
    const text = robotsTxt(SITE)
    const lines = text.split('\n')
    expect(lines[0]).toBe('User-agent: *')
    expect(lines).toContain('Allow: /')
    for (const path of ['/dash', '/Admin', '/Delete', '/api/', '/address', '/checkout', '/payment', '/order-success', '/my-orders']) {
      expect(lines).toContain(`Disallow: ${path}`)
      expect(lines).toContain(`Disallow: /ta${path}`)
    }
    expect(lines).toContain('Disallow: /language/')
    // The catalogue stays open.
    expect(
      lines
        .filter((l) => l.startsWith('Disallow:'))
        .some((l) => ['/', '/product', '/Cart-page', '/herb-ro', '/contact'].includes(l.slice(10))),
    ).toBe(false)
    expect(lines).toContain('Sitemap: https://kaadu.example/sitemap.xml')
  })
})
