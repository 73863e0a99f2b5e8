import { Link } from 'react-router'
import { OrderStatusPill } from '~/components/orders/order-status-pill'
import { DashboardAlerts } from '~/components/admin/dashboard-alerts'
import { GoLiveChecklist } from '~/components/admin/go-live-checklist'
import { FailedDeliveries } from '~/components/shipping/failed-deliveries'
import { goLiveChecklist } from '~/features/admin/go-live.server'
import { focusRing } from '~/components/catalogue/styles'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { COD_PERIOD_DAYS, LOW_STOCK_UNITS, loadDashboard } from '~/features/admin/dashboard.server'
import { formatRupees } from '~/features/money/money'
import type { Route } from './+types/dash'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Dashboard · ${shopSettingsOf(matches).shopName}` },
  { name: 'robots', content: 'noindex' },
]

/** The admin dashboard (spec: /dash, admins only; everyone else goes to /). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context)
  // The threshold travels with the data: dashboard.server.ts is server-only.
  const [glance, goLive] = await Promise.all([loadDashboard(context.shop.db), goLiveChecklist(context.shop.db, context.shop.config)])
  return {
    name: admin.displayName,
    glance,
    goLive,
    lowStockUnits: LOW_STOCK_UNITS,
    codPeriodDays: COD_PERIOD_DAYS,
  }
}

const tileClass =
  'block h-full rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm hover:border-leaf-200 hover:bg-leaf-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-turmeric-700'

const linkClass = `font-medium text-leaf-800 underline underline-offset-2 ${focusRing}`

function Tile({ to, title, count, children }: { to: string; title: string; count?: string; children: string }) {
  return (
    <li>
      <Link to={to} className={tileClass}>
        <span className="flex flex-wrap items-center gap-2 text-lg font-semibold text-leaf-800">
          {title}
          {count && <span className="rounded-full bg-turmeric-100 px-2.5 py-0.5 text-sm font-semibold text-earth-900">{count}</span>}
        </span>
        <span className="mt-1 block text-earth-700">{children}</span>
      </Link>
    </li>
  )
}

const panelClass = 'rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm'

/** "12.5%": the RTO rate, a share from 0 to 1, with one decimal. */
const percentFormat = new Intl.NumberFormat('en-IN', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })

const ordersWord = (n: number) => (n === 1 ? '1 order' : `${n} orders`)
const parcelsWord = (n: number) => (n === 1 ? '1 parcel' : `${n} parcels`)

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { today, waiting, lowStock, openMessages, failedMails, stockMismatches, paymentAttention, cod, failedDeliveries, codWithCourier } =
    loaderData.glance
  const { lowStockUnits, codPeriodDays } = loaderData
  const period = `in the last ${codPeriodDays} days`
  const outcomes = cod.collected.orders + cod.returned
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <p className="text-sm font-semibold tracking-widest text-leaf-700 uppercase">Dashboard</p>
      <h1 className="mt-2 font-serif text-3xl font-semibold text-earth-900">Welcome, {loaderData.name}</h1>

      <DashboardAlerts stockMismatches={stockMismatches} paymentAttention={paymentAttention} />
      <GoLiveChecklist items={loaderData.goLive} />

      <section aria-labelledby="glance-title" className="mt-8">
        <h2 id="glance-title" className="sr-only">
          At a glance
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3">
          <div className={panelClass}>
            <dt className="text-sm font-medium text-earth-700">Orders paid today</dt>
            <dd className="mt-1 text-3xl font-semibold text-earth-900" data-testid="orders-today">
              {today.orders}
            </dd>
          </div>
          <div className={panelClass}>
            <dt className="text-sm font-medium text-earth-700">Revenue today, after refunds</dt>
            <dd className="mt-1 text-3xl font-semibold text-earth-900" data-testid="revenue-today">
              {formatRupees(today.netPaise)}
            </dd>
            <dd className="text-earth-700" data-testid="revenue-lines">
              {formatRupees(today.paidPaise)} paid, {formatRupees(today.refundedPaise)} refunded
              {today.refunds > 0 ? ` (${today.refunds === 1 ? '1 refund' : `${today.refunds} refunds`})` : ''}
            </dd>
          </div>
          <div className={panelClass}>
            <dt className="text-sm font-medium text-earth-700">Waiting to ship</dt>
            <dd className="mt-1 text-3xl font-semibold text-earth-900" data-testid="waiting-to-ship">
              {waiting.total}
            </dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="cod-title" className={`mt-8 ${panelClass}`}>
        <h2 id="cod-title" className="font-serif text-xl font-semibold text-earth-900">
          Cash on delivery
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-5 sm:grid-cols-2 lg:grid-cols-3">
          <div>
            <dt className="text-sm font-medium text-earth-700">To collect (shipped, not yet delivered)</dt>
            <dd className="mt-1 text-3xl font-semibold text-earth-900" data-testid="cod-to-collect">
              {formatRupees(cod.toCollect.paise)}
            </dd>
            <dd className="text-earth-700">{ordersWord(cod.toCollect.orders)} with the couriers</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-earth-700">Delivered, cash still with the courier</dt>
            <dd className="mt-1 text-3xl font-semibold text-earth-900" data-testid="cod-with-courier">
              {formatRupees(codWithCourier.owedPaise)}
            </dd>
            <dd className="text-earth-700">
              {codWithCourier.parcels === 0 ? (
                'Every delivered parcel’s cash is paid to you.'
              ) : (
                <Link to="/dash/shipping#cod-title" className={linkClass}>
                  {parcelsWord(codWithCourier.parcels)} to record when the courier pays
                </Link>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-earth-700">Waiting for confirmation</dt>
            <dd className="mt-1 text-3xl font-semibold text-earth-900" data-testid="cod-awaiting-confirmation">
              {cod.awaitingConfirmation}
            </dd>
            <dd className="text-earth-700">
              {cod.awaitingConfirmation === 0 ? (
                'No order to confirm.'
              ) : (
                <Link to="/dash/orders?status=awaiting_confirmation" className={linkClass}>
                  {cod.awaitingConfirmation === 1 ? 'The order to confirm' : `The ${cod.awaitingConfirmation} orders to confirm`}
                </Link>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-earth-700">Collected {period}</dt>
            <dd className="mt-1 text-3xl font-semibold text-earth-900" data-testid="cod-collected">
              {formatRupees(cod.collected.paise)}
            </dd>
            <dd className="text-earth-700">{ordersWord(cod.collected.orders)} delivered and paid in cash</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-earth-700">Returned to origin (refused or not collected) {period}</dt>
            <dd className="mt-1 text-3xl font-semibold text-earth-900" data-testid="cod-returned">
              {cod.returned}
            </dd>
            <dd className="text-earth-700">
              <Link to="/dash/orders?status=returned_to_origin" className={linkClass}>
                Every returned parcel
              </Link>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-earth-700">RTO rate {period}</dt>
            <dd className="mt-1 text-3xl font-semibold text-earth-900" data-testid="cod-rto-rate">
              {cod.rtoRate === null ? (
                <>
                  <span aria-hidden="true">–</span>
                  <span className="sr-only">No rate yet</span>
                </>
              ) : (
                percentFormat.format(cod.rtoRate)
              )}
            </dd>
            <dd className="text-earth-700">
              {outcomes === 0
                ? `No parcel delivered or returned ${period}.`
                : `${cod.returned} of ${parcelsWord(outcomes)} delivered or returned came back.`}
            </dd>
          </div>
        </dl>
      </section>

      <nav aria-label="Admin" className="mt-8">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Tile to="/Admin" title="Add Product">
            A new product with its prices, stock and pictures.
          </Tile>
          <Tile to="/Delete" title="Products">
            Every product: search, edit, change stock or delete.
          </Tile>
          <Tile to="/dash/orders" title="Orders" count={waiting.total > 0 ? `${waiting.total} to ship` : undefined}>
            Find an order; pack, ship, deliver or cancel it.
          </Tile>
          <Tile
            to="/dash/shipping"
            title="Shipping desk"
            count={failedDeliveries.length > 0 ? `${failedDeliveries.length} failed` : undefined}
          >
            Book couriers, print labels, answer failed deliveries.
          </Tile>
          <Tile to="/dash/messages" title="Messages" count={openMessages > 0 ? `${openMessages} open` : undefined}>
            What visitors wrote through the contact form.
          </Tile>
          <Tile to="/dash/outbox" title="Outbox" count={failedMails > 0 ? `${failedMails} failed` : undefined}>
            Every mail the shop sends: waiting, sent and failed.
          </Tile>
          <Tile to="/dash/coupons" title="Coupon codes">
            Codes customers type at checkout: make one, see its uses, switch it off.
          </Tile>
          <Tile to="/dash/reviews" title="Reviews">
            What customers wrote about products: hide or show a review.
          </Tile>
          <Tile to="/dash/users" title="Users">
            The accounts: find one, make an admin or a customer.
          </Tile>
          <Tile to="/dash/shop" title="Shop details">
            Name, phone, WhatsApp, e-mail, addresses, the grievance officer and the home page.
          </Tile>
          <Tile to="/dash/settings" title="Tax, delivery and payments">
            The GSTIN on invoices, the delivery charge, cash on delivery, the discount for paying online, the reservation limits.
          </Tile>
          <Tile to="/dash/policies" title="Policy pages">
            Privacy, terms, shipping, returns and the grievance officer.
          </Tile>
        </ul>
      </nav>

      {failedDeliveries.length > 0 && (
        <section aria-labelledby="failed-title" className={`mt-8 ${panelClass} border-red-200`}>
          <h2 id="failed-title" className="font-serif text-xl font-semibold text-earth-900">
            Failed deliveries
          </h2>
          <p className="mt-1 text-earth-700">The courier could not deliver these. Answer soon: a parcel left waiting comes back to you.</p>
          <FailedDeliveries rows={failedDeliveries} />
        </section>
      )}

      <div className="mt-10 grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <section aria-labelledby="waiting-title" className={panelClass}>
          <h2 id="waiting-title" className="font-serif text-xl font-semibold text-earth-900">
            Orders waiting to ship
          </h2>
          {waiting.total === 0 ? (
            <p className="mt-3 text-earth-700">Nothing to ship: every paid order is on its way.</p>
          ) : (
            <>
              <p className="mt-1 text-sm text-earth-700">Oldest first, the order to pack them in.</p>
              <ul className="mt-3 divide-y divide-stone-200">
                {waiting.orders.map((order) => (
                  <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <Link to={`/dash/orders/${order.id}`} className={linkClass}>
                      {order.label}
                    </Link>
                    <span className="flex items-center gap-3">
                      <span className="text-earth-900">{formatRupees(order.totalPaise)}</span>
                      <OrderStatusPill status={order.status} />
                    </span>
                  </li>
                ))}
              </ul>
              {waiting.total > waiting.orders.length && (
                <p className="mt-3">
                  <Link to="/dash/orders" className={linkClass}>
                    All {waiting.total} orders to ship
                  </Link>
                </p>
              )}
            </>
          )}
        </section>

        <section aria-labelledby="stock-title" className={panelClass}>
          <h2 id="stock-title" className="font-serif text-xl font-semibold text-earth-900">
            Low on stock
          </h2>
          {lowStock.total === 0 ? (
            <p className="mt-3 text-earth-700">Every product has more than {lowStockUnits} units left.</p>
          ) : (
            <>
              <p className="mt-1 text-sm text-earth-700">
                {lowStockUnits} units or fewer; {lowStock.total === 1 ? '1 pack size' : `${lowStock.total} pack sizes`} in all.
              </p>
              <ul className="mt-3 divide-y divide-stone-200">
                {lowStock.offers.map((offer) => (
                  <li key={`${offer.productId}-${offer.size}`} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <Link to={`/Delete?q=${encodeURIComponent(offer.name)}`} className={linkClass}>
                      {offer.name}
                      {offer.size !== 'one' ? ` (${offer.size})` : ''}
                    </Link>
                    {offer.stock === 0 ? (
                      <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-sm font-semibold text-red-900">Out of stock</span>
                    ) : (
                      <span className="text-earth-900">{offer.stock === 1 ? '1 unit' : `${offer.stock} units`}</span>
                    )}
                  </li>
                ))}
              </ul>
              {lowStock.total > lowStock.offers.length && (
                <p className="mt-3 text-sm text-earth-700">
                  And {lowStock.total - lowStock.offers.length} more: see the{' '}
                  <Link to="/Delete" className={linkClass}>
                    product manager
                  </Link>
                  .
                </p>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  )
}
