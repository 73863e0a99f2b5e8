import type { ShopConfig } from './config.server'
import { log } from './log.server'
import { type DatabaseHandle, openDatabase } from './db/client.server'
import { seedDemoCatalogueIfEmpty } from './features/catalogue/seed.server'
import { type MailTransport, OUTBOX_CHANNEL, smtpTransport, startOutboxWorker } from './features/mail/outbox.server'
import { type MediaStorage, openMediaStorage } from './features/media/storage.server'
import { joinServers } from './features/servers/servers.server'
import { startPaymentReconciliation } from './features/payments/reconciliation.server'
import { razorpayProvider } from './features/payments/razorpay.server'
import { type PaymentProviders, paymentProviders } from './features/payments/registry.server'
import { testPaymentProvider } from './features/payments/test-provider.server'
import { appSecret } from './features/settings/app-secrets.server'
import { getShopSettings } from './features/settings/shop-settings.server'
import { mailSender } from './features/mail/sender'
import { createShopAuth, type ShopAuth } from './features/accounts/auth.server'
import { type ShippingProviders, shippingProviders } from './features/shipping/registry.server'
import { selfShippedProvider } from './features/shipping/self-shipped.server'
import { shiprocketProvider } from './features/shipping/shiprocket.server'
import { startShipmentTracking } from './features/shipping/shipments.server'
import { cachedCourierRates } from './features/shipping/courier-rates-cache'
import type { CourierRatesLookup } from './features/shipping/delivery-estimate'
import { shopPinCode } from './features/shipping/origin'

/** Everything a request needs from the running shop; handed to loaders and actions as context. */
export type Shop = {
  config: ShopConfig
  db: DatabaseHandle['db']
  databaseKind: DatabaseHandle['kind']
  media: MediaStorage
  /** The payment providers the shop runs: new orders open with `checkout`; each order keeps the one it was opened with. */
  payments: PaymentProviders
  /** Present only in test mode (no Razorpay keys): signs a payment as the test payment window does. */
  testPayments: ReturnType<typeof testPaymentProvider> | null
  /** The shipping providers: the shop's own labels always, a courier aggregator when one is set up (decision 073). */
  shipping: ShippingProviders
  /** The courier's rates and days for a PIN, remembered a few hours; null without a courier (days come from the zones). */
  courierRates: CourierRatesLookup | null
  /** better-auth: sign-up, sign-in, sessions, password reset (features/accounts). */
  auth: ShopAuth
  stop: () => Promise<void>
}

