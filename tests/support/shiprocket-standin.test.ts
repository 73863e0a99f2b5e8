import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startShiprocketStandIn } from './shiprocket-standin'

const EMAIL = 'api-user@kaadu.example'
const PASSWORD = 'a long api password'
const START = new Date('2026-11-20T06:30:00Z')

/** The stand-in's answers next to the examples of Shiprocket's Postman collection they are written from. */
describe('the Shiprocket stand-in, checked against the collection’s examples', () => {
  let clock = START
  let standIn: Awaited<ReturnType<typeof startShiprocketStandIn>>
  let token = ''
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, bearer: string | null = token) => {
    const res = await fetch(`${standIn.url}/v1/external/${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : null }
  }
  const logIn = async () => (await call('POST', 'auth/login', { email: EMAIL, password: PASSWORD }, null)).body.token as string
  /** The collection's "Create Custom Order" example request, with the fields the stand-in checks. */
  const customOrder = (orderId: string) => ({
    order_id: orderId,
    order_date: '2019-07-24 11:11',
    pickup_location: 'Jammu',
    billing_customer_name: 'Naruto',
    billing_last_name: 'Uzumaki',
    billing_address: 'House 221B, Leaf Village',
    billing_city: 'New Delhi',
    billing_pincode: 110002,
    billing_state: 'Delhi',
    billing_country: 'India',
    billing_email: 'naruto@uzumaki.com',
    billing_phone: 9876543210,
    shipping_is_billing: true,
    order_items: [{ name: 'Kunai', sku: 'chakra123', units: 10, selling_price: 900, discount: '', tax: '', hsn: 441122 }],
    payment_method: 'Prepaid',
    sub_total: 9000,
    length: 10,
    breadth: 15,
    height: 20,
    weight: 2.5,
  })

  beforeAll(async () => {
    standIn = await startShiprocketStandIn({ email: EMAIL, password: PASSWORD, now: () => clock })
  })
  afterAll(async () => {
    await standIn?.close()
  })
  beforeEach(async () => {
    clock = START
    standIn.reset()
    token = await logIn()
  })

  it('issues a JWT that lives ten days, counts log-ins, and refuses a wrong password', async () => {
    const before = standIn.state.logins
    const fresh = await logIn()
    expect(standIn.state.logins - before).toBe(1)
    const claims = JSON.parse(Buffer.from(fresh.split('.')[1]!, 'base64url').toString())
    expect(claims.exp - claims.iat).toBe(10 * 24 * 60 * 60)
    expect(claims.iat).toBe(START.getTime() / 1000)
    const wrong = await call('POST', 'auth/login', { email: EMAIL, password: 'nope' }, null)
    expect(wrong.status).toBe(401)
    expect(standIn.state.logins - before).toBe(1)
  })

  it('answers the documented 401 without a token, with an expired one, and on demand', async () => {
    const unauthenticated = { status: 401, body: { message: 'Unauthenticated.' } }
    expect(await call('GET', 'ndr/all', undefined, null)).toEqual(unauthenticated)
    expect(await call('GET', 'ndr/all', undefined, `${token}x`)).toEqual(unauthenticated)
    expect((await call('GET', 'ndr/all')).status).toBe(200)
    standIn.unauthorizeNext()
    expect(await call('GET', 'ndr/all')).toEqual(unauthenticated)
    expect((await call('GET', 'ndr/all')).status).toBe(200)
    clock = new Date(START.getTime() + 10 * 24 * 60 * 60 * 1000 + 1000)
    expect(await call('GET', 'ndr/all')).toEqual(unauthenticated)
    clock = START
    expect((await call('GET', 'ndr/all')).status).toBe(200)
    standIn.expireTokens()
    expect(await call('GET', 'ndr/all')).toEqual(unauthenticated)
  })

  it('creates a custom order as the Successful Call shows, and refuses missing fields and a taken order id', async () => {
    const created = await call('POST', 'orders/create/adhoc', customOrder('224-447'))
    expect(created.status).toBe(200)
    expect(Object.keys(created.body)).toEqual([
      'order_id',
      'shipment_id',
      'status',
      'status_code',
      'onboarding_completed_now',
      'awb_code',
      'courier_company_id',
      'courier_name',
    ])
    expect(created.body).toMatchObject({ status: 'NEW', status_code: 1, awb_code: null, courier_name: null })
    // "Missing Fields": the collection's example, word for word.
    expect(await call('POST', 'orders/create/adhoc', { ...customOrder('x'), order_id: '' })).toEqual({
      status: 422,
      body: { message: 'Oops! Invalid Data.', errors: { order_id: ['The order id field is required.'] }, status_code: 422 },
    })
    expect(await call('POST', 'orders/create/adhoc', customOrder('224-447'))).toEqual({
      status: 422,
      body: { message: 'Oops! Invalid Data.', errors: { order_id: ['The order id has already been taken.'] }, status_code: 422 },
    })
    const found = await call('GET', 'orders?search=224-447')
    expect(found.body.data).toHaveLength(1)
    expect(found.body.data[0]).toMatchObject({ id: created.body.order_id, channel_order_id: '224-447', status: 'NEW', status_code: 1 })
    expect(found.body.data[0].shipments[0].id).toBe(created.body.shipment_id)
  })

  it('gives the documented refusals of serviceability, AWB, label, tracking and a wrong endpoint', async () => {
    expect(await call('GET', 'courier/serviceability/')).toEqual({
      status: 422,
      body: {
        message: 'Required field missing',
        errors: {
          weight: ['The weight field is required when order id is not present.'],
          cod: ['The cod field is required when order id is not present.'],
          order_id: ['The order id field is required when pickup postcode / delivery postcode / cod / weight is not present.'],
        },
        status_code: 422,
      },
    })
    expect(await call('POST', 'courier/assign/awb', { shipment_id: '', courier_id: '' })).toEqual({
      status: 422,
      body: { message: 'Required field missing', errors: { shipment_id: ['The shipment id field is required.'] }, status_code: 422 },
    })
    expect(await call('POST', 'courier/generate/label', { shipment_id: '16161616' })).toEqual({
      status: 422,
      body: { message: 'Oops! Invalid Data.', errors: { shipment_id: ['The shipment id must be an array.'] }, status_code: 422 },
    })
    expect(await call('POST', 'courier/generate/label', { shipment_id: [''] })).toEqual({
      status: 200,
      body: { label_created: 0, not_created: [], response: 'No valid shipment ids to print label' },
    })
    expect(await call('POST', 'courier/generate/pickup', { shipment_id: [16090109] })).toEqual({
      status: 400,
      body: { message: 'Invalid shipment id', status_code: 400 },
    })
    expect(await call('GET', 'courier/track/awb/111111111111')).toEqual({
      status: 200,
      body: {
        tracking_data: {
          track_status: 0,
          error: 'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.',
        },
      },
    })
    expect(await call('GET', 'shipment')).toEqual({ status: 404, body: { message: '404 Not Found', status_code: 404 } })
    expect(await call('POST', 'orders/cancel', { ids: [] })).toEqual({
      status: 422,
      body: { message: 'Required field missing', errors: { ids: ['The ids field is required.'] }, status_code: 422 },
    })
  })

  it('does the work and drops the answer in "lost" mode, and goes back to normal after the times given', async () => {
    standIn.setMode('lost', { paths: /orders\/create/, times: 1 })
    await expect(call('POST', 'orders/create/adhoc', customOrder('LOST-1'))).rejects.toThrow()
    expect(standIn.orderByReference('LOST-1')).toBeDefined()
    expect((await call('POST', 'orders/create/adhoc', customOrder('LOST-2'))).status).toBe(200)

    standIn.setMode('error', { times: 2 })
    expect(await call('GET', 'ndr/all')).toEqual({ status: 500, body: { message: 'Internal server error.', status_code: 500 } })
    expect((await call('GET', 'ndr/all')).status).toBe(500)
    expect((await call('GET', 'ndr/all')).status).toBe(200)

    standIn.setMode('hang', { paths: /ndr/ })
    await expect(fetch(`${standIn.url}/v1/external/ndr/all`, { signal: AbortSignal.timeout(200) })).rejects.toThrow()
    expect((await call('GET', 'orders?search=LOST-1')).status).toBe(200)
  })

  it('posts the webhook with the keys of the documented sample, in its order', async () => {
    const created = await call('POST', 'orders/create/adhoc', customOrder('HOOK-1'))
    const awb = (await call('POST', 'courier/assign/awb', { shipment_id: created.body.shipment_id })).body.response.data.awb_code
    standIn.scan(awb, 42, { at: new Date('2026-11-21T05:00:00Z') })
    const payload = standIn.webhookPayload(awb)
    expect(Object.keys(payload)).toEqual([
      'awb',
      'courier_name',
      'current_status',
      'current_status_id',
      'shipment_status',
      'shipment_status_id',
      'current_timestamp',
      'order_id',
      'sr_order_id',
      'awb_assigned_date',
      'pickup_scheduled_date',
      'etd',
      'scans',
      'is_return',
      'channel_id',
      'pod_status',
      'pod',
      'qc_image',
      'qc_failure_reason',
    ])
    expect(payload).toMatchObject({
      awb,
      shipment_status_id: 42,
      shipment_status: 'PICKED UP',
      current_timestamp: '21 11 2026 10:30:00',
      order_id: 'HOOK-1',
    })
    expect(Object.keys(payload.scans[0]!)).toEqual(['date', 'status', 'activity', 'location', 'sr-status', 'sr-status-label'])
  })
})
