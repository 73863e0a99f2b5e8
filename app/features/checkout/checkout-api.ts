import type { BrowserCheckout } from '../payments/provider'
import type { CouponRefusal } from '../offers/coupons'
import type { CodRefusal } from './cash-on-delivery'
import type { OrderStatus, PaymentMethod } from '../orders/statuses'
import type { ShortLine } from './orders.server'

// The answers of POST /api/payment/createOrder (its request is createOrderSchema, checkout-schemas.ts), written
// once: the route builds them with `satisfies`, the payment page reads them through these types, so a change on
// either side fails the type check. Types only: the page's script carries nothing of them.

export type { ShortLine }

/** 201: the order exists and holds its stock; the page opens the payment window for it. */
export type CreatedOrderAnswer = {
  /** The provider's order id (Razorpay's `order_…`, or the test provider's); null only if none was opened. */
  id: string | null
  orderId: string
  orderNumber: number
  /** `awaiting_confirmation` for cash on delivery: nothing to pay now, the order waits for its confirmation. */
  status: OrderStatus
  paymentMethod: PaymentMethod
  /** In paise: what the customer pays, online now or in cash on delivery. */
  amount: number
  currency: 'INR'
  /** The provider the order was opened with (its id in features/payments/registry.server.ts). */
  provider: string
  /** The provider's public key when its checkout has one (Razorpay's key id): checkout.data.keyId, kept for API clients. */
  keyId: string
  /** Which payment window the page opens for this order, and what it needs (decision 065). */
  checkout: BrowserCheckout
  /** Why the last attempt to pay this order failed (the provider's words), to show on the retry; null when none did. */
  lastPaymentFailure: string | null
}

/** 4xx/5xx: why not; 409 with `shortLines` when some items are not in stock in the quantity asked for. */
export type CreateOrderRefusal = {
  error: string
  /** 409: the lines short of stock, with what is left. */
  shortLines?: ShortLine[]
  /** 422: the reservation limit the order is over (decision 024), its value, and the pack when it is per line. */
  limit?: 'maxUnitsPerLine' | 'maxUnitsHeldUnpaid'
  max?: number
  line?: { productId: string; size: string | null }
  /** 422: the code typed does not apply (the order was not placed); its kind of refusal. */
  coupon?: CouponRefusal
  /** 422: cash on delivery is not offered for this order, and which rule says so. */
  cod?: CodRefusal
}

export type CreateOrderAnswer = CreatedOrderAnswer | CreateOrderRefusal

export function isCreatedOrder(answer: CreateOrderAnswer): answer is CreatedOrderAnswer {
  return 'orderId' in answer
}

/** What Razorpay's window hands back on payment, and POST /api/payment/verify takes with the order id. */
export type PaymentSignature = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }

/**
 * POST /api/payment/verify: 200 `paid`; 202 `checking` when the provider could not be asked yet (the shop looks the
 * payment up again within a minute, decision 032); 4xx with `error` when the payment does not pay the order.
 */
export type VerifyPaymentAnswer =
  | { ok: true; orderId: string; status: 'paid' }
  | { ok: true; orderId: string; status: 'checking' }
  | { error: string }

/** 200 of POST /api/payment/test/complete: the test window's payment, signed as Razorpay would. */
export type TestPaymentAnswer = PaymentSignature & { ok: true; status: OrderStatus; orderId: string }
