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
import { formTooLargeMessage, formTooLarge, readSmallForm } from '~/http/forms.server'
import { m } from '~/i18n/paraglide/messages.js'
import type { Route } from './+types/admin-shipping'
import type { DeskResult } from './admin-shipping.server'
import { bookOrders, cancel, failedDelivery, handOver, pickup, remittance } from './admin-shipping.server'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${m.shipping_desk_title()} · ${shopSettingsOf(matches).shopName}` },
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
  if (!fields) return formTooLarge<DeskResult>({ ok: false, error: formTooLargeMessage() })
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
      return data<DeskResult>({ ok: false, error: m.shipping_choose_what() }, { status: 400 })
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
    <AdminPage title={m.shipping_desk_title()}>
      <p className="mt-2 max-w-3xl text-earth-700">
        {courier ? m.shipping_desk_intro_courier({ provider: courier.label }) : m.shipping_desk_intro_self()}
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
          {m.shipping_ready_title()}
        </h2>
        {ready.length === 0 ? (
          <p className="mt-3 text-earth-700">{m.shipping_ready_none()}</p>
        ) : (
          <Form method="post" className="mt-3" preventScrollReset>
            <FormTokenField />
            <input type="hidden" name="intent" value="book" />
            <div className={tableScroll}>
              <table className="w-full min-w-[56rem] border-collapse text-left">
                <caption className="sr-only">{m.shipping_ready_caption()}</caption>
                <thead>
                  <tr className="border-b border-stone-300 text-sm text-earth-700">
                    <th scope="col" className="p-2">
                      {m.shipping_col_book()}
                    </th>
                    <th scope="col" className="p-2">
                      {m.shipping_col_order()}
                    </th>
                    <th scope="col" className="p-2">
                      {m.shipping_col_deliver_to()}
                    </th>
                    <th scope="col" className="p-2">
                      {m.shipping_col_weight()}
                    </th>
                    <th scope="col" className="p-2">
                      {m.shipping_col_box()}
                    </th>
                    <th scope="col" className="p-2">
                      {courier ? m.shipping_courier() : m.shipping_col_sent_by()}
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
                          aria-label={m.shipping_book_order({ label: order.label })}
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
                            ? m.shipping_cod_amount({ amount: formatRupees(order.totalPaise) })
                            : m.shipping_prepaid_amount({ amount: formatRupees(order.totalPaise) })}{' '}
                          · {m.shipping_packs({ count: order.units })}
                        </span>
                        {order.promisedBy && (
                          <span className="block text-sm text-earth-700">{m.shipping_promised_by({ date: order.promisedBy })}</span>
                        )}
                      </th>
                      <td className={cell}>{order.deliverTo}</td>
                      <td className={cell}>
                        <label htmlFor={`weight-${order.id}`} className="sr-only">
                          {m.shipping_weight_of({ label: order.label })}
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
                          <span className="mt-1 block text-sm text-turmeric-900">{m.shipping_not_weighed()}</span>
                        )}
                      </td>
                      <td className={cell}>
                        <label htmlFor={`box-${order.id}`} className="sr-only">
                          {m.shipping_box_for({ label: order.label })}
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
                            {order.box.fits ? m.shipping_billed_as({ weight: kilos(order.box.billedWeightGrams) }) : m.shipping_too_heavy()}
                          </span>
                        )}
                      </td>
                      <td className={cell}>
                        {courier ? (
                          <>
                            <label htmlFor={`courier-${order.id}`} className="sr-only">
                              {m.shipping_courier_for({ label: order.label })}
                            </label>
                            <select id={`courier-${order.id}`} name={`courier-${order.id}`} defaultValue="" className={inputClass}>
                              <option value="">{m.shipping_recommended_by({ provider: courier.label })}</option>
                              {order.rates.rates.map((rate) => (
                                <option key={rate.courierId} value={rate.courierId}>
                                  {rate.courier} · {formatRupees(rate.ratePaise)}
                                  {rate.days !== null ? m.shipping_rate_days({ count: rate.days }) : ''}
                                  {rate.cheapest ? m.shipping_rate_cheapest() : ''}
                                  {rate.fastest ? m.shipping_rate_fastest() : ''}
                                </option>
                              ))}
                            </select>
                            {order.rates.error && (
                              <span className="mt-1 block text-sm text-red-800">
                                {m.shipping_rates_error({ error: order.rates.error })}
                              </span>
                            )}
                            {!order.rates.error && order.rates.rates.length === 0 && (
                              <span className="mt-1 block text-sm text-red-800">{m.shipping_no_courier_for_pin()}</span>
                            )}
                          </>
                        ) : (
                          m.shipping_self_label()
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <button type="submit" className={`${primaryButton} mt-4`} disabled={busy}>
              {courier ? m.shipping_book_ticked() : m.shipping_make_parcels()}
            </button>
          </Form>
        )}
      </section>

      <section aria-labelledby="parcels-title" className={sectionClass}>
        <h2 id="parcels-title" className={h2Class}>
          {m.shipping_booked_title()}
        </h2>
        {parcels.length === 0 ? (
          <p className="mt-3 text-earth-700">{m.shipping_booked_none()}</p>
        ) : (
          <Form method="post" className="mt-3" reloadDocument>
            <FormTokenField />
            <div className={tableScroll}>
              <table className="w-full min-w-[48rem] border-collapse text-left">
                <caption className="sr-only">{m.shipping_booked_caption()}</caption>
                <thead>
                  <tr className="border-b border-stone-300 text-sm text-earth-700">
                    <th scope="col" className="p-2">
                      {m.shipping_col_choose()}
                    </th>
                    <th scope="col" className="p-2">
                      {m.shipping_col_parcel()}
                    </th>
                    <th scope="col" className="p-2">
                      {m.shipping_col_courier_awb()}
                    </th>
                    <th scope="col" className="p-2">
                      {m.shipping_col_weight_box()}
                    </th>
                    <th scope="col" className="p-2">
                      {m.shipping_col_status()}
                    </th>
                    <th scope="col" className="p-2">
                      <span className="sr-only">{m.shipping_cancel()}</span>
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
                          aria-label={m.shipping_choose_parcel({ reference: parcel.reference })}
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
                          {parcel.paymentMethod === 'cod'
                            ? m.shipping_cod_collect({ amount: formatRupees(parcel.totalPaise) })
                            : m.shipping_prepaid()}
                        </span>
                      </th>
                      <td className={cell}>
                        {parcel.awb ? `${parcel.courier} · ${parcel.awb}` : parcel.provider === 'self' ? m.shipping_you_send_it() : '—'}
                        {parcel.chargePaise !== null && (
                          <span className="block text-sm text-earth-700">
                            {m.shipping_charge({ amount: formatRupees(parcel.chargePaise) })}
                          </span>
                        )}
                      </td>
                      <td className={cell}>
                        {kilos(parcel.weightGrams)} · {parcel.boxName}
                      </td>
                      <td className={cell}>
                        {parcel.statusLabel}
                        {parcel.pickupScheduledFor && (
                          <span className="block text-sm text-earth-700">{m.shipping_pickup_at({ date: parcel.pickupScheduledFor })}</span>
                        )}
                      </td>
                      <td className={cell}>
                        <button type="submit" name="cancel" value={parcel.id} className={`${smallButton} border-red-300 text-red-800`}>
                          {m.shipping_cancel()}
                          <span className="sr-only"> {parcel.reference}</span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="mt-4 flex flex-wrap gap-3">
              <button type="submit" name="intent" value="labels" formAction="/dash/shipping/papers" className={primaryButton}>
                {m.shipping_download_labels()}
              </button>
              <button type="submit" name="intent" value="packing-slips" formAction="/dash/shipping/papers" className={secondaryButton}>
                {m.shipping_download_slips()}
              </button>
              {courier && (
                <>
                  <button type="submit" name="intent" value="manifest" formAction="/dash/shipping/papers" className={secondaryButton}>
                    {m.shipping_download_manifest()}
                  </button>
                  <button type="submit" name="intent" value="pickup" className={secondaryButton}>
                    {m.shipping_request_pickup()}
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
              <h3 className="font-semibold text-earth-900 sm:col-span-3">{m.shipping_handed_over({ reference: parcel.reference })}</h3>
              <TextField
                name="courier"
                id={`courier-${parcel.id}`}
                label={m.shipping_courier()}
                required
                maxLength={80}
                error={errors[`courier-${parcel.id}`]}
              />
              <TextField
                name="trackingNumber"
                id={`trackingNumber-${parcel.id}`}
                label={m.shipping_tracking_number()}
                required
                maxLength={80}
                error={errors[`trackingNumber-${parcel.id}`]}
              />
              <div className="self-end">
                <button type="submit" className={secondaryButton}>
                  {m.shipping_mark_shipped()}
                </button>
              </div>
            </Form>
          ))}
      </section>

      <section aria-labelledby="failed-title" className={sectionClass}>
        <h2 id="failed-title" className={h2Class}>
          {m.shipping_failed_title()}
        </h2>
        <FailedDeliveries rows={failed} errors={errors} />
      </section>

      {late.length > 0 && (
        <section aria-labelledby="late-title" className={sectionClass}>
          <h2 id="late-title" className={h2Class}>
            {m.shipping_late_title()}
          </h2>
          <p className="mt-1 text-earth-700">{m.shipping_late_explained()}</p>
          <ul className="mt-3 divide-y divide-stone-200">
            {late.map((row) => (
              <li key={row.shipmentId} className="flex flex-wrap justify-between gap-2 py-2">
                <Link to={`/dash/orders/${row.orderId}`} className={`font-medium text-leaf-800 underline underline-offset-2 ${focusRing}`}>
                  {row.orderLabel}
                </Link>
                <span className="text-earth-900">{m.shipping_promised_by({ date: row.expectedBy ?? row.promisedBy ?? '' })}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="cod-title" className={sectionClass}>
        <h2 id="cod-title" className={h2Class}>
          {m.shipping_cod_title()}
        </h2>
        {cod.parcels.length === 0 ? (
          <p className="mt-3 text-earth-700">{m.shipping_cod_none()}</p>
        ) : (
          <Form method="post" className="mt-3 grid gap-3" preventScrollReset>
            <FormTokenField />
            <input type="hidden" name="intent" value="remittance" />
            <p className="text-earth-900">{m.shipping_cod_owed({ amount: formatRupees(cod.owedPaise), count: cod.parcels.length })}</p>
            <ul className="grid gap-1">
              {cod.parcels.map((p) => (
                <li key={p.shipmentId}>
                  <label className="inline-flex min-h-11 items-center gap-2 text-earth-900">
                    <input type="checkbox" name={`parcel-${p.shipmentId}`} value="yes" className="size-5 accent-leaf-700" />
                    {p.numberPrefix}-{p.number} · {formatRupees(p.totalPaise)} · {p.courier} {p.awb}
                    {p.deliveredAt && (
                      <>
                        {' '}
                        {m.shipping_delivered_on()} <Time value={p.deliveredAt} dateOnly />
                      </>
                    )}
                  </label>
                </li>
              ))}
            </ul>
            <div className="grid gap-3 sm:grid-cols-3">
              <TextField name="utr" label={m.shipping_utr_label()} required maxLength={40} error={errors.utr} />
              <TextField name="paidOn" label={m.shipping_paid_on_label()} type="date" required error={errors.paidOn} />
              <div className="self-end">
                <button type="submit" className={secondaryButton}>
                  {m.shipping_record_remittance()}
                </button>
              </div>
            </div>
          </Form>
        )}
        {remittances.length > 0 && (
          <>
            <h3 className="mt-6 font-semibold text-earth-900">{m.shipping_remittances_title()}</h3>
            <ul className="mt-2 divide-y divide-stone-200">
              {remittances.map((r) => (
                <li key={r.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>
                    {r.paidOn} · UTR {r.utr}
                  </span>
                  <span>{m.shipping_remittance_for({ amount: formatRupees(r.amountPaise), count: r.parcels })}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </AdminPage>
  )
}
