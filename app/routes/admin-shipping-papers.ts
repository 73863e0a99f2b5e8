import { redirect } from 'react-router'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { formTooLargeMessage, readSmallForm } from '~/http/forms.server'
import { m } from '~/i18n/paraglide/messages.js'
import type { Route } from './+types/admin-shipping-papers'
import { parcelsPdf } from './admin-shipping.server'

/**
 * POST /dash/shipping/papers — the ticked parcels' labels, packing slips or manifest as one PDF to save (the desk's download
 * buttons post here: a page's action cannot answer a file). A refusal goes back to the desk with its reason.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context)
  const fields = await readSmallForm(request, 64 * 1024)
  const back = (error: string) => redirect(`/dash/shipping?refused=${encodeURIComponent(error)}`, 303)
  // Not the desk's form (too large, or no known intent): a plain 4xx, as for any request no page of ours sends.
  if (!fields) return new Response(formTooLargeMessage(), { status: 413, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  const what = fields.intent === 'manifest' || fields.intent === 'labels' || fields.intent === 'packing-slips' ? fields.intent : null
  if (!what)
    return new Response(m.shipping_papers_choose(), {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  const answer = await parcelsPdf({ context, fields, actor: admin.email }, what)
  return typeof answer === 'string' ? back(answer) : answer
}

export function loader() {
  return redirect('/dash/shipping')
}
