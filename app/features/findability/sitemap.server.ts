import { asc, isNull } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { products } from '~/db/schema'
import { type SitemapProduct, sitemapPages, sitemapXml } from './sitemap'

/** Products on sale (not archived), with what their address and last change need; one query. */
export function liveProductsForSitemap(db: Database): Promise<SitemapProduct[]> {
  return db
    .select({ id: products.id, slug: products.slug, category: products.category, updatedAt: products.updatedAt })
    .from(products)
    .where(isNull(products.archivedAt))
    .orderBy(asc(products.name), asc(products.id))
}

/** /sitemap.xml of the shop as it is now. */
export async function shopSitemap(db: Database, siteUrl: string) {
  return sitemapXml(siteUrl, sitemapPages(await liveProductsForSitemap(db)))
}
