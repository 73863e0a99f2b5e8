import { and, desc, eq, lt, sql } from 'drizzle-orm'
import type { Database, Transaction } from '~/db/client.server'
import { products, type StockChangeReason, stockLedger, variants } from '~/db/schema'

/**
 * The stock ledger (decision 027): every change of a pack's stock is a row written in the same transaction as
 * the change, so a pack's stock always equals the sum of its rows.
 */

export type StockChange = {
  productId: string
  size: string
  /** Units in (positive) or out (negative). */
  change: number
  reason: StockChangeReason
  orderId?: string | null
  /** The admin's e-mail. */
  admin?: string | null
  note?: string | null
}

type Size = (typeof variants.$inferSelect)['size']

/** Writes the ledger row of a change already made to the pack, whose count is now `stockAfter`. */
export async function recordStockChange(tx: Transaction, change: StockChange & { stockAfter: number }) {
  if (change.change === 0) return
  await tx.insert(stockLedger).values({
    productId: change.productId,
    size: change.size as Size,
    change: change.change,
    stockAfter: change.stockAfter,
    reason: change.reason,
    orderId: change.orderId ?? null,
    admin: change.admin ?? null,
    note: change.note ?? null,
  })
}

/**
 * Changes a pack's stock by `change` and records it; the count after, or null when the pack no longer exists.
 * Callers that must not go below zero check first (the column's check refuses it anyway).
 */
export async function changeStock(tx: Transaction, change: StockChange) {
  const [row] = await tx
    .update(variants)
    .set({ stock: sql`${variants.stock} + ${change.change}` })
    .where(and(eq(variants.productId, change.productId), eq(variants.size, change.size as Size)))
    .returning({ stock: variants.stock })
  if (!row) return null
  await recordStockChange(tx, { ...change, stockAfter: row.stock })
  return row.stock
}

export type LedgerRow = typeof stockLedger.$inferSelect

export const LEDGER_PAGE_SIZE = 50

/** A product's ledger, latest first, 50 rows a page; `before` is the id of the last row of the previous page. */
export async function productLedger(db: Database, productId: string, before?: number): Promise<LedgerRow[]> {
  return db
    .select()
    .from(stockLedger)
    .where(and(eq(stockLedger.productId, productId), before ? lt(stockLedger.id, before) : undefined))
    .orderBy(desc(stockLedger.id))
    .limit(LEDGER_PAGE_SIZE)
}

export type LedgerMismatch = { productId: string; name: string; size: string; stock: number; ledgerSum: number }

/** Packs whose stock is not the sum of their ledger rows (the dashboard's alert; there should be none). */
export async function ledgerMismatches(db: Database): Promise<LedgerMismatch[]> {
  const sums = db
    .select({ productId: stockLedger.productId, size: stockLedger.size, total: sql<number>`sum(${stockLedger.change})::int`.as('total') })
    .from(stockLedger)
    .groupBy(stockLedger.productId, stockLedger.size)
    .as('sums')
  const rows = await db
    .select({ productId: variants.productId, name: products.name, size: variants.size, stock: variants.stock, total: sums.total })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .leftJoin(sums, and(eq(sums.productId, variants.productId), eq(sums.size, variants.size)))
    .where(sql`${variants.stock} <> coalesce(${sums.total}, 0)`)
    .orderBy(products.name, variants.size)
  return rows.map((r) => ({ productId: r.productId, name: r.name, size: r.size, stock: r.stock, ledgerSum: Number(r.total ?? 0) }))
}
