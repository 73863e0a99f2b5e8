import { data } from 'react-router'
import type { AppLoadContext } from 'react-router'
import { indiaDayOf } from '~/features/dates/india-time'
import { getShopSettings } from '~/features/settings/shop-settings.server'
import { codRemittanceSchema, RemittanceRefusedError, recordCodRemittance } from '~/features/shipping/cod-remittances.server'
import { bookingFieldsSchema, failedDeliveryAnswerSchema, handOverSchema, tickedIds } from '~/features/shipping/desk-forms'
import { packingSlipsOf, selfShippedLabelsPdf } from '~/features/shipping/label-data.server'
import { ShippingProviderError } from '~/features/shipping/provider'
import {
  answerFailedDelivery,
  bookShipment,
  cancelShipment,
  handOverSelfShipped,
  requestPickup,
  ShipmentRefusedError,
  shipmentLabels,
  shipmentManifest,
  shipmentPackingSlips,
} from '~/features/shipping/shipments.server'
import { pdfDownload } from '~/http/pdf-download.server'
import { m } from '~/i18n/paraglide/messages.js'

/** What a desk form is answered: what was done (one line per order when several were booked), or why not. */
export type DeskResult =
  | { ok: true; message: string; lines?: string[] }
  | { ok: false; error: string; lines?: string[]; fieldErrors?: Record<string, string> }

type Desk = { context: AppLoadContext; fields: Record<string, string>; actor: string }

const refused = (error: string, status = 400, more: Partial<Extract<DeskResult, { ok: false }>> = {}) =>
  data<DeskResult>({ ok: false, error, ...more }, { status })

/** A provider's refusal or the shop's, as the owner reads it; anything else is the shop's fault and is thrown. */
function reasonOf(err: unknown) {
  if (err instanceof ShipmentRefusedError || err instanceof RemittanceRefusedError) return err.message
  if (err instanceof ShippingProviderError) return err.message
  return null
}

/** Books the ticked orders one by one, each with its weight, box and courier; one order's failure stops no other. */
export async function bookOrders({ context, fields, actor }: Desk) {
  const ids = tickedIds(fields, 'order')
  if (ids.length === 0) return refused(m.shipping_tick_orders())
  const { shop } = context
  const settings = await getShopSettings(shop.db)
  const provider = shop.shipping.courier?.name ?? 'self'
  const lines: string[] = []
  let failures = 0
  for (const id of ids) {
    const read = bookingFieldsSchema.safeParse({
      weightGrams: fields[`weight-${id}`],
      box: fields[`box-${id}`],
      courierId: fields[`courier-${id}`] ?? '',
    })
    const box = read.success ? settings.shippingBoxes.find((b) => b.name === read.data.box) : undefined
    if (!read.success || !box) {
      failures += 1
      lines.push(`${fields[`label-${id}`] ?? id}: ${read.success ? m.shipping_choose_box() : read.error.issues[0]!.message}`)
      continue
    }
    try {
      const shipment = await bookShipment(shop.db, shop.shipping, shop.config.PUBLIC_URL, {
        orderId: id,
        provider,
        weightGrams: read.data.weightGrams,
        box: { name: box.name, lengthCm: box.lengthCm, breadthCm: box.breadthCm, heightCm: box.heightCm },
        courierId: read.data.courierId,
        actor,
      })
      lines.push(
        shipment.awb
          ? m.shipping_booked_with({ reference: shipment.reference, courier: shipment.courier ?? '', awb: shipment.awb })
          : m.shipping_ready_to_pack({ reference: shipment.reference }),
      )
    } catch (err) {
      const reason = reasonOf(err)
      if (reason === null) throw err
      failures += 1
      lines.push(`${fields[`label-${id}`] ?? id}: ${reason}`)
    }
  }
  if (failures === ids.length)
    return refused(ids.length === 1 ? m.shipping_order_not_booked() : m.shipping_no_order_booked(), 409, { lines })
  const booked = ids.length - failures
  return data<DeskResult>({
    ok: true,
    message: m.shipping_booked({ count: booked, failed: failures ? m.shipping_booked_failed({ count: failures }) : '' }),
    lines,
  })
}

