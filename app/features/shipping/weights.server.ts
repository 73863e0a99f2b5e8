import { and, eq, isNull, or } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { products, variants } from '~/db/schema'
import { packWeightGrams } from './weights'

export type WeighedItem = { productId: string; size?: string | null; quantity: number }

type PackSize = (typeof variants.$inferSelect)['size']

/**
 * Each line's pack as the server has it: its price and its shipped weight (weights.ts), or null for a pack that is no
 * longer on sale. Weights and prices come from here, never from the browser.
 */
export async function weighedLines(
  db: Database,
  items: readonly WeighedItem[],
): Promise<Array<{ item: WeighedItem; pricePaise: number; packWeightGrams: number } | null>> {
  if (items.length === 0) return []
  const sizeOf = (item: WeighedItem) => (item.size ?? 'one') as PackSize
  const rows = await db
    .select({
      productId: variants.productId,
      size: variants.size,
      pricePaise: variants.pricePaise,
      shippedWeightGrams: variants.shippedWeightGrams,
      netQuantity: variants.netQuantity,
      netUnit: variants.netUnit,
    })
    .from(variants)
    .innerJoin(products, and(eq(products.id, variants.productId), isNull(products.archivedAt)))
    .where(or(...items.map((item) => and(eq(variants.productId, item.productId), eq(variants.size, sizeOf(item))))))
  const byPack = new Map(rows.map((r) => [`${r.productId}:${r.size}`, r]))
  return items.map((item) => {
    const row = byPack.get(`${item.productId}:${sizeOf(item)}`)
    if (!row) return null
    const net = row.netQuantity !== null && row.netUnit !== null ? { amount: row.netQuantity, unit: row.netUnit } : null
    return { item, pricePaise: row.pricePaise, packWeightGrams: packWeightGrams({ shippedWeightGrams: row.shippedWeightGrams, net }) }
  })
}

/**
 * The weight of these cart or order lines in grams. A line whose pack is no longer on sale weighs nothing: it is not
 * charged or shipped either.
 */
export async function cartWeightGrams(db: Database, items: readonly WeighedItem[]): Promise<number> {
  return (await weighedLines(db, items)).reduce((total, line) => total + (line ? line.packWeightGrams * line.item.quantity : 0), 0)
}
