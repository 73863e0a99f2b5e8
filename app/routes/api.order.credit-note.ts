import { creditNotePdf } from '~/features/invoices/credit-notes.server'
import { invoiceViewFor } from '~/features/invoices/invoice-access.server'
import { apiError } from '~/http/json.server'
import { pdfDownload } from '~/http/pdf-download.server'
import type { Route } from './+types/api.order.credit-note'

const ID = /^[A-Za-z0-9_-]{10,64}$/

/**
 * GET /api/orders/<orderId>/credit-notes/<refundId> — a refund's GST credit note as a PDF (decision 033), for the same
 * people as the invoice: the order's buyer and admins, and a browser that just tracked the order (the buyer's name and
 * street left out, as on its invoice); 404 for anyone else.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!ID.test(params.orderId) || !ID.test(params.refundId)) return apiError(404, 'Credit note not found.')
  const view = await invoiceViewFor(request, context, params.orderId)
  if (!view) return apiError(404, 'Credit note not found.')
  const note = await creditNotePdf(context.shop.db, params.orderId, params.refundId, { redactBuyer: view === 'tracked' })
  if (!note) return apiError(404, 'Credit note not found.')
  return pdfDownload(note)
}

export function action() {
  return apiError(405, 'Use GET.')
}
