import { data } from 'react-router'
import { z } from '~/zod'
import { apiError } from '~/http/json.server'
import { listProducts } from '~/features/catalogue/catalogue.server'
import { CATEGORIES, parseCategory } from '~/features/catalogue/categories'
import { productJson } from '~/features/catalogue/product'
import { mediaBaseFor } from '~/features/media/media-url'
import type { Route } from './+types/api.products'
import { m } from '~/i18n/paraglide/messages.js'

export const CATALOGUE_CACHE = { 'Cache-Control': 'public, max-age=60' }

const querySchema = z.object({
  category: z
    .string()
    .trim()
    .min(1, { error: () => m.catalogue_api_category_empty() })
    .max(64, { error: () => m.catalogue_api_category_too_long() })
    .optional(),
})

/** GET /api/products[?category=<category value>]: the catalogue, or one category of it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  if (params.getAll('category').length > 1) return apiError(400, m.catalogue_api_one_category())
  const parsed = querySchema.safeParse({ category: params.get('category') ?? undefined })
  if (!parsed.success) return apiError(400, parsed.error.issues[0]?.message ?? m.catalogue_api_invalid_query())
  const { category: value } = parsed.data
  const category = value === undefined ? undefined : parseCategory(value)
  if (value !== undefined && !category) {
    return apiError(400, m.catalogue_api_unknown_category({ category: value, categories: CATEGORIES.join(', ') }))
  }
  const products = await listProducts(context.shop.db, category ? { categories: [category] } : {})
  return data(
    { products: products.map((product) => productJson(product, mediaBaseFor(context.shop.config.PUBLIC_MEDIA_URL))) },
    { headers: CATALOGUE_CACHE },
  )
}

/** The catalogue API only reads. */
export function action() {
  return data({ error: m.catalogue_api_get_only() }, { status: 405, headers: { Allow: 'GET, HEAD' } })
}
