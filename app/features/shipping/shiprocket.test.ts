import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { pdfPages } from '../../../tests/support/pdf-text'
import { startShiprocketStandIn } from '../../../tests/support/shiprocket-standin'
import { type ParcelToShip, ShippingProviderError } from './provider'
import { etdToDate, fromIndiaTimestamp, ShiprocketNoAnswerError, shiprocketProvider } from './shiprocket.server'
import { readShiprocketStatus, SHIPROCKET_STATUS_CODES } from './shiprocket-statuses'

const EMAIL = 'api-user@kaadu.example'
const PASSWORD = 'a long api password'
const WEBHOOK_TOKEN = 'x7Yq2-webhook-token-set-in-the-panel'
const DAY = 24 * 60 * 60 * 1000
const START = new Date('2026-11-20T06:30:00Z')

let clock = START
let standIn: Awaited<ReturnType<typeof startShiprocketStandIn>>

const shiprocket = (over: Partial<Parameters<typeof shiprocketProvider>[0]> = {}) =>
  shiprocketProvider({
    email: EMAIL,
    password: PASSWORD,
    pickupLocation: 'Kaadu Warehouse',
    webhookToken: WEBHOOK_TOKEN,
    apiBase: standIn.url,
    timeoutMs: 5_000,
    now: () => clock,
    ...over,
  })

function parcel(reference: string, over: Partial<ParcelToShip> = {}): ParcelToShip {
  return {
    reference,
    orderNumber: 'KO-1042',
    // 00:15 on 20 November in India.
    placedAt: new Date('2026-11-19T18:45:00Z'),
    paymentMethod: 'cod',
    totalPaise: 74_900,
    subtotalPaise: 70_000,
    deliveryPaise: 4_900,
    discountPaise: 0,
    address: {
      name: 'Meera Krishnan Nair',
      line1: '14, 2nd Cross, Indiranagar',
      line2: 'Near the water tank',
      city: 'Bengaluru',
      state: 'Karnataka',
      pinCode: '560038',
      phone: '+91 98450 12345',
      email: 'meera@example.in',
    },
    items: [{ sku: 'HONEY-500', name: 'Wild forest honey, 500 g', units: 2, unitPricePaise: 35_000, hsn: '0409', taxRatePercent: 5 }],
    parcel: { weightGrams: 1_200, lengthCm: 20, breadthCm: 15, heightCm: 10 },
    ...over,
  }
}

const requestsTo = (path: RegExp) => standIn.state.requests.filter((r) => path.test(r.path))
async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(ShippingProviderError)
  return err as ShippingProviderError
}
/** A booked parcel: created, with an AWB. */
async function booked(reference: string, provider = shiprocket()) {
  const created = await provider.createShipment(parcel(reference))
  const booking = await provider.assignCourier(created.providerShipmentId, null)
  return { ...created, ...booking }
}

beforeAll(async () => {
  standIn = await startShiprocketStandIn({ email: EMAIL, password: PASSWORD, now: () => clock })
})
afterAll(async () => {
  await standIn?.close()
})
beforeEach(() => {
  clock = START
  standIn.reset()
  standIn.state.tokenLifeSeconds = 10 * 24 * 60 * 60
  standIn.state.tokensCarryExpiry = true
})

