import type { ReactNode } from 'react'
import { ORDER_STATUS_LABELS } from '~/features/orders/status-labels'
import { m } from '~/i18n/paraglide/messages.js'
import type { OrderForAdmin } from '~/features/orders/admin-orders.server'
import { creditNoteUrl, hasInvoice, invoiceUrl } from '~/features/invoices/invoice-links'
import { formatRupees } from '~/features/money/money'
import { streetLines } from '~/features/checkout/address-lines'
import { orderMoneyLines, refundedMoney } from '~/features/orders/order-money'
import { SelectField } from '../forms/fields'
import { inputClass, tableScroll, Time } from './admin-page'

// The admin's order page (routes/admin-order.tsx): its panels that show the order.

const providers = (): Record<string, string> => ({ razorpay: 'Razorpay', test: m.orders_provider_test() })

/** How the order is paid: a COD order is opened with the shop's provider but never pays through it (issue 39). */
function paymentRows(order: OrderForAdmin): [string, ReactNode][] {
  if (order.paymentMethod === 'cod')
    return [
      [m.orders_paid_by(), m.orders_cash_on_delivery()],
      [m.orders_cash_collected(), order.paidAt ? <Time key="t" value={order.paidAt} /> : m.orders_not_yet()],
    ]
  return [
    [m.orders_paid_by(), m.orders_paid_online_through({ provider: providers()[order.provider] ?? order.provider })],
    [m.orders_provider_order(), order.providerOrderId ?? '—'],
    [m.orders_payment_id(), order.paymentId ?? '—'],
  ]
}

const panelClass = 'rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm'

export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={panelClass}>
      <h2 id={id} className="font-serif text-xl font-semibold text-earth-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

