import { invoiceViewFor } from '~/features/invoices/invoice-access.server'
import { invoicePdf } from '~/features/invoices/invoices.server'
import { apiError } from '~/http/json.server'
import { pdfDownload } from '~/http/pdf-download.server'
import type { Route } from './+types/api.order.invoice'

/**
 * GET /api/orders/<orderId>/invoice — the paid order's tax invoice as a PDF download, for its buyer, a browser that
 * tracked it, and admins; 404 for anyone else and for orders without an invoice (not paid).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!/^[A-Za-z0-9_-]{10,64}$/.test(params.orderId)) return apiError(404, 'Invoice not found.')
  const view = await invoiceViewFor(request, context, params.orderId)
  if (!view) return apiError(404, 'Invoice not found.')
  const invoice = await invoicePdf(context.shop.db, params.orderId, { redactBuyer: view === 'tracked' })
  if (!invoice) return apiError(404, 'This order has no invoice: it has not been paid.')
  return pdfDownload(invoice)
}

export function action() {
  return apiError(405, 'Use GET.')
}
