import type { ShipmentStatus } from './shipment-statuses'

/**
 * Shiprocket's shipment status codes (a tracking answer's `shipment_status`, a webhook's `shipment_status_id`, a
 * scan's `sr-status`) as its API documentation lists them: the "Status Codes" table of the Shipments folder and the
 * "Shipment Status Codes" table of the Tracking folder of Shiprocket's Postman collection
 * (https://apidocs.shiprocket.in/, published as the collection "Shiprocket API"). The two tables overlap; where they
 * word a code differently the Shipments table's words are kept, and the codes only the Tracking table has (27, 60–78)
 * are added from it.
 *
 * Each code is read into the shop's status it means for the parcel. `null` means the code says nothing the shop moves
 * a shipment on (a pickup hitch, a delay, Shiprocket's own warehouse steps): the event is kept with Shiprocket's code
 * and words, and the shipment stays where it is.
 */
export const SHIPROCKET_STATUS_CODES: Readonly<Record<number, { label: string; status: ShipmentStatus | null }>> = {
  1: { label: 'AWB Assigned', status: 'booked' },
  2: { label: 'Label Generated', status: 'booked' },
  3: { label: 'Pickup Scheduled/Generated', status: 'pickup_requested' },
  4: { label: 'Pickup Queued', status: 'pickup_requested' },
  5: { label: 'Manifest Generated', status: 'pickup_requested' },
  // The courier scans it into its origin hub after the pickup (the documented sample: "Shipment Recieved at Origin Center").
  6: { label: 'Shipped', status: 'in_transit' },
  7: { label: 'Delivered', status: 'delivered' },
  8: { label: 'Cancelled', status: 'cancelled' },
  9: { label: 'RTO Initiated', status: 'rto_in_transit' },
  10: { label: 'RTO Delivered', status: 'returned_to_origin' },
  11: { label: 'Pending', status: null },
  12: { label: 'Lost', status: 'lost' },
  // The pickup failed or moved: the shipment is still waiting to be collected.
  13: { label: 'Pickup Error', status: null },
  14: { label: 'RTO Acknowledged', status: 'rto_in_transit' },
  15: { label: 'Pickup Rescheduled', status: 'pickup_requested' },
  // Asked, not done: only code 8 (or 45) cancels.
  16: { label: 'Cancellation Requested', status: null },
  17: { label: 'Out For Delivery', status: 'out_for_delivery' },
  18: { label: 'In Transit', status: 'in_transit' },
  19: { label: 'Out For Pickup', status: 'pickup_requested' },
  20: { label: 'Pickup Exception', status: null },
  21: { label: 'Undelivered', status: 'delivery_failed' },
  // Says when, not where: the parcel is wherever its last scan put it.
  22: { label: 'Delayed', status: null },
  // Part of a many-piece shipment: the owner has to look, so it is not read as delivered.
  23: { label: 'Partial_Delivered', status: null },
  24: { label: 'Destroyed', status: 'lost' },
  25: { label: 'Damaged', status: null },
  26: { label: 'Fulfilled', status: null },
  27: { label: 'Pickup Booked', status: 'pickup_requested' },
  38: { label: 'Reached at Destination', status: 'in_transit' },
  39: { label: 'Misrouted', status: 'in_transit' },
  40: { label: 'RTO NDR', status: 'rto_in_transit' },
  41: { label: 'RTO OFD', status: 'rto_in_transit' },
  42: { label: 'Picked Up', status: 'picked_up' },
  43: { label: 'Self Fulfilled', status: null },
  44: { label: 'DISPOSED_OFF', status: 'lost' },
  45: { label: 'CANCELLED_BEFORE_DISPATCHED', status: 'cancelled' },
  46: { label: 'RTO_IN_TRANSIT', status: 'rto_in_transit' },
  47: { label: 'QC Failed', status: null },
  48: { label: 'Reached Warehouse', status: 'in_transit' },
  49: { label: 'Custom Cleared', status: 'in_transit' },
  50: { label: 'In Flight', status: 'in_transit' },
  // The seller hands the parcel to the courier: collected.
  51: { label: 'Handover to Courier', status: 'picked_up' },
  52: { label: 'Shipment Booked', status: 'booked' },
  54: { label: 'In Transit Overseas', status: 'in_transit' },
  55: { label: 'Connection Aligned', status: 'in_transit' },
  56: { label: 'Reached Overseas Warehouse', status: 'in_transit' },
  57: { label: 'Custom Cleared Overseas', status: 'in_transit' },
  // 59–68: steps inside Shiprocket's own fulfilment warehouses, before a courier has the parcel.
  59: { label: 'Box Packing', status: null },
  60: { label: 'FC Allocated', status: null },
  61: { label: 'Picklist Generated', status: null },
  62: { label: 'Ready To Pack', status: null },
  63: { label: 'Packed', status: null },
  67: { label: 'FC MANIFEST GENERATED', status: null },
  68: { label: 'PROCESSED AT WAREHOUSE', status: null },
  71: { label: 'HANDOVER EXCEPTION', status: null },
  72: { label: 'PACKED EXCEPTION', status: null },
  // The return is decided and can no longer be undone.
  75: { label: 'RTO_LOCK', status: 'rto_in_transit' },
  // Not yet declared lost: the owner sees the words and may chase the courier.
  76: { label: 'UNTRACEABLE', status: null },
  77: { label: 'ISSUE_RELATED_TO_THE_RECIPIENT', status: 'delivery_failed' },
  78: { label: 'REACHED_BACK_AT_SELLER_CITY', status: 'rto_in_transit' },
}

/**
 * A Shiprocket code and the words that came with it, in the shop's terms. An unknown code (or "NA", which scans carry
 * for courier steps Shiprocket does not classify) gives a null status but keeps the code and the words, so the owner
 * still sees what Shiprocket said.
 */
export function readShiprocketStatus(code: string | number | null | undefined, words?: string | null) {
  const text = code === null || code === undefined ? '' : String(code).trim()
  const known = /^\d{1,4}$/.test(text) ? SHIPROCKET_STATUS_CODES[Number(text)] : undefined
  const label = words?.trim() || known?.label || text || 'Unknown'
  return { providerStatus: { code: text, label }, status: known?.status ?? null }
}
