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
import { m } from '~/i18n/paraglide/messages.js'
import type { Route } from './+types/admin-orders'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${m.orders_orders()} · ${shopSettingsOf(matches).shopName}` },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context)
  const query = readQuery(request, orderListQuerySchema)
  return { query, ...(await listOrdersForAdmin(context.shop.db, query)) }
}

// Short names for the filter; "To ship" (paid or packed) comes first, as it is what the owner works from.
type Filter = OrderListQuery['status']
const FILTER_LABELS: Record<Filter, () => string> = {
  'to-ship': m.orders_filter_to_ship,
  all: m.orders_filter_all,
  pending_payment: m.orders_filter_pending_payment,
  awaiting_confirmation: m.orders_filter_awaiting_confirmation,
  confirmed: m.orders_filter_confirmed,
  paid: m.orders_filter_paid,
  packed: m.orders_filter_packed,
  shipped: m.orders_filter_shipped,
  delivered: m.orders_filter_delivered,
  returned_to_origin: m.orders_filter_returned_to_origin,
  cancelled: m.orders_filter_cancelled,
  expired: m.orders_filter_expired,
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

const COLUMNS = [
  ['order', m.orders_col_order],
  ['date', m.orders_col_date],
  ['customer', m.orders_col_customer],
  ['phone', m.orders_col_phone],
  ['city', m.orders_col_city],
  ['total', m.orders_col_total],
  ['status', m.orders_col_status],
] as const

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
    <AdminPage title={m.orders_orders()}>
      <FilterLinks
        label={m.orders_list_show()}
        links={FILTER_ORDER.map((status) => ({
          to: listHref({ status, q: query.q }),
          label: FILTER_LABELS[status](),
          current: status === query.status,
        }))}
      />

      <Form method="get" action="/dash/orders" className="mt-6 flex flex-wrap items-end gap-3">
        <TextField
          id="orders-q"
          name="q"
          label={m.orders_list_search_label()}
          type="search"
          defaultValue={query.q}
          maxLength={100}
          className="w-full max-w-sm"
          inputClassName={`${inputClass} border-stone-300`}
        />
        <button type="submit" className={secondaryButton}>
          {m.orders_search()}
        </button>
        {query.q && (
          <Link
            to={listHref({ status: query.status })}
            className={`${focusRing} inline-flex min-h-11 items-center font-medium text-leaf-800 underline underline-offset-2`}
          >
            {m.orders_clear_search()}
          </Link>
        )}
      </Form>

      <p className="mt-4 text-earth-700" aria-live="polite">
        {total === 0
          ? query.q
            ? query.status === 'all'
              ? m.orders_list_no_match({ q: query.q })
              : m.orders_list_no_match_in({ q: query.q, filter: FILTER_LABELS[query.status]().toLowerCase() })
            : query.status === 'to-ship'
              ? m.orders_list_none_to_ship()
              : m.orders_list_none_here()
          : orders.length === 0
            ? m.orders_list_page_empty({ page: query.page, pages })
            : m.orders_list_summary({ total, showing: total > orders.length ? m.orders_list_showing({ first, last }) : '' })}
      </p>

      {orders.length > 0 && (
        // One table for both sizes: from `md` up it is the table; below it each row stacks into a card whose cells
        // show their column's name (the header row stays for screen readers, visually hidden). The explicit roles
        // keep the table's semantics where a browser drops them for rows and cells no longer displayed as a table.
        <div className={`mt-3 ${tableScroll}`}>
          <table role="table" className="block w-full border-collapse text-left md:table md:min-w-[52rem]">
            <caption className="sr-only">{m.orders_list_caption()}</caption>
            <thead role="rowgroup" className="sr-only md:not-sr-only">
              <tr role="row" className="border-b border-stone-300 text-sm text-earth-700">
                {COLUMNS.map(([column, label]) => (
                  <th key={column} role="columnheader" scope="col" className={column === 'total' ? 'p-2 text-right' : 'p-2'}>
                    {label()}
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
                    <CellLabel>{m.orders_col_date()}</CellLabel>
                    <span className="md:whitespace-nowrap">
                      <Time value={order.createdAt} />
                    </span>
                  </td>
                  <td role="cell" className={stackedCell}>
                    <CellLabel>{m.orders_col_customer()}</CellLabel>
                    <span className="min-w-0">
                      {order.customer}
                      <span className="block text-sm wrap-anywhere text-earth-600 md:wrap-normal">{order.email}</span>
                    </span>
                  </td>
                  <td role="cell" className={stackedCell}>
                    <CellLabel>{m.orders_col_phone()}</CellLabel>
                    <span className="whitespace-nowrap">{order.phone}</span>
                  </td>
                  <td role="cell" className={stackedCell}>
                    <CellLabel>{m.orders_col_city()}</CellLabel>
                    <span className="min-w-0">{order.city}</span>
                  </td>
                  <td role="cell" className={`${stackedCell} md:text-right`}>
                    <CellLabel>{m.orders_col_total()}</CellLabel>
                    <span className="font-semibold whitespace-nowrap md:font-normal">{formatRupees(order.totalPaise)}</span>
                  </td>
                  <td role="cell" className={stackedCell}>
                    <CellLabel>{m.orders_col_status()}</CellLabel>
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
        <nav aria-label={m.orders_pages()} className="mt-6 flex flex-wrap items-center gap-3">
          {query.page > 1 && (
            <Link to={listHref({ ...query, page: Math.min(query.page - 1, pages) })} className={secondaryButton} rel="prev">
              {m.orders_newer()}
            </Link>
          )}
          <span className="text-earth-700">{m.orders_page_of({ page: query.page, pages })}</span>
          {query.page < pages && (
            <Link to={listHref({ ...query, page: query.page + 1 })} className={secondaryButton} rel="next">
              {m.orders_older()}
            </Link>
          )}
        </nav>
      )}
    </AdminPage>
  )
}
