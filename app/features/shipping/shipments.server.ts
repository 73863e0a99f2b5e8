import { inOrderLanguage } from '~/i18n/language.server'
import { m } from '~/i18n/paraglide/messages.js'
import crypto from 'node:crypto'
import { and, asc, eq, inArray, isNull, lte, ne, notInArray, sql } from 'drizzle-orm'
import type { Database, Transaction } from '~/db/client.server'
import { type OrderStatus, orderEvents, orderLines, orders, products, shipmentEvents, shipments } from '~/db/schema'
import { log } from '~/log.server'
import { enqueueMail } from '../mail/outbox.server'
import { stepAllowed, takeStep } from '../orders/fulfilment.server'
import { orderNumberLabel } from '../orders/order-number'
import { orderStatusLabel } from '../orders/status-labels'
import { getShopSettings } from '../settings/shop-settings.server'
import type { ShopSettings } from '../settings/shop-settings'
import type { FailedDeliveryAnswer, ParcelToShip, ShippingProvider, TrackingUpdate } from './provider'
import type { ShippingProviders } from './registry.server'
import {
  FINAL_SHIPMENT_STATUSES,
  SHIPMENT_STATUS_LABELS,
  type ShipmentStatus,
  shipmentMoves,
  shipmentStatusLabel,
} from './shipment-statuses'
import { cashReadyLine, deliveredMail, outForDeliveryMail, reattemptMail } from './shipment-mails'
import type { ShippingAddress } from '../checkout/checkout-schemas'
import { streetLines } from '../checkout/address-lines'

/** The statuses an order can be booked from: paid online, or a confirmed COD order, packed or not. */
export const BOOKABLE_ORDER_STATUSES: readonly OrderStatus[] = ['paid', 'confirmed', 'packed']

/** A parcel's box as the owner chose it. */
export type ShipmentBox = { name: string; lengthCm: number; breadthCm: number; heightCm: number }

export type Shipment = typeof shipments.$inferSelect

/** Why the shop would not book, label, cancel or answer: shown to the owner as it is, and nothing was changed. */
export class ShipmentRefusedError extends Error {}

/** A booking of this order is under way (on this server or another): the owner waits a moment. */
const BOOKING_LEASE_MS = 2 * 60_000

/** How long a parcel in transit may stay silent before the shop asks the courier (a webhook may be lost). */
export const TRACK_SILENT_AFTER_MS = 6 * 60 * 60_000
const TRACK_RETRY_AFTER_MS = 60 * 60_000

export type BookingInput = {
  orderId: string
  provider: string
  weightGrams: number
  box: ShipmentBox
  /** The courier the owner chose from the rates; null for the provider's recommended one. */
  courierId: string | null
  /** Self-shipped: the courier's name and the tracking number, when the parcel is handed over already. */
  handedOver?: { courier: string; trackingNumber: string } | null
  actor: string
}

/**
 * Books an order's parcel (decision 073), in three steps so that no transaction waits on the provider:
 * 1. with the order locked, the shipment is claimed (a new row in `booking`, or an earlier attempt's row whose lease
 *    ran out); a booking of the same order under way elsewhere is refused, one already made is returned;
 * 2. the provider makes its order under the shipment's reference (a lost answer is found again by that reference,
 *    never made twice) and gives it a courier and an AWB;
 * 3. with the order locked again, the shipment is booked and the order packed, each in the order's history.
 * A failure in step 2 leaves the shipment in `booking` with what the provider gave so far, and is shown to the owner.
 */
