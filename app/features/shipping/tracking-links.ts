/**
 * Where the customer can follow a parcel on the courier's side, by the provider that booked it. A plain module: the
 * tracking page builds the link without the provider's server code. Self-shipped parcels have none (the owner's
 * courier or India Post has its own site, which the shop does not know).
 */
const TRACKING_PAGES: Record<string, (awb: string) => string> = {
  // Shiprocket's public tracking page, which it links in its own tracking mails.
  shiprocket: (awb) => `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`,
}

export function trackingLinkOf(provider: string, awb: string) {
  return TRACKING_PAGES[provider]?.(awb) ?? null
}
