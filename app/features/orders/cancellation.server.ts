import type { Database } from '~/db/client.server'
import { advanceOrder } from './fulfilment.server'
import type { RefundSpeed } from '../payments/provider'
import type { ProviderSource } from '../payments/registry.server'
import { sendRefund } from '../payments/refunds.server'

export type Cancellation = {
  /** What the owner gives as the reason; it goes in the customer's mail, the history and the refund. */
  reason?: string
  /** Whether to refund the whole order in the same step (decision 033); a COD order has nothing to refund. */
  refund?: 'yes' | 'no'
  speed?: RefundSpeed
}

/**
 * The owner cancels an order before dispatch, and refunds it when asked: the status, the stock returned, the coupon's
 * use given back, the history, the refund with its credit note and the customer's mail are written in one transaction
 * (the order row locked, so a second click is refused: StepNotAllowedError); a refund the order cannot give refuses the
 * whole step (RefundRefusedError, nothing written). Then the refund's transfer is sent, with its idempotency key; a
 * transfer that gets no answer is left `requested` and sent again by the reconciliation.
 */
export async function cancelOrder(
  db: Database,
  providers: ProviderSource,
  shopUrl: string,
  orderId: string,
  cancellation: Cancellation,
  actor: string,
) {
  const cancelled = await advanceOrder(db, shopUrl, orderId, { step: 'cancel', ...cancellation }, actor)
  if (!cancelled.refundId) return { status: cancelled.status, refund: null }
  const sent = await sendRefund(db, providers, shopUrl, cancelled.refundId)
  return { status: cancelled.status, refund: { id: cancelled.refundId, status: sent?.status ?? 'requested' } }
}