describe('the Shiprocket provider against its stand-in', () => {
  describe('logging in', () => {
    it('logs in once for ten bookings made at once, and sends the token as a bearer', async () => {
      const provider = shiprocket()
      const before = standIn.state.logins
      const made = await Promise.all(Array.from({ length: 10 }, (_, i) => provider.createShipment(parcel(`SHP-TEN-${i}`))))
      expect(standIn.state.logins - before).toBe(1)
      expect(new Set(made.map((m) => m.providerShipmentId)).size).toBe(10)
      const login = requestsTo(/auth\/login/).at(-1)!
      expect(login.body).toEqual({ email: EMAIL, password: PASSWORD })
      const creates = requestsTo(/orders\/create\/adhoc/).slice(-10)
      expect(new Set(creates.map((r) => r.headers.authorization)).size).toBe(1)
      expect(creates[0]!.headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/)
    })

    it('logs in again before the ten days are up, reading the token’s expiry', async () => {
      const provider = shiprocket()
      const before = standIn.state.logins
      await provider.rates({ fromPin: '560001', toPin: '110001', weightGrams: 500, cod: false })
      clock = new Date(START.getTime() + 8 * DAY)
      await provider.rates({ fromPin: '560001', toPin: '110001', weightGrams: 500, cod: false })
      expect(standIn.state.logins - before).toBe(1)
      // Nine and a half days in, a day before the token's exp: one new log-in, shared by the calls that need it.
      clock = new Date(START.getTime() + 9.5 * DAY)
      await Promise.all([1, 2, 3].map(() => provider.rates({ fromPin: '560001', toPin: '110001', weightGrams: 500, cod: false })))
      expect(standIn.state.logins - before).toBe(2)
      expect(requestsTo(/courier\/serviceability/).some((r) => r.headers.authorization === undefined)).toBe(false)
    })

    it('counts nine days itself when the token carries no expiry', async () => {
      standIn.state.tokensCarryExpiry = false
      const provider = shiprocket()
      const before = standIn.state.logins
      await provider.track('1')
      clock = new Date(START.getTime() + 8.9 * DAY)
      await provider.track('1')
      expect(standIn.state.logins - before).toBe(1)
      clock = new Date(START.getTime() + 9.1 * DAY)
      await provider.track('1')
      expect(standIn.state.logins - before).toBe(2)
    })

    it('logs in again once after a 401 and repeats the call; ten calls refused at once log in once', async () => {
      const provider = shiprocket()
      await provider.track('1')
      const before = standIn.state.logins
      standIn.expireTokens()
      const made = await provider.createShipment(parcel('SHP-AFTER-401'))
      expect(made.providerShipmentId).toMatch(/^\d+$/)
      expect(standIn.state.logins - before).toBe(1)
      expect(standIn.orderByReference('SHP-AFTER-401')).toBeDefined()

      standIn.expireTokens()
      await Promise.all(Array.from({ length: 10 }, () => provider.track('1')))
      expect(standIn.state.logins - before).toBe(2)
    })

    it('retries a 401 only once, then says the API user was refused', async () => {
      const provider = shiprocket()
      await provider.track('1')
      const before = standIn.state.logins
      const calls = standIn.state.requests.length
      standIn.unauthorizeNext(2)
      const err = await refusal(provider.track('1'))
      expect(err.httpStatus).toBe(401)
      expect(err.message).toMatch(/Shiprocket refused the shop's API user \(Unauthenticated\.\)/)
      expect(standIn.state.logins - before).toBe(1)
      // The call, one log-in, the call again: no loop.
      expect(standIn.state.requests.length - calls).toBe(3)
    })

    it('names the settings to check when the password is wrong', async () => {
      const err = await refusal(shiprocket({ password: 'not the password' }).track('1'))
      expect(err.httpStatus).toBe(401)
      expect(err.message).toMatch(/refused the shop's log-in \(Invalid email and password combination\)/)
      expect(err.message).toMatch(/SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD/)
    })
  })

  describe('creating the order (Create Custom Order)', () => {
    it('sends the documented fields: India’s order date, rupees, kilograms, centimetres, COD', async () => {
      const made = await shiprocket().createShipment(parcel('SHP-FIELDS'))
      const order = standIn.orderByReference('SHP-FIELDS')!
      expect(made).toEqual({ providerOrderId: String(order.id), providerShipmentId: String(order.shipment.id), awb: null, courier: null })
      expect(order.body).toMatchObject({
        order_id: 'SHP-FIELDS',
        order_date: '2026-11-20 00:15',
        pickup_location: 'Kaadu Warehouse',
        billing_customer_name: 'Meera',
        billing_last_name: 'Krishnan Nair',
        billing_address: '14, 2nd Cross, Indiranagar',
        billing_address_2: 'Near the water tank',
        billing_city: 'Bengaluru',
        billing_pincode: 560038,
        billing_state: 'Karnataka',
        billing_country: 'India',
        billing_email: 'meera@example.in',
        billing_phone: 9845012345,
        shipping_is_billing: true,
        order_items: [
          { name: 'Wild forest honey, 500 g', sku: 'HONEY-500', units: 2, selling_price: 350, discount: 0, tax: 5, hsn: '0409' },
        ],
        payment_method: 'COD',
        sub_total: 749,
        length: 20,
        breadth: 15,
        height: 10,
        weight: 1.2,
      })
      await shiprocket().createShipment(parcel('SHP-PREPAID', { paymentMethod: 'online', totalPaise: 12_345 }))
      expect(standIn.orderByReference('SHP-PREPAID')!.body).toMatchObject({ payment_method: 'Prepaid', sub_total: 123.45 })
    })

    it('gives back a 422’s message and field errors, and refuses an order id over 50 characters before asking', async () => {
      const err = await refusal(
        shiprocket().createShipment(parcel('SHP-BAD', { parcel: { weightGrams: 0, lengthCm: 0.4, breadthCm: 15, heightCm: 10 } })),
      )
      expect(err.httpStatus).toBe(422)
      expect(err.message).toBe('Oops! Invalid Data.')
      expect(err.fieldErrors).toEqual({ weight: ['The weight must be greater than 0.'], length: ['The length must be greater than 0.5.'] })
      expect(standIn.orderByReference('SHP-BAD')).toBeUndefined()

      const calls = standIn.state.requests.length
      const long = await refusal(shiprocket().createShipment(parcel('S'.repeat(51))))
      expect(long.message).toMatch(/1 to 50 characters/)
      expect(standIn.state.requests.length).toBe(calls)
    })

    it('returns the order already made when the same order id is sent again (the documented 422)', async () => {
      const provider = shiprocket()
      const first = await provider.createShipment(parcel('SHP-TWICE'))
      const again = await provider.createShipment(parcel('SHP-TWICE'))
      expect(again).toEqual(first)
      expect([...standIn.orders.values()].filter((o) => o.channelOrderId === 'SHP-TWICE')).toHaveLength(1)
      const second = requestsTo(/orders\/create\/adhoc/).length
      expect(second).toBeGreaterThanOrEqual(2)
      expect(requestsTo(/\/orders\?search=SHP-TWICE/)).toHaveLength(1)
    })

    it('after a lost answer finds the order it made instead of making another or failing', async () => {
      const provider = shiprocket()
      standIn.setMode('lost', { paths: /orders\/create\/adhoc/, times: 1 })
      const made = await provider.createShipment(parcel('SHP-LOST'))
      const order = standIn.orderByReference('SHP-LOST')!
      expect(made).toEqual({ providerOrderId: String(order.id), providerShipmentId: String(order.shipment.id), awb: null, courier: null })
      expect([...standIn.orders.values()].filter((o) => o.channelOrderId === 'SHP-LOST')).toHaveLength(1)
    })

    it('a booking retried after a lost answer (and a failed look-up) finds its order instead of a 422', async () => {
      const provider = shiprocket({ timeoutMs: 300 })
      // The look-up hangs too: the owner is told nothing was changed, and tries again later.
      standIn.setMode('lost', { paths: /orders\/create\/adhoc/, times: 1 })
      standIn.addMode('hang', { paths: /^\/v1\/external\/orders$/, times: 1 })
      const err = await refusal(provider.createShipment(parcel('SHP-RETRIED')))
      expect(err).toBeInstanceOf(ShiprocketNoAnswerError)
      expect(err.message).toMatch(/did not answer in time, so nothing was changed/)
      expect(requestsTo(/\/orders\?search=SHP-RETRIED/)).toHaveLength(1)
      const order = standIn.orderByReference('SHP-RETRIED')!
      expect(order).toBeDefined()

      const retried = await provider.createShipment(parcel('SHP-RETRIED'))
      expect(retried.providerShipmentId).toBe(String(order.shipment.id))
      expect([...standIn.orders.values()].filter((o) => o.channelOrderId === 'SHP-RETRIED')).toHaveLength(1)
    })

    it('refuses to reuse an order id Shiprocket holds as cancelled', async () => {
      const provider = shiprocket()
      const made = await provider.createShipment(parcel('SHP-CANCELLED'))
      await provider.cancel(made.providerOrderId)
      const err = await refusal(provider.createShipment(parcel('SHP-CANCELLED')))
      expect(err.message).toMatch(/already has an order SHP-CANCELLED, and it was cancelled there/)
    })

    it('a 5xx says Shiprocket did not do it, and nothing is made', async () => {
      standIn.setMode('error', { paths: /orders\/create\/adhoc/, times: 1 })
      const err = await refusal(shiprocket().createShipment(parcel('SHP-500')))
      expect(err).toBeInstanceOf(ShiprocketNoAnswerError)
      expect(err.httpStatus).toBe(500)
      expect(err.message).toMatch(/had a problem on its side and did not do this, so nothing was changed/)
      expect(standIn.orderByReference('SHP-500')).toBeUndefined()
    })
  })

  describe('calls that fail on the way', () => {
    it('gives up on a call that hangs after the timeout, saying nothing was changed', async () => {
      standIn.setMode('hang', { paths: /serviceability/ })
      const started = Date.now()
      const err = await refusal(shiprocket({ timeoutMs: 300 }).rates({ fromPin: '560001', toPin: '110001', weightGrams: 500, cod: false }))
      expect(Date.now() - started).toBeLessThan(2_000)
      expect(err).toBeInstanceOf(ShiprocketNoAnswerError)
      expect(err.message).toBe(
        'Shiprocket did not answer in time, so nothing was changed there. Please try again in a few minutes; if it keeps happening, Shiprocket may be down.',
      )
    })

    it('treats a dropped connection like no answer', async () => {
      standIn.setMode('lost', { paths: /courier\/track/ })
      const err = await refusal(shiprocket().track('123'))
      expect(err).toBeInstanceOf(ShiprocketNoAnswerError)
    })

    it('reads a 429 as Shiprocket’s rate limit', async () => {
      standIn.setMode('rate-limited', { paths: /serviceability/, times: 1 })
      const err = await refusal(shiprocket().rates({ fromPin: '560001', toPin: '110001', weightGrams: 500, cod: false }))
      expect(err.httpStatus).toBe(429)
      expect(err.message).toMatch(/too many requests from the shop just now, so nothing was changed/)
    })
  })

  describe('rates (Check Courier Serviceability)', () => {
    it('reads each courier’s price in paise, its days and date, and the recommended one', async () => {
      const rates = await shiprocket().rates({
        fromPin: '560001',
        toPin: '110001',
        weightGrams: 1_200,
        cod: true,
        declaredValuePaise: 74_950,
      })
      const asked = new URL(requestsTo(/serviceability/).at(-1)!.path, 'http://x').searchParams
      expect(Object.fromEntries(asked)).toEqual({
        pickup_postcode: '560001',
        delivery_postcode: '110001',
        weight: '1.2',
        cod: '1',
        declared_value: '750',
      })
      expect(rates).toEqual([
        {
          courierId: '43',
          courier: 'Delhivery Surface',
          ratePaise: 14_900,
          codChargePaise: 3_500,
          days: 5,
          expectedBy: '2026-11-25',
          recommended: false,
        },
        {
          courierId: '1',
          courier: 'Blue Dart',
          ratePaise: 23_100,
          codChargePaise: 4_500,
          days: 2,
          expectedBy: '2026-11-22',
          recommended: false,
        },
        {
          courierId: '51',
          courier: 'Xpressbees Surface',
          ratePaise: 13_200,
          codChargePaise: 3_000,
          days: 6,
          expectedBy: '2026-11-26',
          recommended: true,
        },
      ])
    })

    it('answers no couriers for a PIN none serves, and none that refuse COD', async () => {
      standIn.state.unservedPins.add('744301')
      expect(await shiprocket().rates({ fromPin: '560001', toPin: '744301', weightGrams: 500, cod: false })).toEqual([])
      standIn.state.couriers = standIn.state.couriers.map((c) => ({ ...c, cod: c.id === 1 }))
      const cod = await shiprocket().rates({ fromPin: '560001', toPin: '110001', weightGrams: 500, cod: true })
      expect(cod.map((r) => r.courier)).toEqual(['Blue Dart'])
    })
  })

  describe('booking, pickup, labels and manifest', () => {
    it('assigns an AWB with the chosen courier or Shiprocket’s default, and not twice', async () => {
      const provider = shiprocket()
      const a = await provider.createShipment(parcel('SHP-AWB-A'))
      const booking = await provider.assignCourier(a.providerShipmentId, '1')
      expect(booking).toEqual({ awb: expect.stringMatching(/^\d{14}$/), courierId: '1', courier: 'Blue Dart', chargePaise: null })
      expect(requestsTo(/courier\/assign\/awb/).at(-1)!.body).toEqual({ shipment_id: Number(a.providerShipmentId), courier_id: 1 })
      const b = await provider.createShipment(parcel('SHP-AWB-B'))
      expect((await provider.assignCourier(b.providerShipmentId, null)).courier).toBe('Delhivery Surface')
      expect(requestsTo(/courier\/assign\/awb/).at(-1)!.body).toEqual({ shipment_id: Number(b.providerShipmentId) })

      const again = await refusal(provider.assignCourier(a.providerShipmentId, '43'))
      expect(again.httpStatus).toBe(400)
      expect(again.message).toBe('Oops! Cannot reassign courier for this shipment.')
    })

    it('finds the AWB it was given when the answer to the booking was lost', async () => {
      const provider = shiprocket()
      const made = await provider.createShipment(parcel('SHP-AWB-LOST'))
      standIn.setMode('lost', { paths: /courier\/assign\/awb/, times: 1 })
      const booking = await provider.assignCourier(made.providerShipmentId, '51')
      expect(booking.awb).toBe(standIn.orderByReference('SHP-AWB-LOST')!.shipment.awb)
      expect(booking).toMatchObject({ courierId: '51', courier: 'Xpressbees Surface' })
    })

    it('requests a pickup for each shipment, one per call, and gives its date', async () => {
      const provider = shiprocket()
      const a = await booked('SHP-PICK-A', provider)
      const b = await booked('SHP-PICK-B', provider)
      const calls = requestsTo(/courier\/generate\/pickup/).length
      expect(await provider.requestPickup([a.providerShipmentId, b.providerShipmentId])).toEqual({ scheduledFor: '2026-11-21' })
      const sent = requestsTo(/courier\/generate\/pickup/).slice(calls)
      expect(sent.map((r) => r.body)).toEqual([
        { shipment_id: [Number(a.providerShipmentId)] },
        { shipment_id: [Number(b.providerShipmentId)] },
      ])
      const unbooked = await provider.createShipment(parcel('SHP-PICK-NO-AWB'))
      const err = await refusal(provider.requestPickup([unbooked.providerShipmentId]))
      expect(err).toMatchObject({ message: 'Invalid shipment id', httpStatus: 400 })
    })

    it('brings 20 labels back as one PDF of 20 pages', async () => {
      // Twenty pages take a moment to draw on a busy machine.
      const provider = shiprocket({ timeoutMs: 15_000 })
      const parcels = await Promise.all(Array.from({ length: 20 }, (_, i) => booked(`SHP-LABEL-${i}`, provider)))
      const pdf = await provider.labels(parcels.map((p) => p.providerShipmentId))
      const pages = await pdfPages(pdf)
      expect(pages).toHaveLength(20)
      expect(pages[0]).toContain(`AWB ${parcels[0]!.awb}`)
      expect(pages[19]).toContain(`AWB ${parcels[19]!.awb}`)
      expect(requestsTo(/courier\/generate\/label/).at(-1)!.body).toEqual({ shipment_id: parcels.map((p) => Number(p.providerShipmentId)) })
      // The file is fetched from the address given, without the API token.
      expect(requestsTo(/^\/files\/labels\//).at(-1)!.headers.authorization).toBeUndefined()
    })

    it('refuses labels for shipments with no AWB, and a label file that is not a PDF', async () => {
      const provider = shiprocket()
      const unbooked = await provider.createShipment(parcel('SHP-LABEL-NO-AWB'))
      expect((await refusal(provider.labels([unbooked.providerShipmentId]))).message).toBe('No valid shipment ids to print label')
      const a = await booked('SHP-LABEL-HTML', provider)
      standIn.state.filesAreNotPdf = true
      expect((await refusal(provider.labels([a.providerShipmentId]))).message).toBe(
        'The file Shiprocket gave for the labels is not a PDF, so the shop did not use it.',
      )
    })

    it('makes the manifest after the pickup, and prints it again when asked twice', async () => {
      const provider = shiprocket()
      const a = await booked('SHP-MANIFEST-A', provider)
      const err = await refusal(provider.manifest([a.providerShipmentId]))
      expect(err.message).toMatch(/needs an AWB and a pickup request first/)
      await provider.requestPickup([a.providerShipmentId])
      const first = await pdfPages(await provider.manifest([a.providerShipmentId]))
      expect(first.join('\n')).toContain(a.awb)
      const again = await pdfPages(await provider.manifest([a.providerShipmentId]))
      expect(again.join('\n')).toContain(a.awb)
      expect(requestsTo(/manifests\/print/).at(-1)!.body).toEqual({ order_ids: [Number(a.providerOrderId)] })
    })

    it('cancels an order by Shiprocket’s order id', async () => {
      const provider = shiprocket()
      const a = await booked('SHP-CANCEL', provider)
      await provider.cancel(a.providerOrderId)
      expect(standIn.orderByReference('SHP-CANCEL')).toMatchObject({ status: 'CANCELED', statusCode: 5 })
      expect(requestsTo(/orders\/cancel/).at(-1)!.body).toEqual({ ids: [Number(a.providerOrderId)] })
      // An unknown id gets the documented 500 ("Trying to get property of non-object").
      expect(await refusal(provider.cancel('999'))).toBeInstanceOf(ShiprocketNoAnswerError)
    })
  })

  describe('tracking and failed deliveries', () => {
    it('has nothing to report before the first scan', async () => {
      const a = await booked('SHP-TRACK-NONE')
      expect(await shiprocket().track(a.awb)).toBeNull()
    })

    it('reads the journey: the latest status, the scans in order, the date expected and the tracking link', async () => {
      const provider = shiprocket()
      const a = await booked('SHP-TRACK')
      standIn.scan(a.awb, 42, {
        activity: 'Shipment picked up',
        location: 'Bengaluru_Hub (Karnataka)',
        at: new Date('2026-11-21T08:00:00Z'),
      })
      standIn.scan(a.awb, 18, {
        activity: 'Bag received at facility',
        location: 'Nagpur_Hub (Maharashtra)',
        at: new Date('2026-11-22T09:00:00Z'),
      })
      standIn.scan(a.awb, 17, { activity: 'Out for delivery', location: 'Delhi_Okhla (Delhi)', at: new Date('2026-11-24T03:10:00Z') })
      const update = await provider.track(a.awb)
      expect(update).toMatchObject({
        awb: a.awb,
        status: 'out_for_delivery',
        providerStatus: { code: '17', label: 'OUT FOR DELIVERY' },
        at: new Date('2026-11-24T03:10:00Z'),
        expectedBy: '2026-11-25',
        failure: null,
        trackingUrl: `https://shiprocket.co//tracking/${a.awb}`,
      })
      expect(update!.scans.map((s) => [s.activity, s.place])).toEqual([
        ['Shipment picked up', 'Bengaluru_Hub (Karnataka)'],
        ['Bag received at facility', 'Nagpur_Hub (Maharashtra)'],
        ['Out for delivery', 'Delhi_Okhla (Delhi)'],
      ])
    })

    it('reports a failed delivery with the courier’s reason, lists it, and sends the owner’s answer', async () => {
      const provider = shiprocket()
      const a = await booked('SHP-NDR-A')
      const b = await booked('SHP-NDR-B')
      standIn.failDelivery(a.awb, 'Customer not available', new Date('2026-11-23T10:00:00Z'))
      standIn.failDelivery(a.awb, 'Address incomplete', new Date('2026-11-24T10:00:00Z'))
      standIn.failDelivery(b.awb, 'Customer refused the parcel')
      expect(await provider.track(a.awb)).toMatchObject({
        status: 'delivery_failed',
        failure: { reason: 'Address incomplete', attempts: 2 },
      })

      const list = await provider.failedDeliveries()
      expect(list.find((f) => f.awb === a.awb)).toEqual({
        awb: a.awb,
        providerShipmentId: a.providerShipmentId,
        courier: 'Delhivery Surface',
        reason: 'Address incomplete',
        attempts: 2,
        raisedAt: new Date('2026-11-24T10:00:00Z'),
        providerStatus: { code: '36', label: 'UNDELIVERED' },
      })
      expect(list.find((f) => f.awb === b.awb)?.reason).toBe('Customer refused the parcel')

      await provider.answerFailedDelivery(a.awb, {
        action: 'reattempt',
        on: '2026-11-26',
        phone: '9845012345',
        addressLine: '14, 2nd Cross, Indiranagar, above the bakery',
        comment: 'The customer will be home after 4 pm.',
      })
      await provider.answerFailedDelivery(b.awb, { action: 'return', comment: '' })
      expect(standIn.ndrActions(a.awb)).toEqual([
        {
          action: 're-attempt',
          comments: 'The customer will be home after 4 pm.',
          phone: '9845012345',
          address1: '14, 2nd Cross, Indiranagar, above the bakery',
          deferred_date: '2026-11-26',
        },
      ])
      expect(standIn.ndrActions(b.awb)).toEqual([{ action: 'return', comments: 'Please return the parcel to the shop.' }])
      const unknown = await refusal(provider.answerFailedDelivery('000', { action: 'return', comment: 'x' }))
      expect(unknown.httpStatus).toBe(400)
    })
  })

  describe('the tracking webhook', () => {
    /** The sample body of the collection's "Webhooks" section (its scans cut to three). */
    const documentedSample = {
      awb: '19041424751540',
      courier_name: 'Delhivery Surface',
      current_status: 'IN TRANSIT',
      current_status_id: 20,
      shipment_status: 'IN TRANSIT',
      shipment_status_id: 18,
      current_timestamp: '23 05 2023 11:43:52',
      order_id: '1373900_150876814',
      sr_order_id: 348456385,
      awb_assigned_date: '2023-05-19 11:59:16',
      pickup_scheduled_date: '2023-05-19 11:59:17',
      etd: '2023-05-23 15:40:19',
      scans: [
        {
          date: '2023-05-19 11:59:16',
          status: 'X-UCI',
          activity: 'Manifested - Manifest uploaded',
          location: 'Chomu_SamodRd_D (Rajasthan)',
          'sr-status': '5',
          'sr-status-label': 'MANIFEST GENERATED',
        },
        {
          date: '2023-05-19 15:32:17',
          status: 'X-PPOM',
          activity: 'In Transit - Shipment picked up',
          location: 'Chomu_SamodRd_D (Rajasthan)',
          'sr-status': '42',
          'sr-status-label': 'PICKED UP',
        },
        {
          location: 'Mumbai_MiraRdIndEstate_I (Maharashtra)',
          date: '2023-05-23 11:43:46',
          activity: 'In Transit - Shipment Received at Facility',
          status: 'X-IBD3F',
          'sr-status': '18',
          'sr-status-label': 'IN TRANSIT',
        },
      ],
      is_return: 0,
      channel_id: 3422553,
      pod_status: 'OTP Based Delivery',
      pod: 'Not Available',
      qc_image: '',
      qc_failure_reason: '',
    }
    const delivery = (body: unknown, apiKey?: string) => ({
      rawBody: typeof body === 'string' ? body : JSON.stringify(body),
      headers: new Headers({ 'content-type': 'application/json', ...(apiKey === undefined ? {} : { 'x-api-key': apiKey }) }),
    })

    it('is Shiprocket’s only with the panel’s token in x-api-key', () => {
      const provider = shiprocket()
      expect(provider.verifyWebhook(delivery(documentedSample, WEBHOOK_TOKEN))).toBe(true)
      expect(provider.verifyWebhook(delivery(documentedSample))).toBe(false)
      expect(provider.verifyWebhook(delivery(documentedSample, ''))).toBe(false)
      expect(provider.verifyWebhook(delivery(documentedSample, `${WEBHOOK_TOKEN}x`))).toBe(false)
      expect(provider.verifyWebhook(delivery(documentedSample, WEBHOOK_TOKEN.toUpperCase()))).toBe(false)
      // A shop with no token set accepts nothing, not everything.
      expect(shiprocket({ webhookToken: '' }).verifyWebhook(delivery(documentedSample, ''))).toBe(false)
    })

    it('reads the documented sample: India’s time, the status, the scans and the expected date', () => {
      const update = shiprocket().parseWebhook(delivery(documentedSample, WEBHOOK_TOKEN))
      expect(update).toEqual({
        awb: '19041424751540',
        providerStatus: { code: '18', label: 'IN TRANSIT' },
        status: 'in_transit',
        at: new Date('2023-05-23T06:13:52Z'),
        expectedBy: '2023-05-23',
        scans: [
          { at: new Date('2023-05-19T06:29:16Z'), place: 'Chomu_SamodRd_D (Rajasthan)', activity: 'Manifested - Manifest uploaded' },
          { at: new Date('2023-05-19T10:02:17Z'), place: 'Chomu_SamodRd_D (Rajasthan)', activity: 'In Transit - Shipment picked up' },
          {
            at: new Date('2023-05-23T06:13:46Z'),
            place: 'Mumbai_MiraRdIndEstate_I (Maharashtra)',
            activity: 'In Transit - Shipment Received at Facility',
          },
        ],
        failure: null,
      })
    })

    it('keeps a code it does not know, with Shiprocket’s words', () => {
      const update = shiprocket().parseWebhook(
        delivery({ ...documentedSample, shipment_status_id: 99, shipment_status: 'PARCEL ON A CAMEL' }),
      )
      expect(update).toMatchObject({ status: null, providerStatus: { code: '99', label: 'PARCEL ON A CAMEL' } })
    })

    it('refuses a body that is not a tracking event with a 400 error; an event before any AWB is null', () => {
      const provider = shiprocket()
      for (const body of [
        'not json',
        { ...documentedSample, current_timestamp: '2023-05-23 11:43:52' },
        { shipment_status_id: 7 },
        [1, 2],
      ]) {
        let err: unknown
        try {
          provider.parseWebhook(delivery(body))
        } catch (e) {
          err = e
        }
        expect(err).toBeInstanceOf(ShippingProviderError)
        expect((err as ShippingProviderError).httpStatus).toBe(400)
      }
      expect(provider.parseWebhook(delivery({ ...documentedSample, awb: '' }))).toBeNull()
    })

    it('reads what the stand-in posts, delivered and failed alike', async () => {
      const provider = shiprocket()
      const received: { headers: http.IncomingHttpHeaders; body: string }[] = []
      const server = http.createServer(async (req, res) => {
        let body = ''
        for await (const c of req) body += c
        received.push({ headers: req.headers, body })
        res.end('ok')
      })
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
      const hook = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/courier`
      try {
        const a = await booked('SHP-HOOK')
        standIn.failDelivery(a.awb, 'Consignee not at home', new Date('2026-11-23T10:00:00Z'))
        expect((await standIn.postWebhook(hook, a.awb, { apiKey: WEBHOOK_TOKEN })).status).toBe(200)
        await standIn.postWebhook(hook, a.awb)
        const [signed, unsigned] = received.map((r) => ({ rawBody: r.body, headers: new Headers(r.headers as Record<string, string>) }))
        expect(signed!.headers.get('content-type')).toBe('application/json')
        expect(provider.verifyWebhook(signed!)).toBe(true)
        expect(provider.verifyWebhook(unsigned!)).toBe(false)
        expect(provider.parseWebhook(signed!)).toMatchObject({
          awb: a.awb,
          status: 'delivery_failed',
          providerStatus: { code: '21', label: 'UNDELIVERED' },
          at: new Date('2026-11-23T10:00:00Z'),
          failure: { reason: 'Consignee not at home', attempts: 1 },
        })

        standIn.scan(a.awb, 7, { activity: 'Delivered', location: 'Delhi_Okhla (Delhi)', at: new Date('2026-11-24T09:15:30Z') })
        await standIn.postWebhook(hook, a.awb, { apiKey: WEBHOOK_TOKEN })
        const delivered = received.at(-1)!
        expect(provider.parseWebhook({ rawBody: delivered.body, headers: new Headers() })).toMatchObject({
          status: 'delivered',
          providerStatus: { code: '7', label: 'DELIVERED' },
          at: new Date('2026-11-24T09:15:30Z'),
          failure: null,
        })
      } finally {
        await new Promise<void>((r) => server.close(() => r()))
      }
    })
  })
})

describe('Shiprocket’s status codes', () => {
  // The codes of the collection's Shipments and Tracking tables, and what each means for the shop's parcel.
  const expected: [number, string | null][] = [
    [1, 'booked'],
    [2, 'booked'],
    [3, 'pickup_requested'],
    [4, 'pickup_requested'],
    [5, 'pickup_requested'],
    [6, 'in_transit'],
    [7, 'delivered'],
    [8, 'cancelled'],
    [9, 'rto_in_transit'],
    [10, 'returned_to_origin'],
    [11, null],
    [12, 'lost'],
    [13, null],
    [14, 'rto_in_transit'],
    [15, 'pickup_requested'],
    [16, null],
    [17, 'out_for_delivery'],
    [18, 'in_transit'],
    [19, 'pickup_requested'],
    [20, null],
    [21, 'delivery_failed'],
    [22, null],
    [23, null],
    [24, 'lost'],
    [25, null],
    [26, null],
    [27, 'pickup_requested'],
    [38, 'in_transit'],
    [39, 'in_transit'],
    [40, 'rto_in_transit'],
    [41, 'rto_in_transit'],
    [42, 'picked_up'],
    [43, null],
    [44, 'lost'],
    [45, 'cancelled'],
    [46, 'rto_in_transit'],
    [47, null],
    [48, 'in_transit'],
    [49, 'in_transit'],
    [50, 'in_transit'],
    [51, 'picked_up'],
    [52, 'booked'],
    [54, 'in_transit'],
    [55, 'in_transit'],
    [56, 'in_transit'],
    [57, 'in_transit'],
    [59, null],
    [60, null],
    [61, null],
    [62, null],
    [63, null],
    [67, null],
    [68, null],
    [71, null],
    [72, null],
    [75, 'rto_in_transit'],
    [76, null],
    [77, 'delivery_failed'],
    [78, 'rto_in_transit'],
  ]

  it('maps every documented code as the table says, with Shiprocket’s label', () => {
    expect(Object.keys(SHIPROCKET_STATUS_CODES).map(Number)).toEqual(expected.map(([code]) => code))
    for (const [code, status] of expected) {
      const read = readShiprocketStatus(code)
      expect({ code, status: read.status }).toEqual({ code, status })
      expect(read.providerStatus).toEqual({ code: String(code), label: SHIPROCKET_STATUS_CODES[code]!.label })
    }
    expect(readShiprocketStatus('17', 'OUT FOR DELIVERY').providerStatus).toEqual({ code: '17', label: 'OUT FOR DELIVERY' })
  })

  it('keeps unknown codes and "NA" with their words and no status', () => {
    expect(readShiprocketStatus(36, 'UNDELIVERED')).toEqual({ providerStatus: { code: '36', label: 'UNDELIVERED' }, status: null })
    expect(readShiprocketStatus('NA', 'NA')).toEqual({ providerStatus: { code: 'NA', label: 'NA' }, status: null })
    expect(readShiprocketStatus(null)).toEqual({ providerStatus: { code: '', label: 'Unknown' }, status: null })
  })

  it('reads Shiprocket’s dates as India’s', () => {
    expect(fromIndiaTimestamp('01 01 2026 00:10:00')).toEqual(new Date('2025-12-31T18:40:00Z'))
    expect(fromIndiaTimestamp('2026-01-01 00:10:00')).toBeNull()
    expect(etdToDate('Jul 01, 2024')).toBe('2024-07-01')
    expect(etdToDate('2023-05-23 15:40:19')).toBe('2023-05-23')
    expect(etdToDate('NA')).toBeNull()
  })
})
