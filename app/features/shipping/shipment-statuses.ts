import { wordedWhenRead } from '~/i18n/worded'
import { m } from '~/i18n/paraglide/messages.js'

/**
 * A shipment's statuses, in the order a parcel lives them (decision 073). A plain module: pages show them without
 * Drizzle. `booking` is the shop's own mark while the provider is asked (a lost answer is looked up, not re-created).
 */
export { SHIPMENT_STATUSES, type ShipmentStatus } from './shipment-status-list'
import type { ShipmentStatus } from './shipment-status-list'

/** Where nothing moves a shipment any more. */
export const FINAL_SHIPMENT_STATUSES: readonly ShipmentStatus[] = ['delivered', 'returned_to_origin', 'lost', 'cancelled']

/**
 * How far along the way a status is. A tracking event moves a shipment only forwards; the delivery attempts
 * (out for delivery ⇄ failed, and back in transit to a re-attempt) share one stage and move by the courier's time
 * of the event, so a late event cannot undo a newer one.
 */
const STAGE: Record<ShipmentStatus, number> = {
  booking: 0,
  booked: 1,
  pickup_requested: 2,
  picked_up: 3,
  in_transit: 4,
  out_for_delivery: 4,
  delivery_failed: 4,
  delivered: 9,
  rto_in_transit: 6,
  returned_to_origin: 9,
  lost: 9,
  cancelled: 9,
}

/**
 * Whether a tracking event of status `next` recorded at `nextAt` moves a shipment that is `current` since the event
 * recorded at `currentAt` (null: no event yet). Final statuses stay; a later stage always moves; within the delivery
 * stage only a newer event does.
 */
export function shipmentMoves(current: ShipmentStatus, currentAt: Date | null, next: ShipmentStatus, nextAt: Date) {
  if (current === next || FINAL_SHIPMENT_STATUSES.includes(current)) return false
  if (STAGE[next] > STAGE[current]) return true
  if (STAGE[next] < STAGE[current]) return false
  return currentAt === null || nextAt.getTime() > currentAt.getTime()
}

const STATUS_LABELS: Record<ShipmentStatus, (inputs?: Record<string, never>, options?: { locale?: 'en' | 'ta' }) => string> = {
  booking: m.shipping_status_booking,
  booked: m.shipping_status_booked,
  pickup_requested: m.shipping_status_pickup_requested,
  picked_up: m.shipping_status_picked_up,
  in_transit: m.shipping_status_in_transit,
  out_for_delivery: m.shipping_status_out_for_delivery,
  delivery_failed: m.shipping_status_delivery_failed,
  delivered: m.shipping_status_delivered,
  rto_in_transit: m.shipping_status_rto_in_transit,
  returned_to_origin: m.shipping_status_returned_to_origin,
  lost: m.shipping_status_lost,
  cancelled: m.shipping_status_cancelled,
}

/** How a parcel's status reads, in the language being answered unless told (history lines are English records). */
export function shipmentStatusLabel(status: ShipmentStatus, locale?: 'en' | 'ta'): string {
  return STATUS_LABELS[status]({}, locale ? { locale } : undefined)
}

/** How a parcel's status reads, worded when read (a getter) in the language being answered, never when this loads. */
export const SHIPMENT_STATUS_LABELS = wordedWhenRead<ShipmentStatus>(STATUS_LABELS)
