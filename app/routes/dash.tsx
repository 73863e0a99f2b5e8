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
import { intlTag } from '~/i18n/language'
import { m } from '~/i18n/paraglide/messages.js'
import { ownTextLang } from '~/features/catalogue/product'
import type { Route } from './+types/dash'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.admin_dashboard_title({ shop: shopSettingsOf(matches).shopName }) },
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

/** "12.5%": the RTO rate, a share from 0 to 1, with one decimal, in the page's language. */
const percent = (share: number) =>
  new Intl.NumberFormat(intlTag(), { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(share)

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { today, waiting, lowStock, openMessages, failedMails, stockMismatches, paymentAttention, cod, failedDeliveries, codWithCourier } =
    loaderData.glance
  const { lowStockUnits, codPeriodDays } = loaderData
  const days = codPeriodDays
  const outcomes = cod.collected.orders + cod.returned
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <p className="text-sm font-semibold tracking-widest text-leaf-700 uppercase">{m.admin_dashboard()}</p>
      <h1 className="mt-2 font-serif text-3xl font-semibold text-earth-900">{m.admin_welcome({ name: loaderData.name })}</h1>

      <DashboardAlerts stockMismatches={stockMismatches} paymentAttention={paymentAttention} />
      <GoLiveChecklist items={loaderData.goLive} />

      <section aria-labelledby="glance-title" className="mt-8">
        <h2 id="glance-title" className="sr-only">
          {m.admin_at_a_glance()}
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3">
          <div className={panelClass}>
            <dt className="text-sm font-medium text-earth-700">{m.admin_orders_paid_today()}</dt>
            <dd className="mt-1 text-3xl font-semibold text-earth-900" data-testid="orders-today">
              {today.orders}
            </dd>
          </div>
          <div className={panelClass}>
            <dt className="text-sm font-medium text-earth-700">{m.admin_revenue_today()}</dt>
            <dd className="mt-1 text-3xl font-semibold text-earth-900" data-testid="revenue-today">
              {formatRupees(today.netPaise)}
            </dd>
            <dd className="text-earth-700" data-testid="revenue-lines">
              {today.refunds > 0
                ? m.admin_revenue_lines_refunds({
                    paid: formatRupees(today.paidPaise),
                    refunded: formatRupees(today.refundedPaise),
                    count: today.refunds,
                  })
                : m.admin_revenue_lines({ paid: formatRupees(today.paidPaise), refunded: formatRupees(today.refundedPaise) })}
            </dd>
          </div>
          <div className={panelClass}>
            <dt className="text-sm font-medium text-earth-700">{m.admin_waiting_to_ship()}</dt>
            <dd className="mt-1 text-3xl font-semibold text-earth-900" data-testid="waiting-to-ship">
              {waiting.total}
            </dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="cod-title" className={`mt-8 ${panelClass}`}>
        <h2 id="cod-title" className="font-serif text-xl font-semibold text-earth-900">
          {m.admin_cod_title()}
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-5 sm:grid-cols-2 lg:grid-cols-3">
          <div>
            <dt className="text-sm font-medium text-earth-700">{m.admin_cod_to_collect()}</dt>
            <dd className="mt-1 text-3xl font-semibold text-earth-900" data-testid="cod-to-collect">
              {formatRupees(cod.toCollect.paise)}
            </dd>
            <dd className="text-earth-700">{m.admin_cod_with_couriers({ count: cod.toCollect.orders })}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-earth-700">{m.admin_cod_cash_with_courier()}</dt>
            <dd className="mt-1 text-3xl font-semibold text-earth-900" data-testid="cod-with-courier">
              {formatRupees(codWithCourier.owedPaise)}
            </dd>
            <dd className="text-earth-700">
              {codWithCourier.parcels === 0 ? (
                m.admin_cod_all_remitted()
              ) : (
                <Link to="/dash/shipping#cod-title" className={linkClass}>
                  {m.admin_cod_parcels_to_record({ count: codWithCourier.parcels })}
                </Link>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-earth-700">{m.admin_cod_awaiting_confirmation()}</dt>
            <dd className="mt-1 text-3xl font-semibold text-earth-900" data-testid="cod-awaiting-confirmation">
              {cod.awaitingConfirmation}
            </dd>
            <dd className="text-earth-700">
              {cod.awaitingConfirmation === 0 ? (
                m.admin_cod_none_to_confirm()
              ) : (
                <Link to="/dash/orders?status=awaiting_confirmation" className={linkClass}>
                  {m.admin_cod_orders_to_confirm({ count: cod.awaitingConfirmation })}
                </Link>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-earth-700">{m.admin_cod_collected({ days })}</dt>
            <dd className="mt-1 text-3xl font-semibold text-earth-900" data-testid="cod-collected">
              {formatRupees(cod.collected.paise)}
            </dd>
            <dd className="text-earth-700">{m.admin_cod_collected_orders({ count: cod.collected.orders })}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-earth-700">{m.admin_cod_returned({ days })}</dt>
            <dd className="mt-1 text-3xl font-semibold text-earth-900" data-testid="cod-returned">
              {cod.returned}
            </dd>
            <dd className="text-earth-700">
              <Link to="/dash/orders?status=returned_to_origin" className={linkClass}>
                {m.admin_cod_every_returned()}
              </Link>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-earth-700">{m.admin_cod_rto_rate({ days })}</dt>
            <dd className="mt-1 text-3xl font-semibold text-earth-900" data-testid="cod-rto-rate">
              {cod.rtoRate === null ? (
                <>
                  <span aria-hidden="true">–</span>
                  <span className="sr-only">{m.admin_cod_no_rate()}</span>
                </>
              ) : (
                percent(cod.rtoRate)
              )}
            </dd>
            <dd className="text-earth-700">
              {outcomes === 0 ? m.admin_cod_no_outcomes({ days }) : m.admin_cod_came_back({ returned: cod.returned, count: outcomes })}
            </dd>
          </div>
        </dl>
      </section>

      <nav aria-label={m.admin_nav_label()} className="mt-8">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Tile to="/Admin" title={m.admin_tile_add_product()}>
            {m.admin_tile_add_product_text()}
          </Tile>
          <Tile to="/Delete" title={m.admin_tile_products()}>
            {m.admin_tile_products_text()}
          </Tile>
          <Tile
            to="/dash/orders"
            title={m.admin_tile_orders()}
            count={waiting.total > 0 ? m.admin_tile_orders_count({ count: waiting.total }) : undefined}
          >
            {m.admin_tile_orders_text()}
          </Tile>
          <Tile
            to="/dash/shipping"
            title={m.admin_tile_shipping()}
            count={failedDeliveries.length > 0 ? m.admin_tile_failed_count({ count: failedDeliveries.length }) : undefined}
          >
            {m.admin_tile_shipping_text()}
          </Tile>
          <Tile
            to="/dash/messages"
            title={m.admin_tile_messages()}
            count={openMessages > 0 ? m.admin_tile_messages_count({ count: openMessages }) : undefined}
          >
            {m.admin_tile_messages_text()}
          </Tile>
          <Tile
            to="/dash/outbox"
            title={m.admin_tile_outbox()}
            count={failedMails > 0 ? m.admin_tile_failed_count({ count: failedMails }) : undefined}
          >
            {m.admin_tile_outbox_text()}
          </Tile>
          <Tile to="/dash/coupons" title={m.admin_tile_coupons()}>
            {m.admin_tile_coupons_text()}
          </Tile>
          <Tile to="/dash/reviews" title={m.admin_tile_reviews()}>
            {m.admin_tile_reviews_text()}
          </Tile>
          <Tile to="/dash/users" title={m.admin_tile_users()}>
            {m.admin_tile_users_text()}
          </Tile>
          <Tile to="/dash/shop" title={m.admin_tile_shop()}>
            {m.admin_tile_shop_text()}
          </Tile>
          <Tile to="/dash/settings" title={m.admin_tile_settings()}>
            {m.admin_tile_settings_text()}
          </Tile>
          <Tile to="/dash/policies" title={m.admin_tile_policies()}>
            {m.admin_tile_policies_text()}
          </Tile>
        </ul>
      </nav>

      {failedDeliveries.length > 0 && (
        <section aria-labelledby="failed-title" className={`mt-8 ${panelClass} border-red-200`}>
          <h2 id="failed-title" className="font-serif text-xl font-semibold text-earth-900">
            {m.admin_failed_deliveries()}
          </h2>
          <p className="mt-1 text-earth-700">{m.admin_failed_deliveries_text()}</p>
          <FailedDeliveries rows={failedDeliveries} />
        </section>
      )}

      <div className="mt-10 grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <section aria-labelledby="waiting-title" className={panelClass}>
          <h2 id="waiting-title" className="font-serif text-xl font-semibold text-earth-900">
            {m.admin_waiting_title()}
          </h2>
          {waiting.total === 0 ? (
            <p className="mt-3 text-earth-700">{m.admin_waiting_none()}</p>
          ) : (
            <>
              <p className="mt-1 text-sm text-earth-700">{m.admin_waiting_oldest_first()}</p>
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
                    {m.admin_waiting_all({ count: waiting.total })}
                  </Link>
                </p>
              )}
            </>
          )}
        </section>

        <section aria-labelledby="stock-title" className={panelClass}>
          <h2 id="stock-title" className="font-serif text-xl font-semibold text-earth-900">
            {m.admin_low_stock_title()}
          </h2>
          {lowStock.total === 0 ? (
            <p className="mt-3 text-earth-700">{m.admin_low_stock_none({ units: lowStockUnits })}</p>
          ) : (
            <>
              <p className="mt-1 text-sm text-earth-700">{m.admin_low_stock_summary({ units: lowStockUnits, count: lowStock.total })}</p>
              <ul className="mt-3 divide-y divide-stone-200">
                {lowStock.offers.map((offer) => (
                  <li key={`${offer.productId}-${offer.size}`} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <Link to={`/Delete?q=${encodeURIComponent(offer.name)}`} className={linkClass}>
                      {/* The owner's English name (the admin reads the English); marked as such on a Tamil page. */}
                      <span lang={ownTextLang('en')}>{offer.name}</span>
                      {offer.size !== 'one' ? ` (${offer.size})` : ''}
                    </Link>
                    {offer.stock === 0 ? (
                      <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-sm font-semibold text-red-900">
                        {m.admin_out_of_stock()}
                      </span>
                    ) : (
                      <span className="text-earth-900">{m.admin_units({ count: offer.stock })}</span>
                    )}
                  </li>
                ))}
              </ul>
              {lowStock.total > lowStock.offers.length && (
                <p className="mt-3 text-sm text-earth-700">
                  {m.admin_low_stock_more({ count: lowStock.total - lowStock.offers.length })}{' '}
                  <Link to="/Delete" className={linkClass}>
                    {m.admin_low_stock_more_link()}
                  </Link>
                  {m.admin_low_stock_more_after()}
                </p>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  )
}
