import { z } from '~/zod'
import { orderItemsSchema } from '~/features/checkout/checkout-schemas'
import { quoteCart } from '~/features/checkout/quote.server'
import { apiError, fieldErrorsOf, handleApi, readJsonBody } from '~/http/json.server'
import type { Route } from './+types/api.cart.quote'

const quoteRequest = z.object({ items: orderItemsSchema })

/** POST /api/cart/quote — prices the browser's cart from the database. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return apiError(405, 'Use POST.')
  return handleApi(async () => {
    const parsed = quoteRequest.safeParse(await readJsonBody(request))
    if (!parsed.success) return apiError(400, 'The cart is not valid.', fieldErrorsOf(parsed.error))
    return quoteCart(context.shop.db, parsed.data.items)
  })
}

export function loader() {
  return apiError(405, 'Use POST.')
}
