import { redirect } from 'react-router'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { FORM_TOO_LARGE, readSmallForm } from '~/http/forms.server'
import type { Route } from './+types/admin-shipping-papers'
import { parcelsPdf } from './admin-shipping.server'

/**
 * POST /dash/shipping/papers — the ticked parcels' labels or manifest as one PDF to save (the desk's download
 * buttons post here: a page's action cannot answer a file). A refusal goes back to the desk with its reason.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context)
  const fields = await readSmallForm(request, 64 * 1024)
  const back = (error: string) => redirect(`/dash/shipping?refused=${encodeURIComponent(error)}`, 303)
  if (!fields) return back(FORM_TOO_LARGE)
  const what = fields.intent === 'manifest' ? 'manifest' : fields.intent === 'labels' ? 'labels' : null
  if (!what) return back('Choose labels or the manifest.')
  const answer = await parcelsPdf({ context, fields, actor: admin.email }, what)
  return typeof answer === 'string' ? back(answer) : answer
}

export function loader() {
  return redirect('/dash/shipping')
}
