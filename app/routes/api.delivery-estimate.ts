import { limitRequest, tooManyRequests } from '~/http/rate-limit.server'
import { data } from 'react-router'
import { PACK_SIZES } from '~/features/catalogue/categories'
import { MAX_LINE_QUANTITY } from '~/features/cart/cart'
import { PRODUCT_ID_PATTERN } from '~/features/catalogue/product'
import { estimateForPin } from '~/features/shipping/delivery-estimate.server'
import { apiError } from '~/http/json.server'
import { z } from '~/zod'
import type { Route } from './+types/api.delivery-estimate'

export const PIN_MESSAGE = 'Enter a 6-digit PIN code, like 600001.'
const SIZES = ['one', ...PACK_SIZES] as const
const MAX_CART_LINES = 50

const productId = z.string().regex(PRODUCT_ID_PATTERN, 'The product is not one of the shop’s.')
const QUANTITY_MESSAGE = `The quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`
const quantity = z
  .string({ error: QUANTITY_MESSAGE })
  .regex(/^\d{1,3}$/, QUANTITY_MESSAGE)
  .transform(Number)
  .refine((n) => n >= 1 && n <= MAX_LINE_QUANTITY, QUANTITY_MESSAGE)
const size = z.enum(SIZES, { error: 'The size must be one of 250g, 500g or 1kg.' })

/** `cart=<product>:<size>:<quantity>,…` (size `one` for a single-price product), as the cart page sends its lines. */
const cartLines = z
  .string()
  .max(MAX_CART_LINES * 90, 'The cart is too long.')
  .transform((text) => text.split(',').filter(Boolean))
  .pipe(
    z
      .array(
        z
          .string()
          .transform((line) => line.split(':'))
          .pipe(
            z
              .tuple([productId, size, quantity], { error: 'Each cart line is a product, its size and a quantity: mango:250g:2.' })
              .transform(([id, packSize, units]) => ({ productId: id, size: packSize, quantity: units })),
          ),
      )
      .min(1, 'The cart is empty.')
      .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} different items.`),
  )

const querySchema = z
  .object({
    pin: z
      .string({ error: PIN_MESSAGE })
      .transform((pin) => pin.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^[1-9]\d{5}$/, PIN_MESSAGE)),
    product: productId.optional(),
    size: size.optional(),
    quantity: quantity.optional(),
    cart: cartLines.optional(),
  })
  .refine((query) => !(query.product && query.cart), { error: 'Ask for a product or a cart, not both.', path: ['cart'] })

/**
 * GET /api/delivery-estimate?pin=600001&product=<id>&size=250g[&quantity=2], or ?pin=…&cart=<id>:<size>:<quantity>,…
 * (or the PIN alone): whether the shop delivers there, whether cash on delivery is offered, the date ("Delivered by
 * Thu, 4 Dec") and what delivery costs. Weights and prices are the server's, from the lines named.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = querySchema.safeParse(query)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const field = String(issue.path[0] ?? 'pin')
    return apiError(400, issue.message, { [field]: issue.message })
  }
  const refusal = await limitRequest(context, 'deliveryEstimate')
  if (refusal) return tooManyRequests(refusal)
  const { pin, product, size: packSize, quantity: units, cart } = parsed.data
  const items = cart ?? (product ? [{ productId: product, size: packSize ?? 'one', quantity: units ?? 1 }] : [])
  const answer = await estimateForPin(context.shop.db, {
    pin,
    items,
    now: new Date(),
    courierRates: context.shop.courierRates ?? undefined,
  })
  // The date moves at the day's dispatch cut-off: kept briefly, and by this browser only.
  return data(answer, { headers: { 'Cache-Control': 'private, max-age=300' } })
}

export function action() {
  return data({ error: 'Method not allowed: this address only answers GET.' }, { status: 405, headers: { Allow: 'GET, HEAD' } })
}
