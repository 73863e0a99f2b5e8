import { cartQuoteRequestSchema } from '~/features/checkout/checkout-schemas'
import { quoteCart } from '~/features/checkout/quote.server'
import { mediaBaseFor } from '~/features/media/media-url'
import { apiError, fieldErrorsOf, handleApi, readJsonBody } from '~/http/json.server'
import type { Route } from './+types/api.cart.quote'

/** POST /api/cart/quote — prices the browser's cart from the database. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return apiError(405, 'Use POST.')
  return handleApi(async () => {
    const parsed = cartQuoteRequestSchema.safeParse(await readJsonBody(request))
    if (!parsed.success) return apiError(400, 'The cart is not valid.', fieldErrorsOf(parsed.error))
    return quoteCart(context.shop.db, parsed.data.items, mediaBaseFor(context.shop.config.PUBLIC_MEDIA_URL))
  })
}

export function loader() {
  return apiError(405, 'Use POST.')
}
