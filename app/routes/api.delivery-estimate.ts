import { limitRequest, tooManyRequests } from '~/http/rate-limit.server'
import { data } from 'react-router'
import { PACK_SIZES } from '~/features/catalogue/categories'
import { MAX_LINE_QUANTITY } from '~/features/cart/cart'
import { PRODUCT_ID_PATTERN } from '~/features/catalogue/product'
import { estimateForPin } from '~/features/shipping/delivery-estimate.server'
import { apiError } from '~/http/json.server'
import { z } from '~/zod'
import type { Route } from './+types/api.delivery-estimate'
import { m } from '~/i18n/paraglide/messages.js'

const SIZES = ['one', ...PACK_SIZES] as const
const MAX_CART_LINES = 50

const productId = z.string().regex(PRODUCT_ID_PATTERN, { error: () => m.catalogue_api_not_shop_product() })
const quantityMessage = () => m.catalogue_api_quantity({ max: MAX_LINE_QUANTITY })
const quantity = z
  .string({ error: quantityMessage })
  .regex(/^\d{1,3}$/, { error: quantityMessage })
  .transform(Number)
  .refine((n) => n >= 1 && n <= MAX_LINE_QUANTITY, { error: quantityMessage })
const size = z.enum(SIZES, { error: () => m.catalogue_api_size() })

/** `cart=<product>:<size>:<quantity>,…` (size `one` for a single-price product), as the cart page sends its lines. */
const cartLines = z
  .string()
  .max(MAX_CART_LINES * 90, { error: () => m.catalogue_api_cart_too_long() })
  .transform((text) => text.split(',').filter(Boolean))
  .pipe(
    z
      .array(
        z
          .string()
          .transform((line) => line.split(':'))
          .pipe(
            z
              .tuple([productId, size, quantity], { error: () => m.catalogue_api_cart_line() })
              .transform(([id, packSize, units]) => ({ productId: id, size: packSize, quantity: units })),
          ),
      )
      .min(1, { error: () => m.catalogue_api_cart_empty() })
      .max(MAX_CART_LINES, { error: () => m.catalogue_api_cart_max_lines({ max: MAX_CART_LINES }) }),
  )

const querySchema = z
  .object({
    pin: z
      .string({ error: () => m.catalogue_pin_help() })
      .transform((pin) => pin.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^[1-9]\d{5}$/, { error: () => m.catalogue_pin_help() })),
    product: productId.optional(),
    size: size.optional(),
    quantity: quantity.optional(),
    cart: cartLines.optional(),
  })
  .refine((query) => !(query.product && query.cart), { error: () => m.catalogue_api_product_or_cart(), path: ['cart'] })

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
  return data({ error: m.catalogue_api_get_only() }, { status: 405, headers: { Allow: 'GET, HEAD' } })
}
