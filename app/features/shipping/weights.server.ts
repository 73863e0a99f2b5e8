import { and, eq, or } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { variants } from '~/db/schema'
import { packWeightGrams } from './weights'

export type WeighedItem = { productId: string; size?: string | null; quantity: number }

/**
 * The weight of these cart or order lines in grams, from the server's packs (never a weight the browser sent). A
 * line whose pack no longer exists weighs nothing: it is not charged or shipped either.
 */
export async function cartWeightGrams(db: Database, items: readonly WeighedItem[]): Promise<number> {
  if (items.length === 0) return 0
  const wanted = items.map((item) => ({ productId: item.productId, size: (item.size ?? 'one') as (typeof variants.$inferSelect)['size'] }))
  const rows = await db
    .select({
      productId: variants.productId,
      size: variants.size,
      shippedWeightGrams: variants.shippedWeightGrams,
      netQuantity: variants.netQuantity,
      netUnit: variants.netUnit,
    })
    .from(variants)
    .where(or(...wanted.map((w) => and(eq(variants.productId, w.productId), eq(variants.size, w.size)))))
  const byPack = new Map(rows.map((r) => [`${r.productId}:${r.size}`, r]))
  let total = 0
  for (const [i, item] of items.entries()) {
    const row = byPack.get(`${wanted[i]!.productId}:${wanted[i]!.size}`)
    if (!row) continue
    const net = row.netQuantity !== null && row.netUnit !== null ? { amount: row.netQuantity, unit: row.netUnit } : null
    total += packWeightGrams({ shippedWeightGrams: row.shippedWeightGrams, net }) * item.quantity
  }
  return total
}