export async function bookShipment(db: Database, providers: ShippingProviders, shopUrl: string, input: BookingInput) {
  const provider = providers.forShipment(input.provider)
  const now = new Date()
  const claimed = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update')
    if (!order) throw new ShipmentRefusedError(m.shipping_no_such_order())
    const [live] = await tx
      .select()
      .from(shipments)
      .where(and(eq(shipments.orderId, order.id), isNull(shipments.lines), ne(shipments.status, 'cancelled')))
    if (live && live.status !== 'booking') return { order, shipment: live, done: true }
    if (live?.bookingLeaseUntil && live.bookingLeaseUntil > now)
      throw new ShipmentRefusedError(m.shipping_being_booked({ order: orderNumberLabel(order) }))
    if (!BOOKABLE_ORDER_STATUSES.includes(order.status))
      throw new ShipmentRefusedError(
        m.shipping_not_bookable({
          order: orderNumberLabel(order),
          status: order.status.replaceAll('_', ' '),
          label: orderStatusLabel(order.status),
        }),
      )
    if (live) {
      const [taken] = await tx
        .update(shipments)
        .set({
          bookingLeaseUntil: new Date(now.getTime() + BOOKING_LEASE_MS),
          updatedAt: now,
          provider: live.providerOrderId ? live.provider : provider.name,
          weightGrams: input.weightGrams,
          box: input.box,
        })
        .where(eq(shipments.id, live.id))
        .returning()
      return { order, shipment: taken!, done: false }
    }
    const [{ made }] = (await tx.select({ made: sql<number>`count(*)::int` }).from(shipments).where(eq(shipments.orderId, order.id))) as [
      { made: number },
    ]
    const [shipment] = await tx
      .insert(shipments)
      .values({
        id: `shp_${crypto.randomBytes(9).toString('base64url')}`,
        orderId: order.id,
        provider: provider.name,
        // Never reused at the provider, even after a cancellation: the next parcel of the order is -2.
        reference: `${orderNumberLabel(order)}-${made + 1}`,
        weightGrams: input.weightGrams,
        box: input.box,
        bookingLeaseUntil: new Date(now.getTime() + BOOKING_LEASE_MS),
        createdBy: input.actor,
      })
      .returning()
    return { order, shipment: shipment!, done: false }
  })
  if (claimed.done) return claimed.shipment
  const shipmentProvider = providers.forShipment(claimed.shipment.provider)

  // On any failure the owner may try again at once: what the provider made so far is kept and continued from.
  const releaseLease = async (err: unknown): Promise<never> => {
    await db.update(shipments).set({ bookingLeaseUntil: null }).where(eq(shipments.id, claimed.shipment.id))
    throw err
  }
  const { awb, courier, courierId, chargePaise } = await askProvider(db, shipmentProvider, claimed, input).catch(releaseLease)
  const settings = await getShopSettings(db)
  return db
    .transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, claimed.order.id)).for('update')
      const [booked] = await tx
        .update(shipments)
        .set({
          status: 'booked',
          bookingLeaseUntil: null,
          awb,
          courier,
          courierId,
          chargePaise,
          statusAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(shipments.id, claimed.shipment.id), eq(shipments.status, 'booking')))
        .returning()
      if (!booked) {
        const [current] = await tx.select().from(shipments).where(eq(shipments.id, claimed.shipment.id))
        return current!
      }
      // Handed over at once (shipped by hand from the order's page): the ship step is its one line in the history.
      if (!shipmentProvider.books && input.handedOver) {
        return handOver(tx, { order: order!, shipment: booked, settings, shopUrl, actor: input.actor, now: new Date() })
      }
      const parcel = `${(booked.weightGrams / 1000).toFixed(2)} kg in the ${input.box.name}`
      const note = shipmentProvider.books
        ? `Shipment booked with ${courier ?? 'a courier'} through ${shipmentProvider.label}, AWB ${awb}; ${parcel}`
        : `Shipment made for sending ourselves; ${parcel}`
      let status = order!.status
      if (status === 'paid' || status === 'confirmed') {
        status = 'packed'
        await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, order!.id))
      }
      await tx.insert(orderEvents).values({ orderId: order!.id, status, note, actor: input.actor })
      return booked
    })
    .catch(releaseLease)
}

