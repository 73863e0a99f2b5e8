import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { orderLines, products, variants } from '~/db/schema'
import { log } from '~/log.server'

/*
 * "Remove the demo catalogue" (issue 39, decision 071): the products the demo's seed loaded and nobody has edited
 * since (products.demo) go in one transaction, their packs, stock history and reviews with them; one that an order
 * names is hidden (archived) instead, as deleting any such product is (admin/products.server.ts deleteProduct). The
 * owner's own products, and demo products the owner has edited, are never touched. A second time does nothing.
 */

/** The demo products still on sale. */
const onSale = and(eq(products.demo, true), isNull(products.archivedAt))

/** Products among `ids` that an order names. */
const orderedAmong = (ids: string[]) =>
  sql`${products.id} in (select distinct ${orderLines.productId} from ${orderLines} where ${inArray(orderLines.productId, ids)})`

/** What a removal would do now: how many demo products it would remove, and how many it would hide. */
export async function demoCatalogueLeft(db: Database) {
  const ids = (await db.select({ id: products.id }).from(products).where(onSale)).map((p) => p.id)
  if (ids.length === 0) return { toRemove: 0, toHide: 0 }
  const [ordered] = await db
    .select({ n: count() })
    .from(products)
    .where(and(inArray(products.id, ids), orderedAmong(ids)))
  return { toRemove: ids.length - ordered!.n, toHide: ordered!.n }
}

/**
 * Removes the demo catalogue in one transaction: the packs first, then the products (the order a checkout locks them
 * in), so an order being placed for one right now is either seen, and the product hidden, or finds it gone.
 */
export async function removeDemoCatalogue(db: Database, admin: string): Promise<{ removed: number; hidden: number }> {
  const outcome = await db.transaction(async (tx) => {
    const demo = tx.select({ id: products.id }).from(products).where(onSale)
    await tx
      .select({ productId: variants.productId })
      .from(variants)
      .where(inArray(variants.productId, demo))
      .orderBy(asc(variants.productId), asc(variants.size))
      .for('update')
    const ids = (await tx.select({ id: products.id }).from(products).where(onSale).orderBy(asc(products.id)).for('update')).map((p) => p.id)
    if (ids.length === 0) return { removed: 0, hidden: 0 }
    const now = new Date()
    const hidden = await tx
      .update(products)
      .set({ archivedAt: now, updatedAt: now })
      .where(and(inArray(products.id, ids), orderedAmong(ids)))
      .returning({ id: products.id })
    const removed = await tx
      .delete(products)
      .where(and(inArray(products.id, ids), isNull(products.archivedAt)))
      .returning({ id: products.id })
    return { removed: removed.length, hidden: hidden.length }
  })
  if (outcome.removed || outcome.hidden) log.info({ admin, ...outcome }, 'The demo catalogue was removed')
  return outcome
}
