import type { ReactNode } from 'react'
import { ORDER_STATUS_LABELS } from '~/features/orders/status-labels'
import type { OrderForAdmin } from '~/features/orders/admin-orders.server'
import { creditNoteUrl, hasInvoice, invoiceUrl } from '~/features/invoices/invoice-links'
import { formatRupees } from '~/features/money/money'
import { streetLines } from '~/features/checkout/address-lines'
import { orderMoneyLines, refundedMoney } from '~/features/orders/order-money'
import { SelectField } from '../forms/fields'
import { inputClass, tableScroll, Time } from './admin-page'

// The admin's order page (routes/admin-order.tsx): its panels that show the order.

const PROVIDERS: Record<string, string> = { razorpay: 'Razorpay', test: 'Test payments (no money moves)' }

/** How the order is paid: a COD order is opened with the shop's provider but never pays through it (issue 39). */
function paymentRows(order: OrderForAdmin): [string, ReactNode][] {
  if (order.paymentMethod === 'cod')
    return [
      ['Paid by', 'Cash on delivery'],
      ['Cash collected', order.paidAt ? <Time key="t" value={order.paidAt} /> : 'Not yet'],
    ]
  return [
    ['Paid by', `Online, through ${PROVIDERS[order.provider] ?? order.provider}`],
    ['Provider order', order.providerOrderId ?? '—'],
    ['Payment id', order.paymentId ?? '—'],
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
    <SelectField id={id} name="speed" label="How fast" defaultValue="normal" inputClassName={inputClass}>
      <option value="normal">Normal: 5–7 working days</option>
      <option value="optimum">Instant where the bank allows (Razorpay charges a fee)</option>
    </SelectField>
  )
}

export function ItemsPanel({ order }: { order: OrderForAdmin }) {
  return (
    <Panel id="lines-title" title="Items">
      <div className={`mt-3 ${tableScroll}`}>
        {/* Four columns and no minimum width, the size under the name: on a phone's 300 px every quantity and price
            shows (issue 39), where a fifth column pushed them out of the box. */}
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">Items in order {order.label}</caption>
          <thead>
            <tr className="border-b border-stone-300 text-sm text-earth-700">
              <th scope="col" className="p-2">
                Product
              </th>
              <th scope="col" className="p-2 text-right">
                Qty
              </th>
              <th scope="col" className="p-2 text-right">
                Unit price
              </th>
              <th scope="col" className="p-2 text-right">
                Line total
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
    <Panel id="history-title" title="History">
      <ol className="mt-3 grid gap-3">
        {order.history.map((event) => (
          <li key={event.id} className="border-l-4 border-leaf-200 pl-3">
            <p className="font-semibold text-earth-900">{ORDER_STATUS_LABELS[event.status]}</p>
            {event.note && <p className="text-earth-900">{event.note}</p>}
            <p className="text-sm text-earth-700">
              {event.actor ?? 'Shop'} · <Time value={event.createdAt} />
            </p>
          </li>
        ))}
      </ol>
      {order.history.length === 0 && <p className="mt-3 text-earth-700">No changes recorded yet.</p>}
    </Panel>
  )
}

export function CustomerPanel({ order }: { order: OrderForAdmin }) {
  const address = order.shippingAddress
  return (
    <Panel id="customer-title" title="Customer and delivery">
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
            'E-mail',
            <a key="e" href={`mailto:${order.email}`} className="text-leaf-800 underline underline-offset-2">
              {order.email}
            </a>,
          ],
          [
            'Phone',
            <a key="p" href={`tel:${address.phoneNumber}`} className="text-leaf-800 underline underline-offset-2">
              {address.phoneNumber}
            </a>,
          ],
          ...(address.alternateNumber
            ? ([
                [
                  'Alternate',
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
    <Panel id="payment-title" title="Payment">
      <Definitions
        items={[
          ...paymentRows(order),
          ...(hasInvoice(order.status, Boolean(order.invoiceNumber), order.paymentMethod)
            ? ([
                [
                  'Invoice',
                  <a key="i" href={invoiceUrl(order.id)} download className="text-leaf-800 underline underline-offset-2">
                    {order.invoiceNumber ? `${order.invoiceNumber} (PDF)` : 'Issue and download (PDF)'}
                  </a>,
                ],
              ] as [string, ReactNode][])
            : []),
          ...(order.returnCreditNote
            ? ([
                [
                  'Credit note',
                  <a
                    key="c"
                    href={creditNoteUrl(order.id, order.returnCreditNote.id)}
                    download
                    className="text-leaf-800 underline underline-offset-2"
                  >
                    {`${order.returnCreditNote.number} (PDF), cancelling the invoice: returned to origin`}
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
      <Panel id="shipping-title" title="Shipping">
        <Definitions
          items={[
            ['Courier', order.courier ?? '—'],
            ['Tracking number', order.trackingNumber ?? '—'],
            ...(order.promisedBy ? ([['Promised by', order.promisedBy]] as Array<[string, string]>) : []),
          ]}
        />
      </Panel>
    )
  return (
    <Panel id="shipping-title" title="Shipping">
      {order.promisedBy && <p className="text-earth-700">Promised to the customer by {order.promisedBy}.</p>}
      <ul className="grid gap-3">
        {order.shipments.map((parcel) => (
          <li key={parcel.id} className="rounded-lg border border-stone-200 p-3" data-testid="order-shipment">
            <p className="font-semibold text-earth-900">
              {parcel.reference}: {parcel.status}
            </p>
            <p className="text-sm text-earth-700">
              {parcel.sentBy} · {(parcel.weightGrams / 1000).toFixed(2)} kg, {parcel.boxName}
              {parcel.chargePaise !== null ? ` · charge ${formatRupees(parcel.chargePaise)}` : ''}
            </p>
            {parcel.awb && (
              <p className="text-sm text-earth-900">
                {parcel.courier ?? 'Courier'}:{' '}
                {parcel.trackingUrl ? (
                  <a href={parcel.trackingUrl} className="underline underline-offset-2" rel="noopener noreferrer" target="_blank">
                    {parcel.awb}
                  </a>
                ) : (
                  parcel.awb
                )}
                {parcel.providerStatus ? ` · courier says “${parcel.providerStatus}”` : ''}
              </p>
            )}
            {parcel.expectedBy && <p className="text-sm text-earth-700">Expected by {parcel.expectedBy}</p>}
            {parcel.failureReason && <p className="text-sm text-red-800">Delivery failed: {parcel.failureReason}</p>}
          </li>
        ))}
      </ul>
    </Panel>
  )
}