/** Step 2 of a booking: the provider's order under the shipment's reference (saved at once), then its courier. */
async function askProvider(
  db: Database,
  provider: ShippingProvider,
  claimed: { order: typeof orders.$inferSelect; shipment: Shipment },
  input: BookingInput,
) {
  let made = claimed.shipment.providerOrderId
    ? {
        providerOrderId: claimed.shipment.providerOrderId,
        providerShipmentId: claimed.shipment.providerShipmentId ?? '',
        awb: claimed.shipment.awb,
        courier: claimed.shipment.courier,
      }
    : null
  if (!made) {
    // HSN and GST rate as the product has them now (the order's invoice has the ones it was issued with).
    const lines = await db
      .select({
        productId: orderLines.productId,
        size: orderLines.size,
        name: orderLines.name,
        quantity: orderLines.quantity,
        unitPricePaise: orderLines.unitPricePaise,
        hsn: products.hsnCode,
        gstRatePercent: products.gstRatePercent,
      })
      .from(orderLines)
      .leftJoin(products, eq(products.id, orderLines.productId))
      .where(eq(orderLines.orderId, claimed.order.id))
      .orderBy(asc(orderLines.name))
    made = await provider.createShipment(parcelToShip(claimed.order, lines, claimed.shipment.reference, input))
    await db
      .update(shipments)
      .set({ providerOrderId: made.providerOrderId, providerShipmentId: made.providerShipmentId, updatedAt: new Date() })
      .where(eq(shipments.id, claimed.shipment.id))
  }
  let awb = made.awb
  let courier = made.courier
  let courierId: string | null = null
  let chargePaise: number | null = null
  if (provider.books && !awb) {
    const booking = await provider.assignCourier(made.providerShipmentId, input.courierId)
    ;({ awb, courier, courierId, chargePaise } = booking)
  } else if (!provider.books && input.handedOver) {
    awb = input.handedOver.trackingNumber
    courier = input.handedOver.courier
  }
  return { awb, courier, courierId, chargePaise }
}

/** The parcel in the provider's terms: the order's lines at the prices paid, the address, the box. */
function parcelToShip(
  order: typeof orders.$inferSelect,
  lines: Array<{
    productId: string
    size: string
    name: string
    quantity: number
    unitPricePaise: number
    hsn: string | null
    gstRatePercent: number | null
  }>,
  reference: string,
  input: BookingInput,
): ParcelToShip {
  const a = order.shippingAddress as ShippingAddress
  const [line1, line2 = ''] = streetLines(a)
  return {
    reference,
    orderNumber: orderNumberLabel(order),
    placedAt: order.createdAt,
    paymentMethod: order.paymentMethod,
    totalPaise: order.totalPaise,
    subtotalPaise: order.subtotalPaise,
    deliveryPaise: order.deliveryPaise + order.codFeePaise,
    discountPaise: order.couponDiscountPaise + order.prepaidDiscountPaise,
    address: {
      name: a.fullName,
      line1: line1 ?? '',
      line2,
      city: a.city,
      state: a.state,
      pinCode: a.postalCode,
      phone: a.phoneNumber,
      email: order.email,
    },
    items: lines.map((l) => ({
      sku: l.size === 'one' ? l.productId : `${l.productId}-${l.size}`,
      name: l.size === 'one' ? l.name : `${l.name} (${l.size})`,
      units: l.quantity,
      unitPricePaise: l.unitPricePaise,
      hsn: l.hsn ?? '',
      taxRatePercent: l.gstRatePercent ?? 0,
    })),
    parcel: { weightGrams: input.weightGrams, lengthCm: input.box.lengthCm, breadthCm: input.box.breadthCm, heightCm: input.box.heightCm },
  }
}

/**
 * The parcel left the shop (the courier scanned it, or the owner handed it over): the order is shipped, with its
 * courier and AWB on the customer's pages, and the shipped mail (and a COD order's invoice) go out with it.
 */