/** The ticked parcels' labels (or manifest) as one PDF to print; or why not, for the owner. */
export async function parcelsPdf({ context, fields }: Desk, what: 'labels' | 'manifest' | 'packing-slips'): Promise<Response | string> {
  const ids = tickedIds(fields, 'parcel')
  const { shop } = context
  try {
    const pdf =
      what === 'labels'
        ? await shipmentLabels(shop.db, shop.shipping, ids, async (rows) => selfShippedLabelsPdf(shop.db, rows))
        : what === 'manifest'
          ? await shipmentManifest(shop.db, shop.shipping, ids)
          : await shipmentPackingSlips(shop.db, ids, (rows) => packingSlipsOf(shop.db, rows))
    const day = indiaDayOf(new Date())
    return pdfDownload({ fileName: `${what}-${day}.pdf`, pdf: Buffer.from(pdf) })
  } catch (err) {
    const reason = reasonOf(err)
    if (reason === null) throw err
    return reason
  }
}

export async function pickup({ context, fields, actor }: Desk) {
  try {
    const asked = await requestPickup(context.shop.db, context.shop.shipping, tickedIds(fields, 'parcel'), actor)
    return data<DeskResult>({
      ok: true,
      message: m.shipping_pickup_requested({
        count: asked.requested,
        on: asked.scheduledFor ? m.shipping_pickup_on({ date: asked.scheduledFor }) : '',
      }),
    })
  } catch (err) {
    const reason = reasonOf(err)
    if (reason === null) throw err
    return refused(reason, 409)
  }
}

export async function cancel({ context, fields, actor }: Desk) {
  try {
    const cancelled = await cancelShipment(context.shop.db, context.shop.shipping, fields.cancel ?? '', actor)
    return data<DeskResult>({ ok: true, message: m.shipping_cancelled_back({ reference: cancelled.reference }) })
  } catch (err) {
    const reason = reasonOf(err)
    if (reason === null) throw err
    return refused(reason, 409)
  }
}

export async function handOver({ context, fields, actor }: Desk) {
  const read = handOverSchema.safeParse(fields)
  if (!read.success) {
    const fieldErrors = Object.fromEntries(read.error.issues.map((i) => [`${String(i.path[0])}-${fields.parcel}`, i.message]))
    return refused(read.error.issues[0]!.message, 400, { fieldErrors })
  }
  try {
    const shipment = await handOverSelfShipped(context.shop.db, context.shop.config.PUBLIC_URL, fields.parcel ?? '', read.data, actor)
    return data<DeskResult>({ ok: true, message: m.shipping_on_its_way({ reference: shipment.reference }) })
  } catch (err) {
    const reason = reasonOf(err)
    if (reason === null) throw err
    return refused(reason, 409)
  }
}

export async function failedDelivery({ context, fields, actor }: Desk) {
  const read = failedDeliveryAnswerSchema.safeParse(fields)
  if (!read.success) {
    const fieldErrors = Object.fromEntries(read.error.issues.map((i) => [`${String(i.path[0])}-${fields.parcel}`, i.message]))
    return refused(read.error.issues[0]!.message, 400, { fieldErrors })
  }
  const answer =
    read.data.answer === 'reattempt'
      ? {
          action: 'reattempt' as const,
          on: read.data.on,
          phone: read.data.phone,
          addressLine: read.data.addressLine,
          comment: read.data.comment,
        }
      : { action: 'return' as const, comment: read.data.comment }
  try {
    await answerFailedDelivery(context.shop.db, context.shop.shipping, context.shop.config.PUBLIC_URL, fields.parcel ?? '', answer, actor)
    return data<DeskResult>({
      ok: true,
      message: answer.action === 'reattempt' ? m.shipping_will_reattempt() : m.shipping_will_return(),
    })
  } catch (err) {
    const reason = reasonOf(err)
    if (reason === null) throw err
    return refused(reason, 409)
  }
}

export async function remittance({ context, fields, actor }: Desk) {
  const read = codRemittanceSchema.safeParse({ utr: fields.utr, paidOn: fields.paidOn, shipmentIds: tickedIds(fields, 'parcel') })
  if (!read.success) {
    const fieldErrors = Object.fromEntries(read.error.issues.map((i) => [String(i.path[0]), i.message]))
    return refused(read.error.issues[0]!.message, 400, { fieldErrors })
  }
  try {
    const recorded = await recordCodRemittance(context.shop.db, read.data, actor)
    return data<DeskResult>({ ok: true, message: m.shipping_remittance_recorded({ utr: recorded.utr }) })
  } catch (err) {
    const reason = reasonOf(err)
    if (reason === null) throw err
    return refused(reason, 409)
  }
}
