import type { CodRefundFormField } from '../payments/cod-refund-form'
import type { FulfilmentStep } from './fulfilment.server'

// What the admin order page's forms post and are answered (routes/admin-order.server.ts answers, the page's
// components in components/admin/order-*.tsx show it): a type shared by both sides, so the components need not
// import from a route.

/** The fields of the order page's forms, each named as posted. */
export type OrderField = 'courier' | 'trackingNumber' | 'reason' | 'confirm' | 'resellable' | 'attentionNote' | CodRefundFormField

/** The page's intents: a step of fulfilment, or one of the payment's own forms. */
export type OrderStep = FulfilmentStep | 'resolve-attention' | 'refund' | 'retry-refund' | 'cod-refund' | 'restock'

export type StepResult =
  | { ok: true; message: string }
  | {
      ok: false
      error: string
      step?: OrderStep
      fieldErrors?: Partial<Record<OrderField, string>>
      values?: Partial<Record<OrderField, string>>
    }
export type StepFailure = Extract<StepResult, { ok: false }>