async function handOver(
  tx: Transaction,
  {
    order,
    shipment,
    settings,
    shopUrl,
    actor,
    now,
    status = 'in_transit',
  }: {
    order: typeof orders.$inferSelect
    shipment: Shipment
    settings: ShopSettings
    shopUrl: string
    actor: string | null
    now: Date
    status?: ShipmentStatus
  },
) {
  const [moved] = await tx
    .update(shipments)
    .set({ status, statusAt: now, nextTrackAt: new Date(now.getTime() + TRACK_SILENT_AFTER_MS), updatedAt: now })
    .where(eq(shipments.id, shipment.id))
    .returning()
  await shipOrderOnce(tx, { order, shipment, actor, settings, shopUrl, now })
  return moved!
}

/**
 * The order's ship step for a parcel that left the shop (its courier and AWB, the shipped mail, a COD order's
 * invoice), unless the order was shipped already; whether it was taken.
 */
async function shipOrderOnce(
  tx: Transaction,
  {
    order,
    shipment,
    actor,
    settings,
    shopUrl,
    now,
  }: { order: typeof orders.$inferSelect; shipment: Shipment; actor: string | null; settings: ShopSettings; shopUrl: string; now: Date },
) {
  if (!stepAllowed('ship', order.status, order.paymentMethod)) return false
  const input = { step: 'ship' as const, courier: shipment.courier ?? 'Courier', trackingNumber: shipment.awb ?? shipment.reference }
  await takeStep(tx, { order, input, actor, settings, shopUrl, now })
  return true
}

export type TrackingResult = 'applied' | 'kept' | 'replay' | 'unknown-parcel'

/**
 * A courier's tracking event (its webhook, or the poll's answer), applied once (decision 073): the event's key is
 * written in the same transaction as its effect, so a replay, or the same event delivered to two servers, changes
 * nothing the second time. An event moves the shipment only forwards (shipmentMoves); an older one is kept and moves
 * nothing. A move is a line of the order's history, and moves the order: picked up → shipped (mail, COD invoice),
 * out for delivery (mail), delivered (mail; a COD order's cash is with the courier), returned to origin.
 */
export async function applyTrackingUpdate(
  db: Database,
  shopUrl: string,
  providerName: string,
  update: TrackingUpdate,
  now = new Date(),
): Promise<TrackingResult> {
  const settings = await getShopSettings(db)
  return db.transaction(async (tx) => {
    const [shipment] = await tx
      .select()
      .from(shipments)
      .where(and(eq(shipments.provider, providerName), eq(shipments.awb, update.awb)))
      .for('update')
    if (!shipment) return 'unknown-parcel'
    const key = update.deliveryId ?? `${providerName}:${update.awb}:${update.providerStatus.code}:${update.at.toISOString()}`
    const moves = update.status !== null && shipmentMoves(shipment.status, shipment.statusAt, update.status, update.at)
    const [recorded] = await tx
      .insert(shipmentEvents)
      .values({
        key,
        shipmentId: shipment.id,
        providerStatus: `${update.providerStatus.code} ${update.providerStatus.label}`.trim(),
        status: update.status,
        at: update.at,
        applied: moves,
      })
      .onConflictDoNothing()
      .returning({ key: shipmentEvents.key })
    if (!recorded) return 'replay'
    const newest = shipment.statusAt === null || update.at.getTime() >= shipment.statusAt.getTime()
    if (newest) {
      await tx
        .update(shipments)
        .set({
          providerStatus: `${update.providerStatus.code} ${update.providerStatus.label}`.trim(),
          ...(update.scans.length > 0 ? { scans: update.scans.map((s) => ({ ...s, at: s.at.toISOString() })) } : {}),
          ...(update.expectedBy ? { expectedBy: update.expectedBy } : {}),
          updatedAt: now,
        })
        .where(eq(shipments.id, shipment.id))
    }
    if (!moves || update.status === null) {
      if (update.status === null)
        log.warn(
          `Courier status "${update.providerStatus.code} ${update.providerStatus.label}" for AWB ${update.awb} is not one the shop knows: kept, nothing moved.`,
        )
      return 'kept'
    }
    const next = update.status
    const final = FINAL_SHIPMENT_STATUSES.includes(next)
    const [moved] = await tx
      .update(shipments)
      .set({
        status: next,
        statusAt: update.at,
        nextTrackAt: final ? null : new Date(now.getTime() + TRACK_SILENT_AFTER_MS),
        ...(next === 'delivery_failed'
          ? {
              failureReason: update.failure?.reason ?? 'The courier could not deliver',
              deliveryAttempts: update.failure?.attempts ?? shipment.deliveryAttempts + 1,
            }
          : next === 'out_for_delivery' || next === 'in_transit'
            ? {}
            : { failureReason: null }),
        updatedAt: now,
      })
      .where(eq(shipments.id, shipment.id))
      .returning()
    await moveOrder(tx, { shipment: moved!, settings, shopUrl, now })
    return 'applied'
  })
}

