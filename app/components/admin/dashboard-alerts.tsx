import { Link } from 'react-router'
import type { loadDashboard } from '~/features/admin/dashboard.server'
import { formatRupees } from '~/features/money/money'

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
            Stock that does not match its history
          </h2>
          <p className="mt-1">
            These packs’ stock differs from the sum of their stock history: something changed it without recording why. Count them and
            correct the stock.
          </p>
          <ul className="mt-2 list-disc pl-5" data-testid="ledger-mismatches">
            {stockMismatches.map((m) => (
              <li key={`${m.productId}-${m.size}`}>
                <Link to={`/dash/products/${encodeURIComponent(m.productId)}/stock`} className="underline underline-offset-2">
                  {m.name}
                  {m.size === 'one' ? '' : ` ${m.size}`}
                </Link>
                : stock {m.stock}, history adds up to {m.ledgerSum}
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
            Payments that need you ({paymentAttention.total})
          </h2>
          <p className="mt-1">The shop could not settle these payments by itself. Open each order to see what happened and what to do.</p>
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
