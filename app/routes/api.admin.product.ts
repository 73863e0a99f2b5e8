import { requireAdminApi } from '~/features/accounts/guards.server'
import { manageProductAction } from '~/features/admin/form-actions.server'
import { m } from '~/i18n/paraglide/messages.js'
import type { Route } from './+types/api.admin.product'

/** POST /api/admin/products/:productId: the Edit dialog (intent=update, multipart) or intent=delete; admins only (403). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminApi(request, context)
  if (request.method !== 'POST') return Response.json({ error: m.admin_use_post() }, { status: 405, headers: { Allow: 'POST' } })
  const { status, result } = await manageProductAction(request, context.shop, params.productId, admin.email)
  return Response.json(result, { status, headers: { 'Cache-Control': 'no-store', ...(status === 413 ? { Connection: 'close' } : {}) } })
}
