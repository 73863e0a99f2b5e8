/**
 * Why stock changed, as the stock page and the Edit dialog name it: the admin's reasons (issue 15, decision 027) and
 * the shop's own. Apart from the adjustment's checks (adjustments.ts) so that the admin's pages carry no Zod.
 */

export const ADJUSTMENT_REASONS = ['received', 'damaged', 'counted', 'correction'] as const
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number]

export const ADJUSTMENT_REASON_LABELS: Record<AdjustmentReason, string> = {
  received: 'Received',
  damaged: 'Damaged',
  counted: 'Counted',
  correction: 'Correction',
}

export const STOCK_REASON_LABELS: Record<string, string> = {
  opening: 'Opening stock',
  new_product: 'New product or pack',
  seed: 'Demo catalogue',
  reserved: 'Order placed',
  paid_after_expiry: 'Paid after expiry',
  expired: 'Order expired',
  cancelled: 'Order cancelled',
  returned: 'Returned to stock',
  pack_removed: 'Pack size removed',
  ...ADJUSTMENT_REASON_LABELS,
}
