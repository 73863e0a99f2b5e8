import { wordedWhenRead } from '~/i18n/worded'
import { m } from '~/i18n/paraglide/messages.js'

/**
 * Why stock changed, as the stock page and the Edit dialog name it: the admin's reasons (issue 15, decision 027) and
 * the shop's own. Apart from the adjustment's checks (adjustments.ts) so that the admin's pages carry no Zod.
 */

export const ADJUSTMENT_REASONS = ['received', 'damaged', 'counted', 'correction'] as const
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number]

const ADJUSTMENT_WORDS: Record<AdjustmentReason, () => string> = {
  received: m.stock_reason_received,
  damaged: m.stock_reason_damaged,
  counted: m.stock_reason_counted,
  correction: m.stock_reason_correction,
}

const STOCK_WORDS: Record<string, () => string> = {
  opening: m.stock_reason_opening,
  new_product: m.stock_reason_new_product,
  seed: m.stock_reason_seed,
  reserved: m.stock_reason_reserved,
  paid_after_expiry: m.stock_reason_paid_after_expiry,
  expired: m.stock_reason_expired,
  cancelled: m.stock_reason_cancelled,
  returned: m.stock_reason_returned,
  pack_removed: m.stock_reason_pack_removed,
  ...ADJUSTMENT_WORDS,
}

export const ADJUSTMENT_REASON_LABELS = wordedWhenRead(ADJUSTMENT_WORDS)

export const STOCK_REASON_LABELS: Readonly<Record<string, string>> = wordedWhenRead(STOCK_WORDS)
