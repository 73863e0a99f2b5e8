import { Link } from 'react-router'
import type { loadDashboard } from '~/features/admin/dashboard.server'
import { formatRupees } from '~/features/money/money'
import { m } from '~/i18n/paraglide/messages.js'

type Glance = Awaited<ReturnType<typeof loadDashboard>>

/** The dashboard's alerts (routes/dash.tsx): what the owner must look at before anything else. */
export function DashboardAlerts({ stockMismatches, paymentAttention }: Pick<Glance, 'stockMismatches' | 'paymentAttention'>) {
  return (
    <>
      {stockMismatches.length > 0 && (
        <section
          role="alert"
          aria-labelledby="ledger-alert-title"
          className="mt-6 rounded-2xl border border-red-300 bg-red-50 p-5 text-red-900"
        >
          <h2 id="ledger-alert-title" className="font-semibold">
            {m.admin_ledger_alert_title()}
          </h2>
          <p className="mt-1">{m.admin_ledger_alert_text()}</p>
          <ul className="mt-2 list-disc pl-5" data-testid="ledger-mismatches">
            {stockMismatches.map((row) => (
              <li key={`${row.productId}-${row.size}`}>
                <Link to={`/dash/products/${encodeURIComponent(row.productId)}/stock`} className="underline underline-offset-2">
                  {row.name}
                  {row.size === 'one' ? '' : ` ${row.size}`}
                </Link>
                {m.admin_ledger_alert_line({ stock: row.stock, sum: row.ledgerSum })}
              </li>
            ))}
          </ul>
        </section>
      )}

      {paymentAttention.total > 0 && (
        <section
          role="alert"
          aria-labelledby="payment-alert-title"
          className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-earth-900"
        >
          <h2 id="payment-alert-title" className="font-semibold">
            {m.admin_payment_alert_title({ count: paymentAttention.total })}
          </h2>
          <p className="mt-1">{m.admin_payment_alert_text()}</p>
          <ul className="mt-2 divide-y divide-amber-200" data-testid="payment-attention">
            {paymentAttention.orders.map((order) => (
              <li key={order.id} className="py-2">
                <Link to={`/dash/orders/${order.id}`} className="font-semibold underline underline-offset-2">
                  {order.label}
                </Link>{' '}
                <span className="text-earth-700">({formatRupees(order.totalPaise)})</span>: {order.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}