/** The order's side of a shipment's move, with its line in the history (actor null: the shop itself). */
async function moveOrder(
  tx: Transaction,
  { shipment, settings, shopUrl, now }: { shipment: Shipment; settings: ShopSettings; shopUrl: string; now: Date },
) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, shipment.orderId)).for('update')
  if (!order) return
  let current = order
  const parcel = `${shipment.courier ?? 'courier'}, AWB ${shipment.awb}`
  const status = shipment.status
  // The history line is a record, written in English whatever the language of the request that moved the parcel.
  const reached = shipmentStatusLabel(status, 'en')
  // Any sign of the parcel on the way means it left the shop, even when the pickup's own event was lost.
  const leftTheShop = status !== 'cancelled' && status !== 'booking' && status !== 'booked' && status !== 'pickup_requested'
  if (leftTheShop && (await shipOrderOnce(tx, { order: current, shipment, actor: null, settings, shopUrl, now }))) {
    ;[current] = (await tx.select().from(orders).where(eq(orders.id, order.id))) as [typeof order]
    if (status === 'picked_up' || status === 'in_transit') return
  }
  if (status === 'delivered' && current.status === 'shipped') {
    await takeStep(tx, { order: current, input: { step: 'deliver' }, actor: null, settings, shopUrl, now })
    if (current.paymentMethod === 'cod')
      await tx.insert(orderEvents).values({
        orderId: order.id,
        status: 'delivered',
        note: `Delivered (${parcel}); the cash is with the courier until it is remitted`,
        actor: null,
      })
    await enqueueMail(
      tx,
      inOrderLanguage(current, () => deliveredMail(current, shopUrl, settings)),
    )
    return
  }
  if (status === 'returned_to_origin' && current.status === 'shipped') {
    await takeStep(tx, {
      order: current,
      input: {
        step: 'return',
        resellable: 'no',
        reason: `Returned by the courier (${parcel}): check the goods, then put what can be sold back in stock`,
      },
      actor: null,
      settings,
      shopUrl,
      now,
    })
    return
  }
  const failure = status === 'delivery_failed' ? `: ${shipment.failureReason} (attempt ${shipment.deliveryAttempts})` : ''
  await tx.insert(orderEvents).values({ orderId: order.id, status: current.status, note: `${reached}${failure} (${parcel})`, actor: null })
  if (status === 'out_for_delivery') {
    await enqueueMail(
      tx,
      inOrderLanguage(current, () =>
        outForDeliveryMail(
          current,
          shipment,
          shopUrl,
          settings,
          current.paymentMethod === 'cod' ? cashReadyLine(current.totalPaise) : null,
        ),
      ),
    )
  }
}

/**
 * Asks the courier about parcels in transit that have been silent for a while (TRACK_SILENT_AFTER_MS), in case a
 * webhook was lost; each answer goes through applyTrackingUpdate, so what a webhook already said changes nothing.
 */
