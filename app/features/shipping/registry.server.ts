import type { ShippingProvider } from './provider'

/**
 * The shipping providers a shop runs, by id (decision 073): the self-shipped one always, a courier aggregator
 * (Shiprocket) when its account is set up. New parcels are booked with `courier` when there is one; every later step
 * (labels, pickup, tracking, a failed delivery's answer) uses the provider the shipment recorded.
 */
export type ShippingProviders = {
  /** The provider that books couriers, when the shop has one set up. */
  readonly courier: ShippingProvider | null
  get(name: string): ShippingProvider | undefined
  /** The provider a shipment recorded; an error naming it when this shop does not run it (any more). */
  forShipment(name: string): ShippingProvider
  all(): readonly ShippingProvider[]
}

const PROVIDER_ID = /^[a-z][a-z0-9-]{1,31}$/

export function shippingProviders(...providers: ShippingProvider[]): ShippingProviders {
  const byName = new Map<string, ShippingProvider>()
  for (const provider of providers) {
    if (!PROVIDER_ID.test(provider.name)) throw new Error(`A shipping provider's id must match ${PROVIDER_ID}: "${provider.name}"`)
    if (byName.has(provider.name)) throw new Error(`A shipping provider "${provider.name}" is registered already`)
    byName.set(provider.name, provider)
  }
  return {
    courier: providers.find((p) => p.books) ?? null,
    get: (name) => byName.get(name),
    forShipment(name) {
      const provider = byName.get(name)
      if (!provider) throw new Error(`The shipping provider "${name}" is not set up in this shop`)
      return provider
    },
    all: () => [...byName.values()],
  }
}
