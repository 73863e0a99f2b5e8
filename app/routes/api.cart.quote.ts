import { cartQuoteRequestSchema } from '~/features/checkout/checkout-schemas'
import { quoteCart } from '~/features/checkout/quote.server'
import { isGuessedCode } from '~/features/offers/coupons'
import { mediaBaseFor } from '~/features/media/media-url'
import { apiError, fieldErrorsOf, handleApi, readJsonBody } from '~/http/json.server'
import { alreadyLimited, limitRequest } from '~/http/rate-limit.server'
import type { Route } from './+types/api.cart.quote'
import { m } from '~/i18n/paraglide/messages.js'

/** POST /api/cart/quote — prices the browser's cart from the database, with the code typed and the way to pay. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return apiError(405, m.payments_use_post())
  return handleApi(async () => {
    const parsed = cartQuoteRequestSchema.safeParse(await readJsonBody(request))
    if (!parsed.success) return apiError(400, m.payments_cart_not_valid(), fieldErrorsOf(parsed.error))
    const { items, ...choice } = parsed.data
    // Codes are never enumerable: past the limit of refused codes, no code is looked at (and the cart still prices).
    const heldBack = choice.couponCode ? await alreadyLimited(context, 'couponCode') : null
    const quote = await quoteCart(context.shop.db, items, mediaBaseFor(context.shop.config.PUBLIC_MEDIA_URL), {
      ...choice,
      couponHeldBack: heldBack?.message,
    })
    // Only codes the shop does not honour count: a shopper re-pricing with a code that needs more in the cart is not held back.
    if (quote.coupon && !quote.coupon.applied && isGuessedCode(quote.coupon.refusal)) await limitRequest(context, 'couponCode')
    return quote
  })
}

export function loader() {
  return apiError(405, m.payments_use_post())
}
