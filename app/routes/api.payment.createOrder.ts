import { data } from 'react-router'
import type { CreatedOrderAnswer, CreateOrderRefusal } from '~/features/checkout/checkout-api'
import { createOrderSchema } from '~/features/checkout/checkout-schemas'
import { ensureBuyerToken } from '~/features/checkout/buyer-cookie.server'
import { CheckoutKeyTakenError, CodRefusedError, CouponRefusedError, createOrder, OutOfStockError } from '~/features/checkout/orders.server'
import { isGuessedCode } from '~/features/offers/coupons'
import { ReservationLimitError } from '~/features/checkout/reservation-limits.server'
import { PaymentProviderError } from '~/features/payments/provider'
import { browserCheckout } from '~/features/payments/registry.server'
import { apiError, fieldErrorsOf, handleApi, readJsonBody } from '~/http/json.server'
import { alreadyLimited, limitRequest, tooManyRequests } from '~/http/rate-limit.server'
import type { Route } from './+types/api.payment.createOrder'
import { m } from '~/i18n/paraglide/messages.js'

/**
 * POST /api/payment/createOrder — prices (with the code typed and the way to pay), reserves stock and opens a payment
 * with the provider; a cash-on-delivery order waits for its confirmation instead.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return apiError(405, m.payments_use_post())
  const { shop } = context
  return handleApi(async () => {
    // Each checkout reserves stock and opens a payment: one address cannot tie up the shelves or the provider.
    // Counted before the body is read, so oversized and invalid posts count too.
    const refusal = await limitRequest(context, 'createOrder')
    if (refusal) return tooManyRequests(refusal)
    const parsed = createOrderSchema.safeParse(await readJsonBody(request))
    if (!parsed.success) return apiError(400, m.payments_check_order_details(), fieldErrorsOf(parsed.error))
    // Past the limit of codes the shop does not honour, no code is looked at (codes are never enumerable).
    const couponLimit = parsed.data.couponCode ? await alreadyLimited(context, 'couponCode') : null
    if (couponLimit) return tooManyRequests(couponLimit)
    const buyer = await ensureBuyerToken(request)
    const headers = buyer.setCookie ? { 'Set-Cookie': buyer.setCookie } : undefined
    // New orders open with the shop's checkout provider; the order records it for every later step.
    const provider = shop.payments.checkout
    try {
      const order = await createOrder(shop.db, provider, shop.config.PUBLIC_URL, {
        ...parsed.data,
        buyerToken: buyer.token,
        clientAddress: context.clientAddress,
        buyerTokenIsNew: buyer.setCookie !== null,
        expiryMinutes: shop.config.ORDER_EXPIRY_MINUTES,
        paymentCheckMinutes: shop.config.PAYMENT_CHECK_MINUTES,
        // The date promised is the courier's when one is set up, as the customer was shown it.
        courierRates: shop.courierRates ?? undefined,
      })
      const checkout = browserCheckout(provider, order)
      return data(
        {
          id: order.providerOrderId,
          orderId: order.id,
          orderNumber: order.number,
          status: order.status,
          paymentMethod: order.paymentMethod,
          amount: order.totalPaise,
          currency: 'INR',
          provider: provider.name,
          keyId: typeof checkout.data.keyId === 'string' ? checkout.data.keyId : '',
          checkout,
          lastPaymentFailure: order.lastPaymentFailure,
        } satisfies CreatedOrderAnswer,
        { status: 201, headers },
      )
    } catch (err) {
      if (err instanceof OutOfStockError) {
        return data({ error: err.message, shortLines: err.lines } satisfies CreateOrderRefusal, { status: 409, headers })
      }
      if (err instanceof ReservationLimitError) {
        return data(
          { error: err.message, limit: err.limit, max: err.max, ...(err.line ? { line: err.line } : {}) } satisfies CreateOrderRefusal,
          { status: 422, headers },
        )
      }
      if (err instanceof CouponRefusedError) {
        if (isGuessedCode(err.refusal)) await limitRequest(context, 'couponCode')
        return data({ error: err.message, coupon: err.refusal } satisfies CreateOrderRefusal, { status: 422, headers })
      }
      if (err instanceof CodRefusedError)
        return data({ error: err.message, cod: err.refusal } satisfies CreateOrderRefusal, { status: 422, headers })
      if (err instanceof CheckoutKeyTakenError) return data({ error: err.message }, { status: 409, headers })
      if (err instanceof PaymentProviderError) {
        context.log.error({ err }, 'createOrder: payment provider failed')
        return data({ error: m.payments_service_not_answering() }, { status: 502, headers })
      }
      throw err
    }
  })
}

export function loader() {
  return apiError(405, m.payments_use_post())
}
