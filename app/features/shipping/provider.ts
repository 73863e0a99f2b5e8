/**
 * What the shop needs from a shipping provider (decision 073), in the shop's words: an order created at the provider,
 * rates and delivery dates for a PIN, a booking with a courier (an AWB), labels, a pickup, a manifest, a cancellation,
 * tracking, failed deliveries (NDR) and its tracking webhook read into the shop's own shipment events. Shiprocket
 * (shiprocket.server.ts) and the shop's own labels (self-shipped.server.ts) are two; the registry
 * (registry.server.ts) holds the ones a shop runs, and each shipment records the one it was booked with.
 */
export interface ShippingProvider {
  /** The provider's id, recorded on every shipment (shipments.provider). */
  readonly name: string
  /** The name the owner reads ("Shiprocket", "Self-shipped"). */
  readonly label: string
  /** Whether it books couriers and tracks parcels itself; a self-shipped parcel's tracking number is the owner's to type. */
  readonly books: boolean
  /**
   * Creates the parcel's order at the provider. `reference` is the shop's id for this shipment (≤ 50 characters),
   * unique for ever at the provider: asked again after a lost answer, the provider's existing order is returned.
   */
  createShipment(input: ParcelToShip): Promise<ProviderShipment>
  /** Couriers that serve the route, with their price and days; empty when none does. */
  rates(input: RateQuestion): Promise<CourierRate[]>
  /** Gives the shipment an AWB with a courier (the recommended one when `courierId` is null). */
  assignCourier(providerShipmentId: string, courierId: string | null): Promise<CourierBooking>
  /** Asks the courier to collect these shipments; returns the pickup's date when the provider gives one. */
  requestPickup(providerShipmentIds: readonly string[]): Promise<{ scheduledFor: string | null }>
  /** One PDF of labels for these shipments. */
  labels(providerShipmentIds: readonly string[]): Promise<Uint8Array>
  /** The courier's manifest (the hand-over list) for these shipments, as a PDF. */
  manifest(providerShipmentIds: readonly string[]): Promise<Uint8Array>
  /** Cancels the provider's order (and its AWB): the parcel will not be collected. */
  cancel(providerOrderId: string): Promise<void>
  /** The parcel's journey as the courier reports it now. */
  track(awb: string): Promise<TrackingUpdate | null>
  /** Tells the courier what to do with a failed delivery: try again (with new details) or send it back. */
  answerFailedDelivery(awb: string, answer: FailedDeliveryAnswer): Promise<void>
  /** Whether a webhook delivery is the provider's own (Shiprocket: the x-api-key token, compared in constant time). */
  verifyWebhook(delivery: { headers: Headers; rawBody: string }): boolean
  /** A verified delivery in the shop's words; null when it is not a tracking event the shop acts on. */
  parseWebhook(delivery: { headers: Headers; rawBody: string }): TrackingUpdate | null
  /** The parcels whose delivery failed and wait for the owner's answer, as the provider lists them (Shiprocket: NDR). */
  failedDeliveries?(): Promise<FailedDelivery[]>
}

/** A failed delivery waiting for an answer (answerFailedDelivery), in the courier's words. */
export type FailedDelivery = {
  awb: string
  providerShipmentId: string
  courier: string | null
  reason: string
  attempts: number
  /** When the courier reported it, when the provider says. */
  raisedAt: Date | null
  providerStatus: { code: string; label: string }
}

export type ParcelToShip = {
  reference: string
  orderNumber: string
  placedAt: Date
  paymentMethod: 'online' | 'cod'
  /** What the courier collects in cash (COD), or the order's value (prepaid). */
  totalPaise: number
  subtotalPaise: number
  deliveryPaise: number
  discountPaise: number
  address: {
    name: string
    line1: string
    line2: string
    city: string
    state: string
    pinCode: string
    phone: string
    email: string
  }
  items: { sku: string; name: string; units: number; unitPricePaise: number; hsn: string; taxRatePercent: number }[]
  parcel: Parcel
}

/** A box's outside size (cm) and the parcel's weight (g). */
export type Parcel = { weightGrams: number; lengthCm: number; breadthCm: number; heightCm: number }

export type ProviderShipment = { providerOrderId: string; providerShipmentId: string; awb: string | null; courier: string | null }

export type RateQuestion = { fromPin: string; toPin: string; weightGrams: number; cod: boolean; declaredValuePaise?: number }

export type CourierRate = {
  courierId: string
  courier: string
  ratePaise: number
  codChargePaise: number
  /** Days from pickup to delivery the courier states, and its expected date (India's calendar, yyyy-mm-dd) when given. */
  days: number | null
  expectedBy: string | null
  recommended: boolean
}

export type CourierBooking = { awb: string; courierId: string; courier: string; chargePaise: number | null }

/** The shop's own statuses of a parcel (SHIPMENT_STATUSES), to which each provider's codes are read. */
export type TrackingUpdate = {
  awb: string
  /** The provider's own code and words, kept even when the shop does not know them. */
  providerStatus: { code: string; label: string }
  status: import('./shipment-statuses').ShipmentStatus | null
  /** When the courier recorded it. */
  at: Date
  expectedBy: string | null
  scans: TrackingScan[]
  /** Why a delivery failed, and which attempt it was, when the provider says. */
  failure: { reason: string; attempts: number } | null
  /** Set when the provider's delivery has an id of its own to recognise a replay by. */
  deliveryId?: string
  /** The courier's public tracking page for this parcel, when the provider gives one. */
  trackingUrl?: string | null
}

export type TrackingScan = { at: Date; place: string; activity: string }

export type FailedDeliveryAnswer =
  | { action: 'reattempt'; on: string | null; phone: string | null; addressLine: string | null; comment: string }
  | { action: 'return'; comment: string }

/** A provider's refusal in its own words (Shiprocket's `message`), shown to the owner as it is. */
export class ShippingProviderError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null = null,
    /** The provider's field errors, when it gives them (Shiprocket's 422 `errors`). */
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message)
  }
}
