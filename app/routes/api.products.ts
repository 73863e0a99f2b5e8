import { data } from 'react-router'
import { z } from '~/zod'
import { apiError } from '~/http/json.server'
import { listProducts } from '~/features/catalogue/catalogue.server'
import { CATEGORIES, parseCategory } from '~/features/catalogue/categories'
import { productJson } from '~/features/catalogue/product'
import { mediaBaseFor } from '~/features/media/media-url'
import type { Route } from './+types/api.products'

export const CATALOGUE_CACHE = { 'Cache-Control': 'public, max-age=60' }

const querySchema = z.object({
  category: z.string().trim().min(1, 'category must not be empty').max(64, 'category is too long (at most 64 characters)').optional(),
})

/** GET /api/products[?category=<category value>]: the catalogue, or one category of it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  if (params.getAll('category').length > 1) return apiError(400, 'Give at most one category.')
  const parsed = querySchema.safeParse({ category: params.get('category') ?? undefined })
  if (!parsed.success) return apiError(400, parsed.error.issues[0]?.message ?? 'Invalid query.')
  const { category: value } = parsed.data
  const category = value === undefined ? undefined : parseCategory(value)
  if (value !== undefined && !category) {
    return apiError(400, `Unknown category "${value}". Use one of: ${CATEGORIES.join(', ')}.`)
  }
  const products = await listProducts(context.shop.db, category ? { categories: [category] } : {})
  return data(
    { products: products.map((product) => productJson(product, mediaBaseFor(context.shop.config.PUBLIC_MEDIA_URL))) },
    { headers: CATALOGUE_CACHE },
  )
}

/** The catalogue API only reads. */
export function action() {
  return data({ error: 'Method not allowed: this address only answers GET.' }, { status: 405, headers: { Allow: 'GET, HEAD' } })
}
