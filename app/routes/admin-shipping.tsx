import { data, Form, Link, useNavigation } from 'react-router'
import { ActionOutcome, AdminPage, inputClass, smallButton, tableScroll, Time } from '~/components/admin/admin-page'
import { focusRing, primaryButton, secondaryButton } from '~/components/catalogue/styles'
import { TextField } from '~/components/forms/fields'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import { FormTokenField } from '~/components/forms/form-token-field'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { FailedDeliveries } from '~/components/shipping/failed-deliveries'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { indiaDayOf } from '~/features/dates/india-time'
import { formatRupees } from '~/features/money/money'
import { getShopSettings } from '~/features/settings/shop-settings.server'
import { loadShippingDesk } from '~/features/shipping/desk.server'
import { FORM_TOO_LARGE, formTooLarge, readSmallForm } from '~/http/forms.server'
import type { Route } from './+types/admin-shipping'
import type { DeskResult } from './admin-shipping.server'
import { bookOrders, cancel, failedDelivery, handOver, pickup, remittance } from './admin-shipping.server'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Shipping desk · ${shopSettingsOf(matches).shopName}` },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context)
  const settings = await getShopSettings(context.shop.db)
  // A download the desk could not make comes back here with its reason (admin-shipping-papers.ts).
  const refused = new URL(request.url).searchParams.get('refused')?.slice(0, 300) || null
  return { ...(await loadShippingDesk(context.shop.db, context.shop.shipping, settings, indiaDayOf(new Date()))), refused }
}

/** The desk's forms, by their intent; labels and the manifest answer a PDF to save. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context)
  // A desk form ticks up to a few hundred parcels: more than a small form, still bounded.
  const fields = await readSmallForm(request, 64 * 1024)
  if (!fields) return formTooLarge<DeskResult>({ ok: false, error: FORM_TOO_LARGE })
  const desk = { context, fields, actor: admin.email }
  const intent = fields.cancel ? 'cancel' : fields.intent
  switch (intent) {
    case 'book':
      return bookOrders(desk)
    case 'pickup':
      return pickup(desk)
    case 'cancel':
      return cancel(desk)
    case 'hand-over':
      return handOver(desk)
    case 'failed-delivery':
      return failedDelivery(desk)
    case 'remittance':
      return remittance(desk)
    default:
      return data<DeskResult>({ ok: false, error: 'Choose what to do with the parcels.' }, { status: 400 })
  }
}

const kilos = (grams: number) => `${(grams / 1000).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} kg`
const sectionClass = 'mt-10'
const h2Class = 'font-serif text-2xl font-semibold text-earth-900'
const cell = 'border-b border-stone-200 p-2 align-top'

export default function ShippingDesk({ loaderData, actionData }: Route.ComponentProps) {
  const { courier, boxes, ready, parcels, failed, cod, remittances, late, refused } = loaderData
  const busy = useNavigation().state !== 'idle'
  const result = actionData as DeskResult | undefined
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {}
  return (
    <AdminPage title="Shipping desk">
      <p className="mt-2 max-w-3xl text-earth-700">
        {courier
          ? `Book parcels with a courier through ${courier.label}, print their labels, and ask for a pickup. Tracking updates move the orders by themselves.`
          : 'No courier account is set up: the shop prints its own labels, and you give each parcel’s tracking number when you hand it over. Set SHIPROCKET_EMAIL and the other Shiprocket settings to book couriers from here.'}
      </p>
      <ActionOutcome
        message={result?.ok ? result.message : undefined}
        error={result && !result.ok ? result.error : (refused ?? undefined)}
      />
      {result?.lines && result.lines.length > 0 && (
        <ul className="mt-2 list-disc pl-6 text-earth-900" data-testid="desk-lines">
          {result.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <FocusFirstError failure={result && !result.ok ? result : undefined} />

      <section aria-labelledby="ready-title" className={sectionClass}>
        <h2 id="ready-title" className={h2Class}>
          Ready to ship
        </h2>
        {ready.length === 0 ? (
          <p className="mt-3 text-earth-700">No orders wait for a parcel.</p>
        ) : (
          <Form method="post" className="mt-3" preventScrollReset>
            <FormTokenField />
            <input type="hidden" name="intent" value="book" />
            <div className={tableScroll}>
              <table className="w-full min-w-[56rem] border-collapse text-left">
                <caption className="sr-only">Orders ready to ship, oldest first</caption>
                <thead>
                  <tr className="border-b border-stone-300 text-sm text-earth-700">
                    <th scope="col" className="p-2">
                      Book
                    </th>
                    <th scope="col" className="p-2">
                      Order
                    </th>
                    <th scope="col" className="p-2">
                      Deliver to
                    </th>
                    <th scope="col" className="p-2">
                      Weight (g)
                    </th>
                    <th scope="col" className="p-2">
                      Box
                    </th>
                    <th scope="col" className="p-2">
                      {courier ? 'Courier' : 'Sent by'}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {ready.map((order) => (
                    <tr key={order.id} data-testid="ready-order">
                      <td className={cell}>
                        <input type="hidden" name={`label-${order.id}`} value={order.label} />
                        <input
                          type="checkbox"
                          name={`order-${order.id}`}
                          value="yes"
                          id={`order-${order.id}`}
                          className="mt-3 size-5 accent-leaf-700"
                          aria-label={`Book ${order.label}`}
                        />
                      </td>
                      <th scope="row" className={`${cell} font-normal`}>
                        <Link
                          to={`/dash/orders/${order.id}`}
                          className={`font-semibold text-leaf-800 underline underline-offset-2 ${focusRing}`}
                        >
                          {order.label}
                        </Link>
                        <span className="block text-sm text-earth-700">
                          {order.paymentMethod === 'cod'
                            ? `COD ${formatRupees(order.totalPaise)}`
                            : `Prepaid ${formatRupees(order.totalPaise)}`}{' '}
                          · {order.units === 1 ? '1 pack' : `${order.units} packs`}
                        </span>
                        {order.promisedBy && <span className="block text-sm text-earth-700">Promised by {order.promisedBy}</span>}
                      </th>
                      <td className={cell}>{order.deliverTo}</td>
                      <td className={cell}>
                        <label htmlFor={`weight-${order.id}`} className="sr-only">
                          Weight of {order.label} in grams
                        </label>
                        <input
                          id={`weight-${order.id}`}
                          name={`weight-${order.id}`}
                          type="number"
                          min={1}
                          max={100000}
                          step={1}
                          defaultValue={order.weightGrams}
                          className={`${inputClass} w-28`}
                        />
                        {order.guessedWeights > 0 && (
                          <span className="mt-1 block text-sm text-turmeric-900">Some packs are not weighed yet: check on the scale.</span>
                        )}
                      </td>
                      <td className={cell}>
                        <label htmlFor={`box-${order.id}`} className="sr-only">
                          Box for {order.label}
                        </label>
                        <select id={`box-${order.id}`} name={`box-${order.id}`} defaultValue={order.box?.box.name} className={inputClass}>
                          {boxes.map((box) => (
                            <option key={box.name} value={box.name}>
                              {box.name} ({box.lengthCm}×{box.breadthCm}×{box.heightCm} cm)
                            </option>
                          ))}
                        </select>
                        {order.box && (
                          <span className="mt-1 block text-sm text-earth-700">
                            {order.box.fits
                              ? `Billed as ${kilos(order.box.billedWeightGrams)}`
                              : 'Too heavy for any box: split it or choose'}
                          </span>
                        )}
                      </td>
                      <td className={cell}>
                        {courier ? (
                          <>
                            <label htmlFor={`courier-${order.id}`} className="sr-only">
                              Courier for {order.label}
                            </label>
                            <select id={`courier-${order.id}`} name={`courier-${order.id}`} defaultValue="" className={inputClass}>
                              <option value="">Recommended by {courier.label}</option>
                              {order.rates.rates.map((rate) => (
                                <option key={rate.courierId} value={rate.courierId}>
                                  {rate.courier} · {formatRupees(rate.ratePaise)}
                                  {rate.days !== null ? ` · ${rate.days === 1 ? '1 day' : `${rate.days} days`}` : ''}
                                  {rate.cheapest ? ' · cheapest' : ''}
                                  {rate.fastest ? ' · fastest' : ''}
                                </option>
                              ))}
                            </select>
                            {order.rates.error && <span className="mt-1 block text-sm text-red-800">Rates: {order.rates.error}</span>}
                            {!order.rates.error && order.rates.rates.length === 0 && (
                              <span className="mt-1 block text-sm text-red-800">No courier serves this PIN code.</span>
                            )}
                          </>
                        ) : (
                          'You, with your own label'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <button type="submit" className={`${primaryButton} mt-4`} disabled={busy}>
              {courier ? 'Book the ticked orders' : 'Make parcels of the ticked orders'}
            </button>
          </Form>
        )}
      </section>

      <section aria-labelledby="parcels-title" className={sectionClass}>
        <h2 id="parcels-title" className={h2Class}>
          Booked, waiting to leave
        </h2>
        {parcels.length === 0 ? (
          <p className="mt-3 text-earth-700">No parcels wait for a label or a pickup.</p>
        ) : (
          <Form method="post" className="mt-3" reloadDocument>
            <FormTokenField />
            <div className={tableScroll}>
              <table className="w-full min-w-[48rem] border-collapse text-left">
                <caption className="sr-only">Parcels booked and not yet collected</caption>
                <thead>
                  <tr className="border-b border-stone-300 text-sm text-earth-700">
                    <th scope="col" className="p-2">
                      Choose
                    </th>
                    <th scope="col" className="p-2">
                      Parcel
                    </th>
                    <th scope="col" className="p-2">
                      Courier and AWB
                    </th>
                    <th scope="col" className="p-2">
                      Weight and box
                    </th>
                    <th scope="col" className="p-2">
                      Status
                    </th>
                    <th scope="col" className="p-2">
                      <span className="sr-only">Cancel</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {parcels.map((parcel) => (
                    <tr key={parcel.id} data-testid="booked-parcel">
                      <td className={cell}>
                        <input
                          type="checkbox"
                          name={`parcel-${parcel.id}`}
                          value="yes"
                          defaultChecked
                          className="mt-1 size-5 accent-leaf-700"
                          aria-label={`Choose ${parcel.reference}`}
                        />
                      </td>
                      <th scope="row" className={`${cell} font-normal`}>
                        <Link
                          to={`/dash/orders/${parcel.orderId}`}
                          className={`font-semibold text-leaf-800 underline underline-offset-2 ${focusRing}`}
                        >
                          {parcel.reference}
                        </Link>
                        <span className="block text-sm text-earth-700">
                          {parcel.paymentMethod === 'cod' ? `COD: collect ${formatRupees(parcel.totalPaise)}` : 'Prepaid'}
                        </span>
                      </th>
                      <td className={cell}>
                        {parcel.awb ? `${parcel.courier} · ${parcel.awb}` : parcel.provider === 'self' ? 'You send it' : '—'}
                        {parcel.chargePaise !== null && (
                          <span className="block text-sm text-earth-700">Charge {formatRupees(parcel.chargePaise)}</span>
                        )}
                      </td>
                      <td className={cell}>
                        {kilos(parcel.weightGrams)} · {parcel.boxName}
                      </td>
                      <td className={cell}>
                        {parcel.statusLabel}
                        {parcel.pickupScheduledFor && (
                          <span className="block text-sm text-earth-700">Pickup {parcel.pickupScheduledFor}</span>
                        )}
                      </td>
                      <td className={cell}>
                        <button type="submit" name="cancel" value={parcel.id} className={`${smallButton} border-red-300 text-red-800`}>
                          Cancel<span className="sr-only"> {parcel.reference}</span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="mt-4 flex flex-wrap gap-3">
              <button type="submit" name="intent" value="labels" formAction="/dash/shipping/papers" className={primaryButton}>
                Download labels (PDF)
              </button>
              <button type="submit" name="intent" value="packing-slips" formAction="/dash/shipping/papers" className={secondaryButton}>
                Download packing slips (PDF)
              </button>
              {courier && (
                <>
                  <button type="submit" name="intent" value="manifest" formAction="/dash/shipping/papers" className={secondaryButton}>
                    Download manifest (PDF)
                  </button>
                  <button type="submit" name="intent" value="pickup" className={secondaryButton}>
                    Request pickup
                  </button>
                </>
              )}
            </div>
          </Form>
        )}
        {parcels
          .filter((p) => p.provider === 'self' && p.status === 'booked')
          .map((parcel) => (
            <Form
              key={parcel.id}
              method="post"
              className="mt-4 grid gap-3 rounded-xl border border-stone-200 p-4 sm:grid-cols-3"
              preventScrollReset
            >
              <FormTokenField />
              <input type="hidden" name="intent" value="hand-over" />
              <input type="hidden" name="parcel" value={parcel.id} />
              <h3 className="font-semibold text-earth-900 sm:col-span-3">Handed {parcel.reference} to the courier?</h3>
              <TextField
                name="courier"
                id={`courier-${parcel.id}`}
                label="Courier"
                required
                maxLength={80}
                error={errors[`courier-${parcel.id}`]}
              />
              <TextField
                name="trackingNumber"
                id={`trackingNumber-${parcel.id}`}
                label="Tracking number"
                required
                maxLength={80}
                error={errors[`trackingNumber-${parcel.id}`]}
              />
              <div className="self-end">
                <button type="submit" className={secondaryButton}>
                  Mark shipped
                </button>
              </div>
            </Form>
          ))}
      </section>

      <section aria-labelledby="failed-title" className={sectionClass}>
        <h2 id="failed-title" className={h2Class}>
          Failed deliveries
        </h2>
        <FailedDeliveries rows={failed} errors={errors} />
      </section>

      {late.length > 0 && (
        <section aria-labelledby="late-title" className={sectionClass}>
          <h2 id="late-title" className={h2Class}>
            Running late
          </h2>
          <p className="mt-1 text-earth-700">Past the day the customer was promised: chase the courier, or tell the customer.</p>
          <ul className="mt-3 divide-y divide-stone-200">
            {late.map((row) => (
              <li key={row.shipmentId} className="flex flex-wrap justify-between gap-2 py-2">
                <Link to={`/dash/orders/${row.orderId}`} className={`font-medium text-leaf-800 underline underline-offset-2 ${focusRing}`}>
                  {row.orderLabel}
                </Link>
                <span className="text-earth-900">Promised by {row.expectedBy ?? row.promisedBy}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="cod-title" className={sectionClass}>
        <h2 id="cod-title" className={h2Class}>
          Cash on delivery with the courier
        </h2>
        {cod.parcels.length === 0 ? (
          <p className="mt-3 text-earth-700">The couriers owe you nothing: every delivered COD parcel&apos;s cash is recorded as paid.</p>
        ) : (
          <Form method="post" className="mt-3 grid gap-3" preventScrollReset>
            <FormTokenField />
            <input type="hidden" name="intent" value="remittance" />
            <p className="text-earth-900">
              {formatRupees(cod.owedPaise)} collected on {cod.parcels.length === 1 ? '1 parcel' : `${cod.parcels.length} parcels`} and not
              yet paid to you. When the money reaches your bank, tick the parcels it pays for.
            </p>
            <ul className="grid gap-1">
              {cod.parcels.map((p) => (
                <li key={p.shipmentId}>
                  <label className="inline-flex min-h-11 items-center gap-2 text-earth-900">
                    <input type="checkbox" name={`parcel-${p.shipmentId}`} value="yes" className="size-5 accent-leaf-700" />
                    {p.numberPrefix}-{p.number} · {formatRupees(p.totalPaise)} · {p.courier} {p.awb}
                    {p.deliveredAt && (
                      <>
                        {' '}
                        · delivered <Time value={p.deliveredAt} dateOnly />
                      </>
                    )}
                  </label>
                </li>
              ))}
            </ul>
            <div className="grid gap-3 sm:grid-cols-3">
              <TextField name="utr" label="UTR of the transfer" required maxLength={40} error={errors.utr} />
              <TextField name="paidOn" label="Day it arrived" type="date" required error={errors.paidOn} />
              <div className="self-end">
                <button type="submit" className={secondaryButton}>
                  Record the remittance
                </button>
              </div>
            </div>
          </Form>
        )}
        {remittances.length > 0 && (
          <>
            <h3 className="mt-6 font-semibold text-earth-900">Remittances recorded</h3>
            <ul className="mt-2 divide-y divide-stone-200">
              {remittances.map((r) => (
                <li key={r.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>
                    {r.paidOn} · UTR {r.utr}
                  </span>
                  <span>
                    {formatRupees(r.amountPaise)} for {r.parcels === 1 ? '1 parcel' : `${r.parcels} parcels`}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </AdminPage>
  )
}
