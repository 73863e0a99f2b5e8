import { data } from 'react-router'
import { z } from '~/zod'
import { apiError } from '~/http/json.server'
import { getProduct } from '~/features/catalogue/catalogue.server'
import { PRODUCT_ID_PATTERN, productJson } from '~/features/catalogue/product'
import { mediaBaseFor } from '~/features/media/media-url'
import type { Route } from './+types/api.product'
import { m } from '~/i18n/paraglide/messages.js'

const paramsSchema = z.object({
  productId: z.string().regex(PRODUCT_ID_PATTERN, { error: () => m.catalogue_api_malformed_product_id() }),
})

/** GET /api/products/<id>: one product with the spec's fields. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = paramsSchema.safeParse(params)
  if (!parsed.success) return apiError(400, parsed.error.issues[0]?.message ?? m.catalogue_api_malformed_product_id_short())
  const product = await getProduct(context.shop.db, parsed.data.productId)
  if (!product) return apiError(404, m.catalogue_product_not_found())
  return data(productJson(product, mediaBaseFor(context.shop.config.PUBLIC_MEDIA_URL)), {
    headers: { 'Cache-Control': 'public, max-age=60' },
  })
}

export function action() {
  return data({ error: m.catalogue_api_get_only() }, { status: 405, headers: { Allow: 'GET, HEAD' } })
}
