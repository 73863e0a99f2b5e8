import { Time } from '~/components/admin/admin-page'
import { orderStatusWords } from '~/features/tracking/order-status-words'
import { OrderStatusPill } from '../orders/order-status-pill'
import { creditNoteUrl, invoiceUrl } from '~/features/invoices/invoice-links'
import { formatRupees } from '~/features/money/money'
import type { TrackedOrder } from '~/features/tracking/tracking.server'
import { orderMoneyLines } from '~/features/orders/order-money'
import { MoneyLines } from '../orders/money-lines'
import { shortDayLabel } from '~/features/shipping/day-label'
import { m } from '~/i18n/paraglide/messages.js'

const panelClass = 'rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm sm:p-8'
const linkClass = 'font-medium text-leaf-800 underline underline-offset-2'

/** The refunds as the customer is told of them below: a failed transfer is the shop's to retry, so still on its way. */
function trackedRefunds(order: TrackedOrder) {
  const sum = (refunded: boolean) =>
    order.refunds.filter((r) => (r.state === 'refunded') === refunded).reduce((paise, r) => paise + r.amountPaise, 0)
  return { refundedPaise: sum(true), refundingPaise: sum(false) }
}

/** An order as its customer follows it on /track: status, history, shipment, what is in it. */
export function TrackedOrderView({ order }: { order: TrackedOrder }) {
  const shipped = order.courier && (order.status === 'shipped' || order.status === 'delivered')
  return (
    <section aria-labelledby="tracked-title" className={panelClass}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="tracked-title" className="font-serif text-2xl font-semibold text-earth-900">
          {m.tracking_order_heading({ label: order.label })}
        </h2>
        <p>
          <span className="sr-only">{m.tracking_status_sr()}</span>
          <OrderStatusPill status={order.status} look="tracked" testId="tracked-status" />
        </p>
      </div>
      <p className="mt-1 text-earth-700">
        {m.tracking_placed_before()}
        <Time value={order.placedAt} dateOnly />
        {m.tracking_placed_after({ place: order.deliverTo })}
      </p>

      {shipped && order.parcels.length === 0 && (
        <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-leaf-50 p-4 text-earth-900">
          <dt className="text-earth-700">{m.tracking_courier()}</dt>
          <dd className="font-semibold">{order.courier}</dd>
          <dt className="text-earth-700">{m.tracking_tracking_number()}</dt>
          <dd className="font-semibold break-all">{order.trackingNumber}</dd>
        </dl>
      )}
      {order.parcels.length === 0 && order.promisedBy && !shipped && order.status !== 'cancelled' && order.status !== 'expired' && (
        <p className="mt-3 text-earth-900">{m.tracking_expected_by_day({ day: shortDayLabel(order.promisedBy) })}</p>
      )}
      {order.parcels.map((parcel, i) => (
        <TrackedParcel
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's parcels only grow at the end
          key={i}
          parcel={parcel}
          title={order.parcels.length > 1 ? m.tracking_parcel_n_of({ n: i + 1, count: order.parcels.length }) : m.tracking_your_parcel()}
          promisedBy={order.promisedBy}
        />
      ))}

      <h3 className="mt-6 text-lg font-semibold text-earth-900">{m.tracking_history()}</h3>
      <ol className="mt-2 grid gap-2" aria-label={m.tracking_history_label()}>
        {order.history.map((event, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at its end
          <li key={i} className="border-l-4 border-leaf-200 pl-3">
            <p className="font-semibold text-earth-900">{orderStatusWords(event.status)}</p>
            <p className="text-sm text-earth-700">
              <Time value={event.at} />
            </p>
          </li>
        ))}
      </ol>

      <h3 className="mt-6 text-lg font-semibold text-earth-900">{m.tracking_items()}</h3>
      <ul className="mt-2 divide-y divide-stone-200">
        {order.lines.map((line) => (
          <li key={`${line.name}-${line.size}`} className="flex justify-between gap-4 py-2">
            <span>
              {line.quantity} × {line.name}
              {line.size !== 'one' ? ` (${line.size})` : ''}
            </span>
            <span className="whitespace-nowrap">{formatRupees(line.totalPaise)}</span>
          </li>
        ))}
      </ul>
      <MoneyLines
        lines={orderMoneyLines(order, 'customer', trackedRefunds(order))}
        className="mt-2 border-t border-stone-300 pt-2 text-earth-900"
      />

      {order.refunds.length > 0 && (
        <div className="mt-5" data-testid="tracked-refunds">
          <h3 className="font-semibold text-earth-900">{m.tracking_refunds()}</h3>
          <ul className="mt-1 grid gap-1 text-earth-900">
            {order.refunds.map((refund) => (
              <li key={refund.id}>
                {formatRupees(refund.amountPaise)}:{' '}
                {refund.method === 'upi'
                  ? m.tracking_refunded_upi()
                  : refund.method === 'bank_transfer'
                    ? m.tracking_refunded_bank()
                    : refund.state === 'refunded'
                      ? m.tracking_refunded_same_way()
                      : m.tracking_refund_on_its_way()}
                {refund.creditNoteNumber && (
                  <>
                    {' · '}
                    <a href={creditNoteUrl(order.id, refund.id)} download className={linkClass}>
                      {m.tracking_credit_note({ number: refund.creditNoteNumber })}
                    </a>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}

      {order.hasInvoice && (
        <p className="mt-5">
          <a href={invoiceUrl(order.id)} download className={linkClass}>
            {m.tracking_download_invoice()}
          </a>
        </p>
      )}
    </section>
  )
}

/** One parcel as the courier reports it: where it is, when it should arrive, the courier's scans and tracking page. */
function TrackedParcel({
  parcel,
  title,
  promisedBy,
}: {
  parcel: TrackedOrder['parcels'][number]
  title: string
  promisedBy: string | null
}) {
  const expected = parcel.expectedBy ?? promisedBy
  return (
    <section className="mt-5 rounded-xl bg-leaf-50 p-4 text-earth-900" data-testid="tracked-parcel">
      <h3 className="font-semibold">{title}</h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-earth-700">{m.tracking_now()}</dt>
        <dd className="font-semibold" data-testid="parcel-status">
          {parcel.status}
        </dd>
        {!parcel.delivered && expected && (
          <>
            <dt className="text-earth-700">{m.tracking_expected_by()}</dt>
            <dd className="font-semibold">{shortDayLabel(expected)}</dd>
          </>
        )}
        {parcel.courier && (
          <>
            <dt className="text-earth-700">{m.tracking_courier()}</dt>
            <dd className="font-semibold">{parcel.courier}</dd>
          </>
        )}
        {parcel.awb && (
          <>
            <dt className="text-earth-700">{m.tracking_tracking_number()}</dt>
            <dd className="font-semibold break-all">
              {parcel.trackingUrl ? (
                <a href={parcel.trackingUrl} className={linkClass} rel="noopener noreferrer" target="_blank">
                  {parcel.awb}
                  <span className="sr-only">{m.tracking_opens_courier_page()}</span>
                </a>
              ) : (
                parcel.awb
              )}
            </dd>
          </>
        )}
      </dl>
      {parcel.scans.length > 0 && (
        <>
          <h4 className="mt-3 font-semibold">{m.tracking_courier_scans()}</h4>
          <ol className="mt-1 grid gap-1 text-sm" data-testid="parcel-scans">
            {parcel.scans.map((scan) => (
              <li key={`${scan.at}-${scan.activity}`}>
                <Time value={scan.at} /> · {scan.activity}
                {scan.place ? `, ${scan.place}` : ''}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  )
}