export async function trackSilentShipments(db: Database, providers: ShippingProviders, shopUrl: string, now = new Date(), batch = 20) {
  const bookers = providers.all().filter((p) => p.books)
  if (bookers.length === 0) return 0
  const due = await db
    .select()
    .from(shipments)
    .where(
      and(
        lte(shipments.nextTrackAt, now),
        inArray(
          shipments.provider,
          bookers.map((p) => p.name),
        ),
      ),
    )
    .orderBy(asc(shipments.nextTrackAt))
    .limit(batch)
  let applied = 0
  for (const shipment of due) {
    const provider = providers.forShipment(shipment.provider)
    try {
      const update = shipment.awb ? await provider.track(shipment.awb) : null
      if (update && (await applyTrackingUpdate(db, shopUrl, provider.name, update, now)) === 'applied') applied += 1
      // Asked: the next question waits for the next silence (an applied move pushed it back already).
      await db
        .update(shipments)
        .set({
          nextTrackAt: sql`case when ${inArray(shipments.status, [...FINAL_SHIPMENT_STATUSES])} then null else ${new Date(now.getTime() + TRACK_SILENT_AFTER_MS).toISOString()}::timestamptz end`,
        })
        .where(and(eq(shipments.id, shipment.id), lte(shipments.nextTrackAt, now)))
    } catch (err) {
      log.warn(`Tracking ${shipment.awb} at ${provider.label} failed: ${(err as Error).message}; asking again in an hour.`)
      await db
        .update(shipments)
        .set({ nextTrackAt: new Date(now.getTime() + TRACK_RETRY_AFTER_MS) })
        .where(eq(shipments.id, shipment.id))
    }
  }
  return applied
}

/** Runs trackSilentShipments every `everyMs` on this server; several servers may, as events apply once. */
export function startShipmentTracking(db: Database, providers: ShippingProviders, shopUrl: string, everyMs: number) {
  if (!providers.courier) return async () => {}
  let running: Promise<unknown> | null = null
  const timer = setInterval(() => {
    if (running) return
    running = trackSilentShipments(db, providers, shopUrl)
      .catch((err) => log.error(`Shipment tracking failed: ${(err as Error).message}`))
      .finally(() => {
        running = null
      })
  }, everyMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}

/** The chosen parcels, all of them; refused when none is chosen or one is gone. */
async function chosenShipments(db: Database, ids: readonly string[]) {
  if (ids.length === 0) throw new ShipmentRefusedError(m.shipping_choose_one_parcel())
  const rows = await db
    .select()
    .from(shipments)
    .where(inArray(shipments.id, [...ids]))
  if (rows.length !== new Set(ids).size) throw new ShipmentRefusedError(m.shipping_parcel_gone())
  return rows
}

/** The shipments with these ids, each with its provider; refused when one is missing or has not been booked. */
async function bookedShipments(db: Database, providers: ShippingProviders, ids: readonly string[]) {
  const rows = await chosenShipments(db, ids)
  const unbooked = rows.find((s) => s.status === 'booking' || s.status === 'cancelled')
  if (unbooked)
    throw new ShipmentRefusedError(
      m.shipping_parcel_no_label({ reference: unbooked.reference, status: SHIPMENT_STATUS_LABELS[unbooked.status].toLowerCase() }),
    )
  const names = new Set(rows.map((s) => s.provider))
  if (names.size > 1) throw new ShipmentRefusedError(m.shipping_same_way())
  return { rows, provider: providers.forShipment(rows[0]!.provider) }
}

/** One PDF of the labels of these parcels: the provider's, or the shop's own for self-shipped ones. */
export async function shipmentLabels(
  db: Database,
  providers: ShippingProviders,
  ids: readonly string[],
  selfShippedLabels: (rows: Shipment[]) => Promise<Uint8Array>,
) {
  const { rows, provider } = await bookedShipments(db, providers, ids)
  if (!provider.books) return selfShippedLabels(rows)
  return provider.labels(rows.map((s) => s.providerShipmentId!))
}

/** The packing slips of these parcels, whoever carries them: what the packer puts in each box. */
export async function shipmentPackingSlips(db: Database, ids: readonly string[], slips: (rows: Shipment[]) => Promise<Uint8Array>) {
  return slips(await chosenShipments(db, ids))
}

/** The courier's manifest for these parcels (the list the pickup person signs). */
export async function shipmentManifest(db: Database, providers: ShippingProviders, ids: readonly string[]) {
  const { rows, provider } = await bookedShipments(db, providers, ids)
  if (!provider.books) throw new ShipmentRefusedError(m.shipping_self_no_manifest())
  return provider.manifest(rows.map((s) => s.providerShipmentId!))
}

/** Asks the courier to collect these booked parcels; each gets a line in its order's history. */
export async function requestPickup(db: Database, providers: ShippingProviders, ids: readonly string[], actor: string) {
  const { rows, provider } = await bookedShipments(db, providers, ids)
  if (!provider.books) throw new ShipmentRefusedError(m.shipping_self_not_collected())
  const waiting = rows.filter((s) => s.status === 'booked')
  if (waiting.length === 0) throw new ShipmentRefusedError(m.shipping_pickup_already())
  const { scheduledFor } = await provider.requestPickup(waiting.map((s) => s.providerShipmentId!))
  const now = new Date()
  await db.transaction(async (tx) => {
    for (const shipment of waiting) {
      const [moved] = await tx
        .update(shipments)
        .set({ status: 'pickup_requested', pickupRequestedAt: now, pickupScheduledFor: scheduledFor, statusAt: now, updatedAt: now })
        .where(and(eq(shipments.id, shipment.id), eq(shipments.status, 'booked')))
        .returning()
      if (!moved) continue
      const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, shipment.orderId))
      await tx.insert(orderEvents).values({
        orderId: shipment.orderId,
        status: order!.status,
        note: `Pickup requested from ${shipment.courier ?? provider.label}${scheduledFor ? ` for ${scheduledFor}` : ''} (AWB ${shipment.awb})`,
        actor,
      })
    }
  })
  return { requested: waiting.length, scheduledFor }
}

