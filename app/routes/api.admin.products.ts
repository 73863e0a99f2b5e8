import { requireAdminApi } from '~/features/accounts/guards.server'
import { addProductAction } from '~/features/admin/form-actions.server'
import { m } from '~/i18n/paraglide/messages.js'
import type { Route } from './+types/api.admin.products'

/** POST /api/admin/products: the Add Product form (multipart), for the page's upload script; admins only (403). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminApi(request, context)
  if (request.method !== 'POST') return Response.json({ error: m.admin_use_post() }, { status: 405, headers: { Allow: 'POST' } })
  const { status, result } = await addProductAction(request, context.shop, admin.email)
  return Response.json(result, { status, headers: { 'Cache-Control': 'no-store', ...(status === 413 ? { Connection: 'close' } : {}) } })
}
