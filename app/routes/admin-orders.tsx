import { Form, Link } from 'react-router'
import { AdminPage, FilterLinks, inputClass, Time, tableScroll } from '~/components/admin/admin-page'
import { OrderStatusPill } from '~/components/orders/order-status-pill'
import { TextField } from '~/components/forms/fields'
import { focusRing, secondaryButton } from '~/components/catalogue/styles'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { listOrdersForAdmin, type OrderListQuery, orderListQuerySchema } from '~/features/orders/admin-orders.server'
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
  awaiting_confirmation: 'COD to confirm',
  confirmed: 'COD confirmed',
  paid: 'Paid',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  returned_to_origin: 'Returned to origin',
  cancelled: 'Cancelled',
  expired: 'Expired',
}
const FILTER_ORDER = [
  'to-ship',
  'all',
  'awaiting_confirmation',
  'confirmed',
  'paid',
  'packed',
  'shipped',
  'delivered',
  'returned_to_origin',
  'cancelled',
  'pending_payment',
  'expired',
] as const satisfies readonly Filter[]

const COLUMNS = ['Order', 'Date', 'Customer', 'Phone', 'City', 'Total', 'Status'] as const

/** A data cell: below `md` a line of the order's card, its column's name on the left; from `md` up a table cell. */
const stackedCell = 'grid grid-cols-[5.5rem_minmax(0,1fr)] items-baseline gap-x-3 py-1 md:table-cell md:p-2'

/**
 * The column's name, shown only while the rows stack. Hidden from screen readers, which have the header row
 * (visually hidden there) and announce it with the cell.
 */
function CellLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="text-sm font-medium text-earth-700 md:hidden">
      {children}
    </span>
  )
}

/** The list's address for a query; the defaults are left out so links stay short. */
function listHref(query: Partial<OrderListQuery>) {
  const params = new URLSearchParams()
  // With a search, "to ship" is named: without a filter a search covers every order.
  if (query.status && (query.status !== 'to-ship' || query.q)) params.set('status', query.status)
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
        <TextField
          id="orders-q"
          name="q"
          label="Order number, e-mail or phone"
          type="search"
          defaultValue={query.q}
          maxLength={100}
          className="w-full max-w-sm"
          inputClassName={`${inputClass} border-stone-300`}
        />
        <button type="submit" className={secondaryButton}>
          Search
        </button>
        {query.q && (
          <Link
            to={listHref({ status: query.status })}
            className={`${focusRing} inline-flex min-h-11 items-center font-medium text-leaf-800 underline underline-offset-2`}
          >
            Clear search
          </Link>
        )}
      </Form>

      <p className="mt-4 text-earth-700" aria-live="polite">
        {total === 0
          ? query.q
            ? query.status === 'all'
              ? `No orders match “${query.q}”.`
              : `No orders match “${query.q}” in ${FILTER_LABELS[query.status].toLowerCase()}.`
            : query.status === 'to-ship'
              ? 'No orders to ship.'
              : 'No orders here.'
          : orders.length === 0
            ? `No orders on page ${query.page}; there are ${pages === 1 ? '1 page' : `${pages} pages`}.`
            : `${total === 1 ? '1 order' : `${total} orders`}${total > orders.length ? `, showing ${first}–${last}` : ''}, newest first.`}
      </p>

      {orders.length > 0 && (
        // One table for both sizes: from `md` up it is the table; below it each row stacks into a card whose cells
        // show their column's name (the header row stays for screen readers, visually hidden). The explicit roles
        // keep the table's semantics where a browser drops them for rows and cells no longer displayed as a table.
        <div className={`mt-3 ${tableScroll}`}>
          <table role="table" className="block w-full border-collapse text-left md:table md:min-w-[52rem]">
            <caption className="sr-only">Orders, newest first</caption>
            <thead role="rowgroup" className="sr-only md:not-sr-only">
              <tr role="row" className="border-b border-stone-300 text-sm text-earth-700">
                {COLUMNS.map((column) => (
                  <th key={column} role="columnheader" scope="col" className={column === 'Total' ? 'p-2 text-right' : 'p-2'}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup" className="grid gap-3 md:table-row-group">
              {orders.map((order) => (
                <tr
                  key={order.id}
                  role="row"
                  className="block rounded-lg border border-stone-300 p-3 align-middle md:table-row md:rounded-none md:border-x-0 md:border-t-0 md:border-stone-200 md:p-0"
                >
                  <th role="rowheader" scope="row" className="block pb-1 md:table-cell md:p-2">
                    <Link
                      to={`/dash/orders/${order.id}`}
                      className={`inline-flex min-h-11 items-center text-lg font-semibold text-leaf-800 underline underline-offset-2 md:text-base ${focusRing}`}
                    >
                      {order.label}
                    </Link>
                  </th>
                  <td role="cell" className={stackedCell}>
                    <CellLabel>Date</CellLabel>
                    <span className="md:whitespace-nowrap">
                      <Time value={order.createdAt} />
                    </span>
                  </td>
                  <td role="cell" className={stackedCell}>
                    <CellLabel>Customer</CellLabel>
                    <span className="min-w-0">
                      {order.customer}
                      <span className="block text-sm wrap-anywhere text-earth-600 md:wrap-normal">{order.email}</span>
                    </span>
                  </td>
                  <td role="cell" className={stackedCell}>
                    <CellLabel>Phone</CellLabel>
                    <span className="whitespace-nowrap">{order.phone}</span>
                  </td>
                  <td role="cell" className={stackedCell}>
                    <CellLabel>City</CellLabel>
                    <span className="min-w-0">{order.city}</span>
                  </td>
                  <td role="cell" className={`${stackedCell} md:text-right`}>
                    <CellLabel>Total</CellLabel>
                    <span className="font-semibold whitespace-nowrap md:font-normal">{formatRupees(order.totalPaise)}</span>
                  </td>
                  <td role="cell" className={stackedCell}>
                    <CellLabel>Status</CellLabel>
                    <span>
                      <OrderStatusPill status={order.status} />
                    </span>
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