/** Cancels a booking the courier has not collected: the provider first; the shipment and the history only if it agreed. */
export async function cancelShipment(db: Database, providers: ShippingProviders, id: string, actor: string) {
  const [shipment] = await db.select().from(shipments).where(eq(shipments.id, id))
  if (!shipment) throw new ShipmentRefusedError(m.shipping_no_such_parcel())
  if (!['booking', 'booked', 'pickup_requested'].includes(shipment.status))
    throw new ShipmentRefusedError(
      m.shipping_parcel_not_cancellable({ reference: shipment.reference, status: SHIPMENT_STATUS_LABELS[shipment.status].toLowerCase() }),
    )
  const provider = providers.forShipment(shipment.provider)
  if (shipment.providerOrderId && provider.books) await provider.cancel(shipment.providerOrderId)
  const now = new Date()
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, shipment.orderId)).for('update')
    const [cancelled] = await tx
      .update(shipments)
      .set({ status: 'cancelled', statusAt: now, nextTrackAt: null, updatedAt: now })
      .where(and(eq(shipments.id, id), notInArray(shipments.status, [...FINAL_SHIPMENT_STATUSES])))
      .returning()
    if (cancelled)
      await tx.insert(orderEvents).values({
        orderId: shipment.orderId,
        status: order!.status,
        note: `Shipment ${shipment.reference} cancelled${shipment.awb ? ` (AWB ${shipment.awb})` : ''}: book it again to send the order`,
        actor,
      })
    return cancelled ?? shipment
  })
}