export async function startShop(config: ShopConfig, options: { mailTransport?: MailTransport } = {}): Promise<Shop> {
  // Media first: an unreachable bucket stops start-up before the database is opened.
  const { media, description: mediaPlace } = await openMediaStorage(config)
  log.info(`Media: ${mediaPlace}; pages link pictures ${config.PUBLIC_MEDIA_URL ? `at ${config.PUBLIC_MEDIA_URL}` : 'through /media'}.`)
  log.info(
    config.DATABASE_URL
      ? 'Opening the database (PostgreSQL) and applying migrations…'
      : `Opening the embedded database in ${config.DATA_DIR} and applying migrations…`,
  )
  const handle = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR })
  // Before anything is stored: a server whose pictures the others cannot serve stops here, naming S3_BUCKET.
  const servers = await joinServers(handle.db, config).catch(async (err) => {
    await handle.close()
    media.close?.()
    throw err
  })
  if (config.SEED_DEMO_CATALOGUE === 'auto') {
    // A CDN or the bucket cannot make a width on request: with PUBLIC_MEDIA_URL every width is made now.
    // A first start spends most of its time here: say so, and how far it got, rather than stay silent.
    let shownQuarter = 0
    const onProgress = (done: number, total: number) => {
      if (done === 0)
        log.info(
          `The database is empty: loading the demo catalogue (${total} products and their pictures), which takes a while the first time…`,
        )
      const quarter = Math.floor((done * 4) / total)
      if (quarter > shownQuarter && done < total) log.info(`Demo catalogue: pictures of ${done} of ${total} products stored…`)
      shownQuarter = Math.max(shownQuarter, quarter)
    }
    const { inserted } = await seedDemoCatalogueIfEmpty(handle.db, media, { allWidths: Boolean(config.PUBLIC_MEDIA_URL), onProgress })
    if (inserted) log.info(`Loaded the demo catalogue: ${inserted} products.`)
  }
  const transport = options.mailTransport ?? (config.SMTP_URL ? smtpTransport(config.SMTP_URL) : undefined)
  if (!transport) log.info('SMTP_URL is not set: mails wait in the outbox (visible in the admin).')
  const stopOutbox = transport
    ? startOutboxWorker(
        handle.db,
        transport,
        // The sender's name is the owner's setting, read as mails go out; MAIL_FROM gives the address (issue 39).
        async () => mailSender(config, await getShopSettings(handle.db)),
        2000,
        20,
        (wake) => handle.listen(OUTBOX_CHANNEL, wake),
      )
    : async () => {}
  const useRazorpay = Boolean(config.RAZORPAY_KEY_ID) && config.PAYMENT_MODE !== 'test'
  const testPayments = useRazorpay ? null : testPaymentProvider(await appSecret(handle.db, 'test-payment-secret'), handle.db)
  const payments = paymentProviders(
    testPayments ??
      razorpayProvider({
        keyId: config.RAZORPAY_KEY_ID!,
        keySecret: config.RAZORPAY_KEY_SECRET!,
        webhookSecret: config.RAZORPAY_WEBHOOK_SECRET!,
        apiBase: config.RAZORPAY_API_BASE,
        timeoutMs: config.RAZORPAY_TIMEOUT_SECONDS * 1000,
      }),
  )
  if (testPayments)
    log.info(
      config.RAZORPAY_KEY_ID ? 'PAYMENT_MODE=test: payments run in test mode.' : 'Razorpay is not configured: payments run in test mode.',
    )
  const auth = await startAuth(handle.db, config)
  const stopExpiry = startPaymentReconciliation(
    handle.db,
    payments,
    config.PUBLIC_URL,
    config.ORDER_EXPIRY_CHECK_SECONDS * 1000,
    config.PAYMENT_CHECK_MINUTES,
  )
  const shipping = shippingProviders(
    selfShippedProvider(),
    ...(config.SHIPROCKET_EMAIL
      ? [
          shiprocketProvider({
            email: config.SHIPROCKET_EMAIL,
            password: config.SHIPROCKET_PASSWORD!,
            pickupLocation: config.SHIPROCKET_PICKUP_LOCATION!,
            webhookToken: config.SHIPROCKET_WEBHOOK_TOKEN!,
            apiBase: config.SHIPROCKET_API_BASE,
            timeoutMs: config.SHIPROCKET_TIMEOUT_SECONDS * 1000,
          }),
        ]
      : []),
  )
  log.info(
    shipping.courier
      ? `Shipping: couriers booked through ${shipping.courier.label}.`
      : 'Shipping: no courier account set up; the shop prints its own labels.',
  )
  const courier = shipping.courier
  const courierRates = courier
    ? cachedCourierRates(async ({ pin, weightGrams, cod }) => {
        // From the shop's PIN of the moment: the owner may change the address.
        const fromPin = shopPinCode(await getShopSettings(handle.db))
        return fromPin ? courier.rates({ fromPin, toPin: pin, weightGrams, cod }) : []
      })
    : null
  // The poll asks only about parcels silent for hours (a lost webhook); looking every ten minutes is plenty.
  const stopTracking = startShipmentTracking(handle.db, shipping, config.PUBLIC_URL, 10 * 60_000)
  return {
    config,
    db: handle.db,
    databaseKind: handle.kind,
    media,
    payments,
    testPayments,
    shipping,
    courierRates,
    auth,
    async stop() {
      await stopTracking()
      await stopExpiry()
      await stopOutbox()
      await servers.stop()
      await handle.close()
      media.close?.()
    },
  }
}

/** The auth instance, with SESSION_SECRET or else a secret the shop made once and keeps in the database. */
export async function startAuth(db: DatabaseHandle['db'], config: ShopConfig) {
  const secret = config.SESSION_SECRET ?? (await appSecret(db, 'auth-secret'))
  if (config.NODE_ENV === 'production' && !config.PUBLIC_URL_SET) {
    log.warn(`PUBLIC_URL is not set: links in mails (password reset) point to ${config.PUBLIC_URL}.`)
  }
  return createShopAuth({ db, config, secret })
}
