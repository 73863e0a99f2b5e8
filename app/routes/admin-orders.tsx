import { Form, Link } from 'react-router'
import { AdminPage, FilterLinks, inputClass, OrderStatusBadge, Time, tableScroll } from '~/components/admin/admin-page'
import { focusRing, secondaryButton } from '~/components/catalogue/styles'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { listOrdersForAdmin, type OrderListQuery, orderListQuerySchema } from '~/features/checkout/fulfilment.server'
import { formatRupees } from '~/features/money/money'
import { readQuery } from '~/http/query.server'
import type { Route } from './+types/admin-orders'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Orders · ${shopSettingsOf(matches).shopName}` },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context)
  const query = readQuery(request, orderListQuerySchema)
  return { query, ...(await listOrdersForAdmin(context.shop.db, query)) }
}

// Short names for the filter; "To ship" (paid or packed) comes first, as it is what the owner works from.
type Filter = OrderListQuery['status']
const FILTER_LABELS: Record<Filter, string> = {
  'to-ship': 'To ship',
  all: 'All',
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  expired: 'Expired',
}
const FILTER_ORDER = ['to-ship', 'all', 'paid', 'packed', 'shipped', 'delivered', 'cancelled', 'pending_payment', 'expired'] as const satisfies readonly Filter[]

/** The list's address for a query; the defaults are left out so links stay short. */
function listHref(query: Partial<OrderListQuery>) {
  const params = new URLSearchParams()
  if (query.status && query.status !== 'to-ship') params.set('status', query.status)
  if (query.q) params.set('q', query.q)
  if (query.page && query.page > 1) params.set('page', String(query.page))
  return params.size ? `/dash/orders?${params}` : '/dash/orders'
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { query, orders, total, pageSize } = loaderData
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const first = (query.page - 1) * pageSize + 1
  const last = first + orders.length - 1
  return (
    <AdminPage title="Orders">
      <FilterLinks
        label="Show orders"
        links={FILTER_ORDER.map((status) => ({
          to: listHref({ status, q: query.q }),
          label: FILTER_LABELS[status],
          current: status === query.status,
        }))}
      />

      <Form method="get" action="/dash/orders" className="mt-6 flex flex-wrap items-end gap-3">
        {query.status !== 'to-ship' && <input type="hidden" name="status" value={query.status} />}
        <div className="w-full max-w-sm">
          <label htmlFor="orders-q" className="block text-sm font-medium text-earth-900">
            Order number, e-mail or phone
          </label>
          <input id="orders-q" name="q" type="search" defaultValue={query.q} maxLength={100} className={`${inputClass} border-stone-300`} />
        </div>
        <button type="submit" className={secondaryButton}>
          Search
        </button>
        {query.q && (
          <Link to={listHref({ status: query.status })} className={`${focusRing} font-medium text-leaf-800 underline underline-offset-2`}>
            Clear search
          </Link>
        )}
      </Form>

      <p className="mt-4 text-earth-700" aria-live="polite">
        {total === 0
          ? query.q
            ? `No orders match “${query.q}” in ${FILTER_LABELS[query.status].toLowerCase()}.`
            : query.status === 'to-ship'
              ? 'No orders to ship.'
              : 'No orders here.'
          : orders.length === 0
            ? `No orders on page ${query.page}; there are ${pages === 1 ? '1 page' : `${pages} pages`}.`
            : `${total === 1 ? '1 order' : `${total} orders`}${total > orders.length ? `, showing ${first}–${last}` : ''}, newest first.`}
      </p>

      {orders.length > 0 && (
        <div className={`mt-3 ${tableScroll}`}>
          <table className="w-full min-w-[52rem] border-collapse text-left">
            <caption className="sr-only">Orders, newest first</caption>
            <thead>
              <tr className="border-b border-stone-300 text-sm text-earth-700">
                <th scope="col" className="p-2">Order</th>
                <th scope="col" className="p-2">Date</th>
                <th scope="col" className="p-2">Customer</th>
                <th scope="col" className="p-2">Phone</th>
                <th scope="col" className="p-2">City</th>
                <th scope="col" className="p-2 text-right">Total</th>
                <th scope="col" className="p-2">Status</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id} className="border-b border-stone-200 align-middle">
                  <th scope="row" className="p-2">
                    <Link to={`/dash/orders/${order.id}`} className={`font-semibold text-leaf-800 underline underline-offset-2 ${focusRing}`}>
                      {order.label}
                    </Link>
                  </th>
                  <td className="p-2 whitespace-nowrap">
                    <Time value={order.createdAt} />
                  </td>
                  <td className="p-2">
                    {order.customer}
                    <span className="block text-sm text-earth-600">{order.email}</span>
                  </td>
                  <td className="p-2 whitespace-nowrap">{order.phone}</td>
                  <td className="p-2">{order.city}</td>
                  <td className="p-2 text-right whitespace-nowrap">{formatRupees(order.totalPaise)}</td>
                  <td className="p-2">
                    <OrderStatusBadge status={order.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {pages > 1 && (
        <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center gap-3">
          {query.page > 1 && (
            <Link to={listHref({ ...query, page: Math.min(query.page - 1, pages) })} className={secondaryButton} rel="prev">
              Newer orders
            </Link>
          )}
          <span className="text-earth-700">
            Page {query.page} of {pages}
          </span>
          {query.page < pages && (
            <Link to={listHref({ ...query, page: query.page + 1 })} className={secondaryButton} rel="next">
              Older orders
            </Link>
          )}
        </nav>
      )}
    </AdminPage>
  )
}