export function Definitions({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-earth-900">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-earth-700">{term}</dt>
          <dd className="break-all">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

export function SpeedChoice({ id }: { id: string }) {
  return (
    <SelectField id={id} name="speed" label={m.orders_how_fast()} defaultValue="normal" inputClassName={inputClass}>
      <option value="normal">{m.orders_speed_normal_option()}</option>
      <option value="optimum">{m.orders_speed_optimum_option()}</option>
    </SelectField>
  )
}

export function ItemsPanel({ order }: { order: OrderForAdmin }) {
  return (
    <Panel id="lines-title" title={m.orders_items()}>
      <div className={`mt-3 ${tableScroll}`}>
        {/* Four columns and no minimum width, the size under the name: on a phone's 300 px every quantity and price
            shows (issue 39), where a fifth column pushed them out of the box. */}
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">{m.orders_items_in_order({ label: order.label })}</caption>
          <thead>
            <tr className="border-b border-stone-300 text-sm text-earth-700">
              <th scope="col" className="p-2">
                {m.orders_col_product()}
              </th>
              <th scope="col" className="p-2 text-right">
                {m.orders_col_qty()}
              </th>
              <th scope="col" className="p-2 text-right">
                {m.orders_col_unit_price()}
              </th>
              <th scope="col" className="p-2 text-right">
                {m.orders_col_line_total()}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={`${line.productId}-${line.size}`} className="border-b border-stone-200">
                <th scope="row" className="p-2 font-medium text-earth-900">
                  {line.name}
                  {line.size !== 'one' && <span className="block text-sm font-normal text-earth-700">{line.size}</span>}
                </th>
                <td className="p-2 text-right">{line.quantity}</td>
                <td className="p-2 text-right whitespace-nowrap">{formatRupees(line.unitPricePaise)}</td>
                <td className="p-2 text-right whitespace-nowrap">{formatRupees(line.unitPricePaise * line.quantity)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="text-earth-900" data-money-lines="">
            {orderMoneyLines(order, 'owner', refundedMoney(order.refunds)).map((line) => (
              <tr key={line.kind} data-money={line.kind} className={line.sum ? 'border-t border-stone-300 font-semibold' : undefined}>
                <th scope="row" colSpan={3} className={`p-2 text-right ${line.sum ? '' : 'font-normal'}`}>
                  {line.label}
                </th>
                <td className="p-2 text-right whitespace-nowrap" data-paise={line.amountPaise}>
                  {line.shown}
                </td>
              </tr>
            ))}
          </tfoot>
        </table>
      </div>
    </Panel>
  )
}

export function HistoryPanel({ order }: { order: OrderForAdmin }) {
  return (
    <Panel id="history-title" title={m.orders_history()}>
      <ol className="mt-3 grid gap-3">
        {order.history.map((event) => (
          <li key={event.id} className="border-l-4 border-leaf-200 pl-3">
            <p className="font-semibold text-earth-900">{ORDER_STATUS_LABELS[event.status]}</p>
            {event.note && <p className="text-earth-900">{event.note}</p>}
            <p className="text-sm text-earth-700">
              {event.actor ?? m.orders_actor_shop()} · <Time value={event.createdAt} />
            </p>
          </li>
        ))}
      </ol>
      {order.history.length === 0 && <p className="mt-3 text-earth-700">{m.orders_history_empty()}</p>}
    </Panel>
  )
}

export function CustomerPanel({ order }: { order: OrderForAdmin }) {
  const address = order.shippingAddress
  return (
    <Panel id="customer-title" title={m.orders_customer_and_delivery()}>
      <address className="mt-3 text-earth-900 not-italic">
        {address.fullName}
        <br />
        {streetLines(address).map((line) => (
          <span key={line}>
            {line}
            <br />
          </span>
        ))}
        {address.city}, {address.state} {address.postalCode}
      </address>
      <Definitions
        items={[
          [
            m.orders_email(),
            <a key="e" href={`mailto:${order.email}`} className="text-leaf-800 underline underline-offset-2">
              {order.email}
            </a>,
          ],
          [
            m.orders_phone(),
            <a key="p" href={`tel:${address.phoneNumber}`} className="text-leaf-800 underline underline-offset-2">
              {address.phoneNumber}
            </a>,
          ],
          ...(address.alternateNumber
            ? ([
                [
                  m.orders_alternate_phone(),
                  <a key="a" href={`tel:${address.alternateNumber}`} className="text-leaf-800 underline underline-offset-2">
                    {address.alternateNumber}
                  </a>,
                ],
              ] as [string, ReactNode][])
            : []),
        ]}
      />
    </Panel>
  )
}

export function PaymentPanel({ order }: { order: OrderForAdmin }) {
  return (
    <Panel id="payment-title" title={m.orders_payment()}>
      <Definitions
        items={[
          ...paymentRows(order),
          ...(hasInvoice(order.status, Boolean(order.invoiceNumber), order.paymentMethod)
            ? ([
                [
                  m.orders_invoice(),
                  <a key="i" href={invoiceUrl(order.id)} download className="text-leaf-800 underline underline-offset-2">
                    {order.invoiceNumber ? `${order.invoiceNumber} (PDF)` : m.orders_invoice_issue()}
                  </a>,
                ],
              ] as [string, ReactNode][])
            : []),
          ...(order.returnCreditNote
            ? ([
                [
                  m.orders_credit_note(),
                  <a
                    key="c"
                    href={creditNoteUrl(order.id, order.returnCreditNote.id)}
                    download
                    className="text-leaf-800 underline underline-offset-2"
                  >
                    {m.orders_credit_note_returned({ number: order.returnCreditNote.number })}
                  </a>,
                ],
              ] as [string, ReactNode][])
            : []),
        ]}
      />
    </Panel>
  )
}

/** The order's parcels (or, for an order shipped before shipments, its courier and tracking number). */
export function ShippingPanel({ order }: { order: Pick<OrderForAdmin, 'courier' | 'trackingNumber' | 'shipments' | 'promisedBy'> }) {
  if (order.shipments.length === 0)
    return (
      <Panel id="shipping-title" title={m.orders_shipping()}>
        <Definitions
          items={[
            [m.orders_courier(), order.courier ?? '—'],
            [m.orders_tracking_number(), order.trackingNumber ?? '—'],
            ...(order.promisedBy ? ([[m.orders_promised_by(), order.promisedBy]] as Array<[string, string]>) : []),
          ]}
        />
      </Panel>
    )
  return (
    <Panel id="shipping-title" title={m.orders_shipping()}>
      {order.promisedBy && <p className="text-earth-700">{m.orders_promised_to_customer({ date: order.promisedBy })}</p>}
      <ul className="grid gap-3">
        {order.shipments.map((parcel) => (
          <li key={parcel.id} className="rounded-lg border border-stone-200 p-3" data-testid="order-shipment">
            <p className="font-semibold text-earth-900">
              {parcel.reference}: {parcel.status}
            </p>
            <p className="text-sm text-earth-700">
              {parcel.sentBy} · {(parcel.weightGrams / 1000).toFixed(2)} kg, {parcel.boxName}
              {parcel.chargePaise !== null ? m.orders_parcel_charge({ amount: formatRupees(parcel.chargePaise) }) : ''}
            </p>
            {parcel.awb && (
              <p className="text-sm text-earth-900">
                {parcel.courier ?? m.orders_courier()}:{' '}
                {parcel.trackingUrl ? (
                  <a href={parcel.trackingUrl} className="underline underline-offset-2" rel="noopener noreferrer" target="_blank">
                    {parcel.awb}
                  </a>
                ) : (
                  parcel.awb
                )}
                {parcel.providerStatus ? m.orders_parcel_courier_says({ status: parcel.providerStatus }) : ''}
              </p>
            )}
            {parcel.expectedBy && <p className="text-sm text-earth-700">{m.orders_parcel_expected_by({ date: parcel.expectedBy })}</p>}
            {parcel.failureReason && (
              <p className="text-sm text-red-800">{m.orders_parcel_delivery_failed({ reason: parcel.failureReason })}</p>
            )}
          </li>
        ))}
      </ul>
    </Panel>
  )
}
