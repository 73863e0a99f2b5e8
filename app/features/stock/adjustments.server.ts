import { m } from '~/i18n/paraglide/messages.js'
import { and, eq } from 'drizzle-orm'
import type { Database, Transaction } from '~/db/client.server'
import { variants } from '~/db/schema'
import { type AdjustmentReason, MAX_STOCK, type StockAdjustment, stockChangedMessage } from './adjustments'
import { recordStockChange } from './ledger.server'

/** A count set from a form opened before the stock changed (a sale, an expiry, another admin). Nothing was changed. */
export class StockChangedError extends Error {
  constructor(readonly current: number) {
    super(stockChangedMessage(current))
  }
}

/** An adjustment that would take the stock below 0 or above the limit. Nothing was changed. */
export class AdjustmentOutOfRangeError extends Error {}

export class PackNotFoundError extends Error {
  constructor() {
    super(m.stock_no_such_pack())
  }
}

type Size = (typeof variants.$inferSelect)['size']

/**
 * Applies an admin's adjustment inside `tx`: the pack's row is locked, a set count is refused unless the stock is
 * still the count the admin was shown, and the change is written with its ledger row. Returns the count after.
 */
export async function applyAdjustment(tx: Transaction, productId: string, adjustment: StockAdjustment, admin: string | null) {
  const where = and(eq(variants.productId, productId), eq(variants.size, adjustment.size as Size))
  const [pack] = await tx.select({ stock: variants.stock }).from(variants).where(where).for('update')
  if (!pack) throw new PackNotFoundError()
  let change: number
  if (adjustment.kind === 'set') {
    if (pack.stock !== adjustment.shownStock) throw new StockChangedError(pack.stock)
    change = adjustment.newStock - pack.stock
  } else {
    change = adjustment.change
    if (pack.stock + change < 0) throw new AdjustmentOutOfRangeError(m.stock_cannot_remove({ stock: pack.stock, count: -change }))
    if (pack.stock + change > MAX_STOCK) throw new AdjustmentOutOfRangeError(m.stock_max({ max: MAX_STOCK.toLocaleString('en-IN') }))
  }
  if (change === 0) return pack.stock
  const stockAfter = pack.stock + change
  await tx.update(variants).set({ stock: stockAfter }).where(where)
  await recordStockChange(tx, {
    productId,
    size: adjustment.size,
    change,
    stockAfter,
    reason: adjustment.reason as AdjustmentReason,
    admin,
  })
  return stockAfter
}

/** An admin's adjustment in its own transaction (the Edit dialog's "add/remove units"). */
export async function adjustStock(db: Database, productId: string, adjustment: StockAdjustment, admin: string | null) {
  return db.transaction((tx) => applyAdjustment(tx, productId, adjustment, admin))
}
