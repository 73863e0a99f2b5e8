import { m } from '~/i18n/paraglide/messages.js'
import { and, asc, eq, inArray, isNull, ne, notExists, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { orderLines, orders, shipments, variants } from '~/db/schema'
import { log } from '~/log.server'
import { OrderNotFoundError, StepNotAllowedError, stepAllowed } from '../orders/fulfilment.server'
import { getShopSettings } from '../settings/shop-settings.server'
import type { ShippingAddress } from '../checkout/checkout-schemas'
import { orderNumberLabel } from '../orders/order-number'
import type { ShopSettings } from '../settings/shop-settings'
import { type BoxProposal, proposeBox } from './boxes'
import type { ShippingBox } from './box-settings'
import { codAwaitingRemittance, listCodRemittances } from './cod-remittances.server'
import type { CourierRate } from './provider'
import type { ShippingProviders } from './registry.server'
import {
  BOOKABLE_ORDER_STATUSES,
  bookShipment,
  failedDeliveries,
  failedDeliveryRows,
  handOverSelfShipped,
  ShipmentRefusedError,
} from './shipments.server'
import { SHIPMENT_STATUS_LABELS } from './shipment-statuses'
import { packWeightGrams } from './weights'
import { shopPinCode } from './origin'

/** The most orders the desk lists (and asks rates for) at once: the oldest first, as they should be packed. */
export const DESK_ORDERS = 40
/** Rates asked at once: Shiprocket allows a few requests per second per account. */
const RATE_QUESTIONS_AT_ONCE = 4

/**
 * What each order's parcel weighs (g), from its packs as they are now (even a product archived since: the parcel
 * still goes): the owner's shipped weights, else proposed from the labels (weights.ts); and how many lines are guessed.
 */
export async function weighOrders(db: Database, orderIds: readonly string[]) {
  const out = new Map<string, { weightGrams: number; guessedWeights: number; units: number }>()
  if (orderIds.length === 0) return out
  const lines = await db
    .select({
      orderId: orderLines.orderId,
      quantity: orderLines.quantity,
      shippedWeightGrams: variants.shippedWeightGrams,
      netQuantity: variants.netQuantity,
      netUnit: variants.netUnit,
    })
    .from(orderLines)
    .leftJoin(variants, and(eq(variants.productId, orderLines.productId), eq(variants.size, orderLines.size)))
    .where(inArray(orderLines.orderId, [...orderIds]))
  for (const l of lines) {
    const sum = out.get(l.orderId) ?? { weightGrams: 0, guessedWeights: 0, units: 0 }
    sum.weightGrams +=
      l.quantity *
      packWeightGrams({
        shippedWeightGrams: l.shippedWeightGrams,
        net: l.netQuantity !== null && l.netUnit !== null ? { amount: l.netQuantity, unit: l.netUnit } : null,
      })
    sum.units += l.quantity
    if (l.shippedWeightGrams === null) sum.guessedWeights += 1
    out.set(l.orderId, sum)
  }
  return out
}

/** The parcel the shop proposes for an order: its weight and the owner's box for it (the largest, flagged, when none takes it). */
export async function proposedParcel(db: Database, orderId: string, boxes: readonly ShippingBox[]) {
  const weightGrams = Math.max(1, (await weighOrders(db, [orderId])).get(orderId)?.weightGrams ?? 1)
  return { weightGrams, box: proposeBox(weightGrams, boxes) }
}

export type DeskOrder = Awaited<ReturnType<typeof ordersReadyToShip>>[number]

/**
 * Orders to book, oldest first: paid, or cash on delivery confirmed, with no parcel yet (a cancelled one aside). Each
 * with its weight from its packs (shipped weights, else proposed from the labels) and the owner's box for it.
 */
export async function ordersReadyToShip(db: Database, boxes: readonly ShippingBox[], limit = DESK_ORDERS) {
  const ready = await db
    .select({
      id: orders.id,
      number: orders.number,
      numberPrefix: orders.numberPrefix,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      totalPaise: orders.totalPaise,
      shippingAddress: orders.shippingAddress,
      promisedBy: orders.promisedBy,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.status, [...BOOKABLE_ORDER_STATUSES]),
        notExists(
          db
            .select({ id: shipments.id })
            .from(shipments)
            .where(and(eq(shipments.orderId, orders.id), ne(shipments.status, 'cancelled'), isNull(shipments.lines))),
        ),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit)
  if (ready.length === 0) return []
  const weighed = await weighOrders(
    db,
    ready.map((o) => o.id),
  )
  return ready.map((order) => {
    const { weightGrams, guessedWeights, units } = weighed.get(order.id) ?? { weightGrams: 1, guessedWeights: 0, units: 0 }
    const address = order.shippingAddress as ShippingAddress
    return {
      id: order.id,
      label: orderNumberLabel(order),
      status: order.status,
      paymentMethod: order.paymentMethod,
      totalPaise: order.totalPaise,
      placedAt: order.createdAt,
      promisedBy: order.promisedBy,
      deliverTo: `${address.city}, ${address.state} ${address.postalCode}`,
      pinCode: address.postalCode,
      units,
      weightGrams,
      // Packs the owner has not weighed: the weight is a proposal from their labels, worth a check on the scale.
      guessedWeights,
      box: proposeBox(weightGrams, boxes) satisfies BoxProposal | null,
    }
  })
}

/** Each order's couriers with their price and days, cheapest and fastest marked; an order's failure is its own. */
export async function ratesForOrders(
  providers: ShippingProviders,
  fromPin: string | null,
  ready: readonly Pick<DeskOrder, 'id' | 'pinCode' | 'paymentMethod' | 'totalPaise' | 'box' | 'weightGrams'>[],
) {
  const courier = providers.courier
  const out = new Map<string, { rates: Array<CourierRate & { cheapest: boolean; fastest: boolean }>; error: string | null }>()
  if (!courier || !fromPin) return out
  let next = 0
  const worker = async () => {
    while (next < ready.length) {
      const order = ready[next++]!
      try {
        const rates = await courier.rates({
          fromPin,
          toPin: order.pinCode,
          weightGrams: order.box?.billedWeightGrams ?? order.weightGrams,
          cod: order.paymentMethod === 'cod',
          declaredValuePaise: order.totalPaise,
        })
        out.set(order.id, { rates: markCheapestAndFastest(rates), error: null })
      } catch (err) {
        log.warn(`Rates for order ${order.id} failed: ${(err as Error).message}`)
        out.set(order.id, { rates: [], error: (err as Error).message })
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(RATE_QUESTIONS_AT_ONCE, ready.length) }, worker))
  return out
}

/** The cheapest (price with its COD charge) and the fastest (fewest days) couriers, marked for the owner. */
export function markCheapestAndFastest(rates: readonly CourierRate[]) {
  const cost = (r: CourierRate) => r.ratePaise
  const cheapest = rates.reduce<CourierRate | null>((best, r) => (best === null || cost(r) < cost(best) ? r : best), null)
  const withDays = rates.filter((r) => r.days !== null)
  const fastest = withDays.reduce<CourierRate | null>(
    (best, r) => (best === null || r.days! < best.days! || (r.days === best.days && cost(r) < cost(best)) ? r : best),
    null,
  )
  return [...rates].sort((a, b) => cost(a) - cost(b)).map((r) => ({ ...r, cheapest: r === cheapest, fastest: r === fastest }))
}

/** Parcels booked and not yet collected (labels to print, a pickup to ask, a booking to cancel), and those under way. */
export async function parcelsOnTheDesk(db: Database) {
  const rows = await db
    .select({
      id: shipments.id,
      reference: shipments.reference,
      provider: shipments.provider,
      status: shipments.status,
      courier: shipments.courier,
      awb: shipments.awb,
      weightGrams: shipments.weightGrams,
      box: shipments.box,
      chargePaise: shipments.chargePaise,
      pickupScheduledFor: shipments.pickupScheduledFor,
      updatedAt: shipments.updatedAt,
      orderId: orders.id,
      number: orders.number,
      numberPrefix: orders.numberPrefix,
      paymentMethod: orders.paymentMethod,
      totalPaise: orders.totalPaise,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(inArray(shipments.status, ['booking', 'booked', 'pickup_requested']))
    .orderBy(asc(shipments.createdAt))
    .limit(200)
  return rows.map((r) => ({
    ...r,
    orderLabel: orderNumberLabel(r),
    statusLabel: SHIPMENT_STATUS_LABELS[r.status],
    boxName: (r.box as { name: string }).name,
  }))
}

/** Parcels on their way whose promised day has passed: the owner may chase the courier or tell the customer. */
export async function lateParcels(db: Database, today: string) {
  return db
    .select({
      shipmentId: shipments.id,
      orderId: orders.id,
      number: orders.number,
      numberPrefix: orders.numberPrefix,
      promisedBy: orders.promisedBy,
      expectedBy: shipments.expectedBy,
      status: shipments.status,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(
      and(
        inArray(shipments.status, ['booked', 'pickup_requested', 'picked_up', 'in_transit', 'out_for_delivery', 'delivery_failed']),
        sql`coalesce(${shipments.expectedBy}, ${orders.promisedBy}) < ${today}::date`,
      ),
    )
    .orderBy(asc(orders.promisedBy))
    .limit(50)
}

/** Everything the shipping desk shows. */
export async function loadShippingDesk(db: Database, providers: ShippingProviders, settings: ShopSettings, today: string) {
  const boxes = settings.shippingBoxes
  const [ready, parcels, failed, cod, remittances, late] = await Promise.all([
    ordersReadyToShip(db, boxes),
    parcelsOnTheDesk(db),
    failedDeliveries(db),
    codAwaitingRemittance(db),
    listCodRemittances(db),
    lateParcels(db, today),
  ])
  const rates = await ratesForOrders(providers, shopPinCode(settings), ready)
  return {
    courier: providers.courier ? { name: providers.courier.name, label: providers.courier.label } : null,
    boxes,
    ready: ready.map((order) => ({ ...order, rates: rates.get(order.id) ?? { rates: [], error: null } })),
    parcels,
    failed: failedDeliveryRows(failed),
    cod,
    remittances,
    late: late.map((l) => ({ ...l, orderLabel: orderNumberLabel(l) })),
  }
}

/**
 * The order page's "Mark shipped" (the ship step, now a shipment): the owner handed the parcel to a courier or the
 * post office with this tracking number. A parcel made on the desk and waiting is handed over; a courier's booking
 * ships when the courier collects it, so it is refused here.
 */
export async function shipOrderByHand(
  db: Database,
  providers: ShippingProviders,
  shopUrl: string,
  input: { orderId: string; courier: string; trackingNumber: string; actor: string },
) {
  const [order] = await db
    .select({ status: orders.status, paymentMethod: orders.paymentMethod })
    .from(orders)
    .where(eq(orders.id, input.orderId))
  if (!order) throw new OrderNotFoundError()
  if (!stepAllowed('ship', order.status, order.paymentMethod)) throw new StepNotAllowedError('ship', order.status)
  const [live] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, input.orderId), isNull(shipments.lines), ne(shipments.status, 'cancelled')))
  const handedOver = { courier: input.courier, trackingNumber: input.trackingNumber }
  if (live?.provider === 'self' && live.status === 'booked') return handOverSelfShipped(db, shopUrl, live.id, handedOver, input.actor)
  if (live && live.provider !== 'self')
    throw new ShipmentRefusedError(
      live.courier
        ? m.shipping_booked_already_with({ courier: live.courier, awb: live.awb ? m.shipping_awb_suffix({ awb: live.awb }) : '' })
        : m.shipping_booked_already_any({ awb: live.awb ? m.shipping_awb_suffix({ awb: live.awb }) : '' }),
    )
  const { weightGrams, box } = await proposedParcel(db, input.orderId, (await getShopSettings(db)).shippingBoxes)
  const chosen = box?.box ?? { name: 'Parcel', lengthCm: 20, breadthCm: 15, heightCm: 10 }
  return bookShipment(db, providers, shopUrl, {
    orderId: input.orderId,
    provider: 'self',
    weightGrams,
    box: { name: chosen.name, lengthCm: chosen.lengthCm, breadthCm: chosen.breadthCm, heightCm: chosen.heightCm },
    courierId: null,
    handedOver,
    actor: input.actor,
  })
}
