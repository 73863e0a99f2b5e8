import { CATEGORIES, type Category, SHELVES } from '../catalogue/categories'
import { productPath } from '../catalogue/product'
import { POLICY_SLUGS, policyPath } from '../policies/policies'
import { absoluteUrl, productListPath, shelfCanonicalPath } from './page-meta'
import { type Language, LANGUAGES, LANGUAGE_TAGS, pathInLanguage } from '~/i18n/language'

/** A page for the sitemap: its path, and when it last changed where the shop knows. */
export type SitemapPage = { path: string; lastModified?: Date }

/** What the sitemap needs of a product on sale. */
export type SitemapProduct = { id: string; slug: string; category: Category; updatedAt: Date }

/**
 * Every page a search engine should know, each at its canonical address: home, contact, the policy pages, every shelf (its twin
 * layouts once), the product list and each category's, and every product on sale with the time it last changed.
 * Not the cart, checkout, account or admin pages: nothing there to find.
 */
export function sitemapPages(products: readonly SitemapProduct[]): SitemapPage[] {
  const shelves = [...new Set(SHELVES.map(shelfCanonicalPath))]
  return [
    { path: '/' },
    ...shelves.map((path) => ({ path })),
    { path: productListPath(null) },
    ...CATEGORIES.map((category) => ({ path: productListPath(category) })),
    { path: '/contact' },
    ...POLICY_SLUGS.map((slug) => ({ path: policyPath(slug) })),
    ...products.map((p) => ({ path: productPath(p), lastModified: p.updatedAt })),
  ]
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

export function escapeXml(text: string) {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!)
}

/** W3C date-time to the second, as sitemaps take it. */
const lastmod = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z')

/**
 * The sitemap protocol's XML (https://www.sitemaps.org/protocol.html), every address absolute and escaped. Each page
 * is listed in each language, and each entry names every language's address as its alternate, as Google asks of
 * localized versions in a sitemap (developers.google.com/search/docs/specialty/international/localized-versions).
 */
export function sitemapXml(siteUrl: string, pages: readonly SitemapPage[]) {
  const urls = pages.flatMap((page) => {
    const modified = page.lastModified ? `<lastmod>${lastmod(page.lastModified)}</lastmod>` : ''
    const address = (language: Language) => escapeXml(absoluteUrl(siteUrl, pathInLanguage(page.path, language)))
    const alternates = LANGUAGES.map(
      (language) => `<xhtml:link rel="alternate" hreflang="${LANGUAGE_TAGS[language]}" href="${address(language)}"/>`,
    ).join('')
    return LANGUAGES.map((language) => `  <url><loc>${address(language)}</loc>${modified}${alternates}</url>`)
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
}