/** The owner's answer to a failed delivery, sent to the courier; a re-attempt is told to the customer. */
export async function answerFailedDelivery(
  db: Database,
  providers: ShippingProviders,
  shopUrl: string,
  id: string,
  answer: FailedDeliveryAnswer,
  actor: string,
) {
  const [shipment] = await db.select().from(shipments).where(eq(shipments.id, id))
  if (!shipment) throw new ShipmentRefusedError(m.shipping_no_such_parcel())
  if (shipment.status !== 'delivery_failed' || !shipment.awb)
    throw new ShipmentRefusedError(
      m.shipping_parcel_not_waiting({ reference: shipment.reference, status: SHIPMENT_STATUS_LABELS[shipment.status].toLowerCase() }),
    )
  const provider = providers.forShipment(shipment.provider)
  await provider.answerFailedDelivery(shipment.awb, answer)
  const settings = await getShopSettings(db)
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, shipment.orderId)).for('update')
    const note =
      answer.action === 'reattempt'
        ? [
            'Asked the courier to deliver again',
            answer.on ? `on ${answer.on}` : '',
            answer.phone ? `phone ${answer.phone}` : '',
            answer.addressLine ? `address: ${answer.addressLine}` : '',
            answer.comment,
          ]
            .filter(Boolean)
            .join('; ')
        : ['Asked the courier to return the parcel', answer.comment].filter(Boolean).join('; ')
    await tx.insert(orderEvents).values({ orderId: order!.id, status: order!.status, note, actor })
    // The answer is given: the list of failed deliveries waits for the courier's next event.
    await tx.update(shipments).set({ failureReason: null, updatedAt: new Date() }).where(eq(shipments.id, id))
    if (answer.action === 'reattempt')
      await enqueueMail(
        tx,
        inOrderLanguage(order!, () => reattemptMail(order!, shipment, answer.on, shopUrl, settings)),
      )
  })
}

/** Parcels the courier could not deliver and the owner has not answered yet, newest first. */
export async function failedDeliveries(db: Database) {
  return db
    .select({
      shipment: shipments,
      orderNumber: orders.number,
      numberPrefix: orders.numberPrefix,
      paymentMethod: orders.paymentMethod,
      totalPaise: orders.totalPaise,
      shippingAddress: orders.shippingAddress,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(eq(shipments.status, 'delivery_failed'), sql`${shipments.failureReason} is not null`))
    .orderBy(sql`${shipments.statusAt} desc`)
}

/** Failed deliveries as the dashboard and the desk list them (components/shipping/failed-deliveries.tsx). */
export function failedDeliveryRows(failed: Awaited<ReturnType<typeof failedDeliveries>>) {
  return failed.map((f) => ({
    id: f.shipment.id,
    orderId: f.shipment.orderId,
    orderLabel: orderNumberLabel({ number: f.orderNumber, numberPrefix: f.numberPrefix }),
    courier: f.shipment.courier,
    awb: f.shipment.awb,
    reason: f.shipment.failureReason,
    attempts: f.shipment.deliveryAttempts,
    at: f.shipment.statusAt,
    paymentMethod: f.paymentMethod,
    phone: (f.shippingAddress as ShippingAddress).phoneNumber,
  }))
}

/** The parcels of an order, oldest first. */
export async function shipmentsOf(db: Database, orderId: string) {
  return db.select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(asc(shipments.createdAt))
}

/** A parcel the shop sends itself, handed to the courier or the post office: its tracking number, and the order ships. */
export async function handOverSelfShipped(
  db: Database,
  shopUrl: string,
  id: string,
  handedOver: { courier: string; trackingNumber: string },
  actor: string,
) {
  const settings = await getShopSettings(db)
  return db.transaction(async (tx) => {
    const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, id))
    if (!shipment) throw new ShipmentRefusedError(m.shipping_no_such_parcel())
    if (shipment.status !== 'booked')
      throw new ShipmentRefusedError(
        m.shipping_parcel_already({ reference: shipment.reference, status: SHIPMENT_STATUS_LABELS[shipment.status].toLowerCase() }),
      )
    const [order] = await tx.select().from(orders).where(eq(orders.id, shipment.orderId)).for('update')
    const [named] = await tx
      .update(shipments)
      .set({ courier: handedOver.courier, awb: handedOver.trackingNumber, updatedAt: new Date() })
      .where(eq(shipments.id, id))
      .returning()
    return handOver(tx, { order: order!, shipment: named!, settings, shopUrl, actor, now: new Date() })
  })
}
