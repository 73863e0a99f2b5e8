/** A parcel's statuses, as values: apart from shipment-statuses.ts, which words them, for the database schema. */
export const SHIPMENT_STATUSES = [
  'booking',
  'booked',
  'pickup_requested',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivery_failed',
  'delivered',
  'rto_in_transit',
  'returned_to_origin',
  'lost',
  'cancelled',
] as const
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number]
