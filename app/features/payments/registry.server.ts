import { type BrowserCheckout, type BrowserSources, NO_BROWSER_SOURCES, type PaymentProvider, PaymentProviderError } from './provider'

/**
 * The payment providers a shop runs, by id (decision 065). New orders are opened with `checkout`; every later step
 * (the browser's return, a webhook, capture, refund, the reconciliation) uses the provider the order recorded.
 */
export type PaymentProviders = {
  /** The provider new orders are opened with. */
  readonly checkout: PaymentProvider
  get(name: string): PaymentProvider | undefined
  /** The provider an order recorded; UnknownPaymentProvider when this shop does not run it (any more). */
  forOrder(name: string): PaymentProvider
  all(): readonly PaymentProvider[]
  /** Adds a provider (a second one, or one made for a test); its id must be new and address-safe. */
  register(provider: PaymentProvider): void
}

/** An order's provider the shop does not run: asked again later, and set aside for the owner if it stays so. */
export class UnknownPaymentProvider extends PaymentProviderError {
  constructor(readonly providerName: string) {
    super(`The payment provider "${providerName}" is not configured in this shop`)
  }
}

/** Provider ids go into orders.provider and into /api/webhooks/payments/:provider. */
const PROVIDER_ID = /^[a-z][a-z0-9-]{1,31}$/

export function paymentProviders(checkout: PaymentProvider, ...more: PaymentProvider[]): PaymentProviders {
  const byName = new Map<string, PaymentProvider>()
  const registry: PaymentProviders = {
    checkout,
    get: (name) => byName.get(name),
    forOrder(name) {
      const provider = byName.get(name)
      if (!provider) throw new UnknownPaymentProvider(name)
      return provider
    },
    all: () => [...byName.values()],
    register(provider) {
      if (!PROVIDER_ID.test(provider.name)) throw new Error(`A payment provider's id must match ${PROVIDER_ID}: "${provider.name}"`)
      if (byName.has(provider.name)) throw new Error(`A payment provider "${provider.name}" is registered already`)
      byName.set(provider.name, provider)
    },
  }
  for (const provider of [checkout, ...more]) registry.register(provider)
  return registry
}

/** What the domain functions take: the registry, or one provider, which stands for a registry of itself. */
export type ProviderSource = PaymentProviders | PaymentProvider

export function providersOf(source: ProviderSource): PaymentProviders {
  return 'forOrder' in source ? source : paymentProviders(source)
}

/** The hosts and features the pages must allow for the checkouts of every registered provider. */
export function browserSourcesOf(providers: readonly PaymentProvider[]): BrowserSources {
  const union = (pick: (s: BrowserSources) => readonly string[]) => [...new Set(providers.flatMap((p) => pick(p.browser.sources)))]
  if (providers.length === 0) return NO_BROWSER_SOURCES
  return {
    script: union((s) => s.script),
    frame: union((s) => s.frame),
    connect: union((s) => s.connect),
    img: union((s) => s.img),
    payment: union((s) => s.payment),
    otpCredentials: union((s) => s.otpCredentials),
    popups: providers.some((p) => p.browser.sources.popups),
  }
}

/** What the payment page needs to open an order's checkout: its provider's kind of window, script and public data. */
export function browserCheckout(provider: PaymentProvider, order: { providerOrderId: string | null; totalPaise: number }): BrowserCheckout {
  const { kind, script, payingNote } = provider.browser
  return {
    kind,
    script,
    payingNote: typeof payingNote === 'function' ? payingNote() : payingNote,
    data: provider.checkoutData({ providerOrderId: order.providerOrderId, amountPaise: order.totalPaise }),
  }
}
