import { m } from '~/i18n/paraglide/messages.js'
import { type ShippingProvider, ShippingProviderError } from './provider'

/**
 * The shop sends the parcel itself (no courier account, or India Post by hand): it prints its own label
 * (labels.server.ts) and the owner types the tracking number when the parcel is handed over. Nothing to book,
 * collect or track: the owner marks it delivered or returned on the order's page.
 */
export function selfShippedProvider(): ShippingProvider {
  const notACourier = (refusal: () => string) => async (): Promise<never> => {
    throw new ShippingProviderError(refusal())
  }
  return {
    name: 'self',
    label: 'Sent by the shop',
    books: false,
    async createShipment(parcel) {
      // Its own reference is its id everywhere: there is no one else's order to make.
      return { providerOrderId: parcel.reference, providerShipmentId: parcel.reference, awb: null, courier: null }
    },
    rates: async () => [],
    assignCourier: notACourier(m.shipping_self_no_assign),
    requestPickup: notACourier(m.shipping_self_no_pickup),
    labels: notACourier(m.shipping_self_no_labels),
    manifest: notACourier(m.shipping_self_no_manifest),
    cancel: async () => {},
    track: async () => null,
    answerFailedDelivery: notACourier(m.shipping_self_no_answer),
    verifyWebhook: () => false,
    parseWebhook: () => null,
  }
}
