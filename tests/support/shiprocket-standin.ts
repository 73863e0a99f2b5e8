import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/*
 * A loopback stand-in for the parts of Shiprocket's REST API the shop uses. Shiprocket has no sandbox ("Any requests
 * made using the valid API credentials will affect the real-time data in your Shiprocket account"), so this is written
 * from its documentation: the Postman collection "Shiprocket API" behind https://apidocs.shiprocket.in/. Each endpoint
 * names the collection's request it follows; answers carry the fields of that request's examples, and errors use the
 * collection's shapes: {message, status_code}, and on a 422 {message, errors: {field: [words]}, status_code}. Where
 * the collection is silent (the log-in's answer, most refusals' words) a comment says so and the choice is the one
 * closest to what the collection shows.
 *
 * What it does not cover: rates that match Shiprocket's (its prices are per account and not published), courier
 * behaviour beyond the scans a test records, returns and exchanges, and the rate limit's numbers (none are published).
 */

/**
 * `ok` answers like Shiprocket; `hang` never answers; `error` answers 500; `lost` does the work, then drops the
 * connection without an answer; `rate-limited` answers 429.
 */
export type ShiprocketStandInMode = 'ok' | 'hang' | 'error' | 'lost' | 'rate-limited'

export type StandInCourier = {
  id: number
  name: string
  /** Rupees per started half kilo. */
  ratePerHalfKg: number
  codCharge: number
  days: number
  cod: boolean
}

type StandInShipment = {
  id: number
  orderId: number
  awb: string | null
  courierId: number | null
  courierName: string | null
  pickupRequested: boolean
  pickupScheduledDate: string | null
  awbAssignedDate: string | null
  manifested: boolean
  /** The scans a test has recorded, oldest first. */
  scans: StandInScan[]
  etd: string | null
  ndr: { reason: string; attempts: number; raisedAt: string; actions: Record<string, unknown>[] } | null
}

type StandInOrder = {
  id: number
  channelOrderId: string
  status: string
  statusCode: number
  createdAt: string
  body: Record<string, unknown>
  shipment: StandInShipment
}

export type StandInScan = {
  date: string
  status: string
  activity: string
  location: string
  'sr-status': string
  'sr-status-label': string
}

/** The collection's shipment status words, as its scans print them ("sr-status-label"). */
const STATUS_WORDS: Record<number, string> = {
  1: 'AWB ASSIGNED',
  3: 'PICKUP SCHEDULED',
  5: 'MANIFEST GENERATED',
  6: 'SHIPPED',
  7: 'DELIVERED',
  8: 'CANCELED',
  9: 'RTO INITIATED',
  10: 'RTO DELIVERED',
  12: 'LOST',
  17: 'OUT FOR DELIVERY',
  18: 'IN TRANSIT',
  19: 'OUT FOR PICKUP',
  21: 'UNDELIVERED',
  38: 'REACHED AT DESTINATION HUB',
  42: 'PICKED UP',
  46: 'RTO IN INTRANSIT',
}

/** Couriers from the collection's courier table ("Couriers" folder), with made-up prices and days. */
export const STAND_IN_COURIERS: StandInCourier[] = [
  { id: 43, name: 'Delhivery Surface', ratePerHalfKg: 38, codCharge: 35, days: 5, cod: true },
  { id: 1, name: 'Blue Dart', ratePerHalfKg: 62, codCharge: 45, days: 2, cod: true },
  { id: 51, name: 'Xpressbees Surface', ratePerHalfKg: 34, codCharge: 30, days: 6, cod: true },
]

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
const INDIA_OFFSET_MS = 330 * 60 * 1000
/** India's wall clock, as Shiprocket writes it: "2023-05-19 11:59:16". */
export function indiaDateTime(at: Date) {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ')
}
/** The webhook's current_timestamp: "23 05 2023 11:43:52", India's time. */
export function indiaTimestamp(at: Date) {
  const [date, time] = indiaDateTime(at).split(' ') as [string, string]
  const [y, m, d] = date.split('-')
  return `${d} ${m} ${y} ${time}`
}
/** Serviceability's etd: "Jul 01, 2024". */
function etdWords(at: Date) {
  const india = new Date(at.getTime() + INDIA_OFFSET_MS)
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][india.getUTCMonth()]
  return `${month} ${pad(india.getUTCDate())}, ${india.getUTCFullYear()}`
}

const invalid = (errors: Record<string, string[]>, message = 'Oops! Invalid Data.') => ({ message, errors, status_code: 422 })
const refused = (message: string, status = 400) => ({ message, status_code: status })

/** The fields "Create Custom Order" marks YES in its parameter table (with shipping_is_billing true). */
const REQUIRED_ORDER_FIELDS = [
  'order_id',
  'order_date',
  'pickup_location',
  'billing_customer_name',
  'billing_address',
  'billing_city',
  'billing_pincode',
  'billing_state',
  'billing_country',
  'billing_email',
  'billing_phone',
  'shipping_is_billing',
  'order_items',
  'payment_method',
  'sub_total',
  'length',
  'breadth',
  'height',
  'weight',
]

async function pdfOfPages(pages: string[][]): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit')
  // A6, as Shiprocket's thermal labels are (4 × 6 in is close); the size does not matter to the shop.
  const doc = new PDFDocument({ size: 'A6', margin: 18, autoFirstPage: false })
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<void>((r) => doc.on('end', () => r()))
  for (const lines of pages) {
    doc.addPage()
    for (const line of lines) doc.fontSize(10).text(line)
  }
  doc.end()
  await done
  return Buffer.concat(chunks)
}

export async function startShiprocketStandIn(options: {
  email: string
  password: string
  /** The stand-in's clock (tokens, dates); the real one by default. */
  now?: () => Date
  /** Answer /__control/ calls (a scan, a failed delivery, a webhook sent): for tests in another process. */
  controlled?: boolean
}) {
  const now = options.now ?? (() => new Date())
  const secret = crypto.randomBytes(32)
  const state = {
    /** How calls are answered: the first rule whose paths match (all paths when none are given) and has calls left. */
    rules: [] as { mode: ShiprocketStandInMode; paths?: RegExp; times: number }[],
    /** How many authenticated calls to refuse with 401 next, whatever their token. */
    unauthorizedNext: 0,
    /** How long a token lives: "The validity of this token is 10 days" (Authentication API). */
    tokenLifeSeconds: 10 * 24 * 60 * 60,
    /** Whether tokens carry an `exp` (a JWT as Shiprocket's are); false makes the shop count the ten days itself. */
    tokensCarryExpiry: true,
    logins: 0,
    couriers: STAND_IN_COURIERS.map((c) => ({ ...c })),
    /** Delivery PINs no courier serves. */
    unservedPins: new Set<string>(),
    /** The courier Shiprocket recommends; the cheapest when null. */
    recommendedCourierId: null as number | null,
    /** A label or manifest file answered as HTML instead of a PDF (a broken storage link). */
    filesAreNotPdf: false,
    requests: [] as { method: string; path: string; body: unknown; headers: http.IncomingHttpHeaders }[],
  }
  const tokens = new Map<string, { exp: number; revoked: boolean }>()
  const orders = new Map<number, StandInOrder>()
  const byAwb = new Map<string, StandInShipment>()
  const shipments = new Map<number, StandInShipment>()
  const files = new Map<string, Buffer>()
  /** Label and manifest PDFs still being drawn; a download waits for them. */
  const pendingFiles: Promise<void>[] = []
  let nextOrderId = 281_248_100
  let nextShipmentId = 16_090_200
  let nextAwb = 19_041_424_751_500

  function issueToken() {
    const iat = Math.floor(now().getTime() / 1000)
    const exp = iat + state.tokenLifeSeconds
    const header = Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'HS256' })).toString('base64url')
    const claims: Record<string, unknown> = {
      iss: 'https://apiv2.shiprocket.in/v1/external/auth/login',
      iat,
      sub: 1_468_067,
      jti: crypto.randomUUID(),
    }
    if (state.tokensCarryExpiry) claims.exp = exp
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url')
    const signature = crypto.createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url')
    const token = `${header}.${payload}.${signature}`
    tokens.set(token, { exp: exp * 1000, revoked: false })
    return token
  }

  function tokenValid(authorization: string | undefined) {
    const token = authorization?.match(/^Bearer (.+)$/)?.[1]
    const known = token ? tokens.get(token) : undefined
    return known !== undefined && !known.revoked && now().getTime() < known.exp
  }

  function scan(
    shipment: StandInShipment,
    code: number,
    detail: { activity?: string; location?: string; at?: Date; courierCode?: string } = {},
  ) {
    const entry: StandInScan = {
      date: indiaDateTime(detail.at ?? now()),
      status: detail.courierCode ?? `X-${code}`,
      activity: detail.activity ?? STATUS_WORDS[code] ?? `Status ${code}`,
      location: detail.location ?? 'Bengaluru_Hub (Karnataka)',
      'sr-status': String(code),
      'sr-status-label': STATUS_WORDS[code] ?? 'NA',
    }
    shipment.scans.push(entry)
    return entry
  }

  function currentCode(s: StandInShipment) {
    const last = [...s.scans].reverse().find((x) => /^\d+$/.test(x['sr-status']))
    return last ? Number(last['sr-status']) : s.awb ? 1 : 0
  }

  function route(method: string, url: URL, body: Record<string, unknown>): [number, unknown] {
    const path = url.pathname.replace(/^\/v1\/external\//, '').replace(/\/$/, '')
    let m: RegExpMatchArray | null

    // Create Or Update Order / Create Custom Order.
    if (method === 'POST' && path === 'orders/create/adhoc') {
      const errors: Record<string, string[]> = {}
      for (const field of REQUIRED_ORDER_FIELDS) {
        const v = body[field]
        if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) {
          errors[field] = [`The ${field.replaceAll('_', ' ')} field is required.`]
        }
      }
      // "Max char: 50" (order_id), "Max char: 30" (billing_city); the words are Laravel's, as the other messages are.
      if (typeof body.order_id === 'string' && body.order_id.length > 50)
        errors.order_id = ['The order id may not be greater than 50 characters.']
      if (typeof body.billing_city === 'string' && body.billing_city.length > 30)
        errors.billing_city = ['The billing city may not be greater than 30 characters.']
      if (body.payment_method && !/^(cod|prepaid)$/i.test(String(body.payment_method)))
        errors.payment_method = ['The selected payment method is invalid.']
      // "Must be more than 0.5" (length, breadth, height), "Must be more than 0" (weight).
      for (const side of ['length', 'breadth', 'height'])
        if (body[side] !== undefined && !(Number(body[side]) > 0.5)) errors[side] = [`The ${side} must be greater than 0.5.`]
      if (body.weight !== undefined && !(Number(body.weight) > 0)) errors.weight = ['The weight must be greater than 0.']
      if (body.billing_pincode !== undefined && !/^[1-9]\d{5}$/.test(String(body.billing_pincode)))
        errors.billing_pincode = ['The billing pincode must be 6 digits.']
      // "order_id field cannot be equal to an already existing id … New orders cannot be created with order id's same
      // as that of cancelled orders": the 422 of the collection's Invalid Data example ("The order id has already been
      // taken.", under Return & Exchange Orders / Create Return Order).
      if (typeof body.order_id === 'string' && [...orders.values()].some((o) => o.channelOrderId === body.order_id)) {
        errors.order_id = ['The order id has already been taken.']
      }
      if (Object.keys(errors).length) return [422, invalid(errors)]
      const order: StandInOrder = {
        id: nextOrderId++,
        channelOrderId: String(body.order_id),
        status: 'NEW',
        statusCode: 1,
        createdAt: indiaDateTime(now()),
        body,
        shipment: {
          id: nextShipmentId++,
          orderId: 0,
          awb: null,
          courierId: null,
          courierName: null,
          pickupRequested: false,
          pickupScheduledDate: null,
          awbAssignedDate: null,
          manifested: false,
          scans: [],
          etd: null,
          ndr: null,
        },
      }
      order.shipment.orderId = order.id
      orders.set(order.id, order)
      shipments.set(order.shipment.id, order.shipment)
      return [
        200,
        {
          order_id: order.id,
          shipment_id: order.shipment.id,
          status: 'NEW',
          status_code: 1,
          onboarding_completed_now: 0,
          awb_code: null,
          courier_company_id: null,
          courier_name: null,
        },
      ]
    }

    // Orders / Get all Orders ("search: Search for AWB or by Channel order_id").
    if (method === 'GET' && path === 'orders') {
      const search = url.searchParams.get('search')?.trim() ?? ''
      const perPage = Math.max(1, Number(url.searchParams.get('per_page') ?? 15) || 15)
      const found = [...orders.values()].filter(
        (o) => search === '' || o.channelOrderId.includes(search) || (o.shipment.awb ?? '').includes(search),
      )
      const page = found.slice(0, perPage)
      return [
        200,
        {
          data: page.map((o) => ({
            id: o.id,
            channel_id: 76_893,
            channel_name: 'CUSTOM',
            base_channel_code: 'CS',
            channel_order_id: o.channelOrderId,
            pickup_location: o.body.pickup_location,
            total: Number(o.body.sub_total).toFixed(2),
            status: o.status,
            status_code: o.statusCode,
            payment_method: String(o.body.payment_method).toLowerCase(),
            created_at: o.createdAt,
            shipments: [
              {
                id: o.shipment.id,
                courier: o.shipment.courierName ?? '',
                awb: o.shipment.awb ?? '',
                pickup_scheduled_date: o.shipment.pickupScheduledDate,
                etd: o.shipment.etd ?? 'NA',
              },
            ],
          })),
          meta: {
            pagination: {
              total: found.length,
              count: page.length,
              per_page: perPage,
              current_page: 1,
              total_pages: Math.max(1, Math.ceil(found.length / perPage)),
              links: {},
            },
          },
        },
      ]
    }

    // Couriers / Check Courier Serviceability.
    if (method === 'GET' && path === 'courier/serviceability') {
      const q = url.searchParams
      const errors: Record<string, string[]> = {}
      if (!q.get('order_id')) {
        if (!q.get('weight')) errors.weight = ['The weight field is required when order id is not present.']
        if (!q.get('cod')) errors.cod = ['The cod field is required when order id is not present.']
        if (!q.get('pickup_postcode') || !q.get('delivery_postcode'))
          errors.order_id = ['The order id field is required when pickup postcode / delivery postcode / cod / weight is not present.']
      }
      if (Object.keys(errors).length) return [422, invalid(errors, 'Required field missing')]
      const to = q.get('delivery_postcode')!
      const cod = q.get('cod') === '1'
      const couriers = state.couriers.filter((c) => !cod || c.cod)
      // The collection's only answer without couriers is "Invalid Data": 200 with {status: 404, message}; the words
      // for a PIN no courier serves are not published.
      if (state.unservedPins.has(to) || couriers.length === 0)
        return [200, { status: 404, message: `Delivery postcode ${to} is not serviceable` }]
      const weight = Number(q.get('weight'))
      const halves = Math.max(1, Math.ceil(weight / 0.5))
      const rated = couriers.map((c) => {
        const freight = Math.round(c.ratePerHalfKg * halves * 100) / 100
        const codCharges = cod ? c.codCharge : 0
        return {
          courier_company_id: c.id,
          courier_name: c.name,
          charge_weight: halves / 2,
          cod: c.cod ? 1 : 0,
          cod_charges: codCharges,
          freight_charge: freight,
          rate: Math.round((freight + codCharges) * 100) / 100,
          estimated_delivery_days: String(c.days),
          etd: etdWords(new Date(now().getTime() + c.days * 86_400_000)),
          etd_hours: c.days * 24,
          is_surface: /surface/i.test(c.name),
          postcode: to,
          rating: 4.5,
        }
      })
      const cheapest = [...rated].sort((a, b) => a.rate - b.rate)[0]!
      const recommended = state.recommendedCourierId ?? cheapest.courier_company_id
      return [
        200,
        {
          currency: 'INR',
          data: {
            available_courier_companies: rated,
            blocked_courier_companies: [],
            is_recommendation_enabled: 1,
            recommended_by: { id: 6, title: 'Recommendation By Shiprocket' },
            recommended_courier_company_id: recommended,
            shiprocket_recommended_courier_id: recommended,
          },
          status: 200,
        },
      ]
    }

    // Couriers / Generate AWB for Shipment.
    if (method === 'POST' && path === 'courier/assign/awb') {
      if (body.shipment_id === undefined || body.shipment_id === '') {
        return [422, invalid({ shipment_id: ['The shipment id field is required.'] }, 'Required field missing')]
      }
      const shipment = shipments.get(Number(body.shipment_id))
      // The collection publishes no answer for an unknown id; Invalid Data's message is the nearest.
      if (!shipment || shipment.awb) return [400, refused('Oops! Cannot reassign courier for this shipment.')]
      const courier = body.courier_id ? state.couriers.find((c) => c.id === Number(body.courier_id)) : state.couriers[0]
      if (!courier) return [400, refused('Oops! Cannot reassign courier for this shipment.')]
      shipment.awb = String(nextAwb++)
      shipment.courierId = courier.id
      shipment.courierName = courier.name
      shipment.awbAssignedDate = indiaDateTime(now())
      shipment.etd = indiaDateTime(new Date(now().getTime() + courier.days * 86_400_000))
      byAwb.set(shipment.awb, shipment)
      const order = orders.get(shipment.orderId)!
      order.status = 'READY TO SHIP'
      return [
        200,
        {
          awb_assign_status: 1,
          response: {
            data: {
              courier_company_id: courier.id,
              awb_code: shipment.awb,
              cod: /^cod$/i.test(String(order.body.payment_method)) ? 1 : 0,
              order_id: order.id,
              shipment_id: shipment.id,
              awb_code_status: 1,
              assigned_date_time: { date: `${shipment.awbAssignedDate}.000000`, timezone_type: 3, timezone: 'Asia/Kolkata' },
              applied_weight: Number(order.body.weight),
              courier_name: courier.name,
              child_courier_name: null,
              pickup_scheduled_date: null,
            },
          },
        },
      ]
    }

    // Couriers / Request for Shipment Pickup ("Only one shipment_id can be passed at a time"; "The AWB must be already
    // generated"): both refusals answer the documented 400 "Invalid shipment id".
    if (method === 'POST' && path === 'courier/generate/pickup') {
      const ids = Array.isArray(body.shipment_id) ? body.shipment_id : []
      const shipment = ids.length === 1 ? shipments.get(Number(ids[0])) : undefined
      if (!shipment?.awb) return [400, refused('Invalid shipment id')]
      shipment.pickupRequested = true
      // The next day at noon, India's time ("In case the pickup_date falls on a holiday or Sunday…" is not modelled).
      const tomorrow = indiaDateTime(new Date(now().getTime() + 86_400_000)).slice(0, 10)
      shipment.pickupScheduledDate = `${tomorrow} 12:00:00`
      scan(shipment, 3, { activity: 'Pickup scheduled' })
      return [
        200,
        {
          pickup_status: 1,
          response: {
            pickup_scheduled_date: shipment.pickupScheduledDate,
            pickup_token_number: `Reference No: ${shipment.id}`,
            status: 3,
            pickup_generated_date: { date: `${indiaDateTime(now())}.000000`, timezone_type: 3, timezone: 'Asia/Kolkata' },
            data: `Pickup is confirmed by ${shipment.courierName} For AWB :- ${shipment.awb}`,
          },
        },
      ]
    }

    // Labels | Manifests | Invoice / Generate Label: one PDF for all the shipments, a page each.
    if (method === 'POST' && path === 'courier/generate/label') {
      if (!Array.isArray(body.shipment_id)) return [422, invalid({ shipment_id: ['The shipment id must be an array.'] })]
      const wanted = body.shipment_id.map((v) => shipments.get(Number(v)))
      const ready = wanted.filter((s): s is StandInShipment => Boolean(s?.awb))
      if (ready.length === 0) return [200, { label_created: 0, not_created: [], response: 'No valid shipment ids to print label' }]
      const notCreated = body.shipment_id.filter((_v, i) => !wanted[i]?.awb)
      const name = `labels/shipping-label-${ready[0]!.id}-${crypto.randomBytes(6).toString('hex')}.pdf`
      files.set(name, Buffer.alloc(0))
      pendingFiles.push(
        pdfOfPages(
          ready.map((s) => {
            const o = orders.get(s.orderId)!
            return [`${s.courierName}`, `AWB ${s.awb}`, `Shipment ${s.id}`, `Order ${o.channelOrderId}`, `${o.body.payment_method}`]
          }),
        ).then((pdf) => void files.set(name, pdf)),
      )
      return [
        200,
        {
          label_created: 1,
          label_url: `${baseUrl()}/files/${name}`,
          response: 'Label has been created and uploaded successfully!',
          not_created: notCreated,
        },
      ]
    }

    // Labels | Manifests | Invoice / Generate Manifest ("AWB must be assigned and pickup requested on the shipment id").
    if (method === 'POST' && path === 'manifests/generate') {
      const ids = Array.isArray(body.shipment_id) ? body.shipment_id.map(Number) : []
      const wanted = ids.map((v) => shipments.get(v))
      const already = wanted.filter((s) => s?.manifested).map((s) => s!.id)
      if (already.length) {
        return [
          400,
          {
            message: 'Manifest already generated for some shipment_ids, Please try again after removin them',
            status_code: 400,
            already_manifested_shipment_ids: already,
          },
        ]
      }
      // "Missing Field or Invalid Data": 200 with an empty manifest_url.
      if (wanted.length === 0 || wanted.some((s) => !s?.awb || !s.pickupRequested)) return [200, { status: 1, manifest_url: '' }]
      for (const s of wanted) {
        s!.manifested = true
        scan(s!, 5, { activity: 'Manifested - Manifest uploaded' })
      }
      return [200, { status: 1, manifest_url: manifestFile(wanted as StandInShipment[]) }]
    }

    // Labels | Manifests | Invoice / Print Manifest (Shiprocket order ids; "Missing or Invalid Data": empty url).
    if (method === 'POST' && path === 'manifests/print') {
      if (!Array.isArray(body.order_ids)) return [500, refused('Invalid argument supplied for foreach()', 500)]
      const wanted = body.order_ids.map((v) => orders.get(Number(v))?.shipment)
      if (wanted.length === 0 || wanted.some((s) => !s?.manifested)) return [200, { manifest_url: '' }]
      return [200, { manifest_url: manifestFile(wanted as StandInShipment[]) }]
    }

    // Create Or Update Order / Cancel an Order: 204; an unknown id gets the documented "Invalid Data" 500.
    if (method === 'POST' && path === 'orders/cancel') {
      if (!Array.isArray(body.ids) || body.ids.length === 0)
        return [422, invalid({ ids: ['The ids field is required.'] }, 'Required field missing')]
      const wanted = body.ids.map((v) => orders.get(Number(v)))
      if (wanted.some((o) => !o)) return [500, refused('Trying to get property of non-object', 500)]
      for (const o of wanted) {
        o!.status = 'CANCELED'
        o!.statusCode = 5
        scan(o!.shipment, 8, { activity: 'Canceled' })
      }
      return [204, null]
    }

    // Shipments / Get Details of Specific Shipment (an unknown id answers 200 {}).
    if (method === 'GET' && (m = path.match(/^shipments\/(\d+)$/))) {
      const s = shipments.get(Number(m[1]))
      if (!s) return [200, {}]
      return [
        200,
        {
          data: {
            id: s.id,
            order_id: s.orderId,
            courier: s.courierName,
            sr_courier_id: s.courierId,
            awb: s.awb,
            awb_assign_date: s.awbAssignedDate,
            status: currentCode(s),
            label_url: null,
            manifest_url: null,
          },
        },
      ]
    }

    // Tracking / Get Tracking through AWB (no scans yet, or an unknown AWB: the documented "Invalid Data" 200).
    if (method === 'GET' && (m = path.match(/^courier\/track\/awb\/([^/]+)$/))) {
      const s = byAwb.get(decodeURIComponent(m[1]!))
      if (!s || s.scans.length === 0) {
        return [
          200,
          {
            tracking_data: {
              track_status: 0,
              error: 'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.',
            },
          },
        ]
      }
      const code = currentCode(s)
      const last = s.scans.at(-1)!
      return [
        200,
        {
          tracking_data: {
            track_status: 1,
            shipment_status: code,
            shipment_track: [
              {
                id: s.id,
                awb_code: s.awb,
                courier_company_id: s.courierId,
                shipment_id: s.id,
                order_id: s.orderId,
                current_status: last['sr-status-label'] === 'NA' ? last.activity : last['sr-status-label'],
                courier_name: s.courierName,
                edd: s.etd,
              },
            ],
            // Newest first, as the documented example lists them.
            shipment_track_activities: [...s.scans].reverse(),
            track_url: `https://shiprocket.co//tracking/${s.awb}`,
            etd: s.etd,
            qc_response: { qc_image: '', qc_failed_reason: '' },
          },
        },
      ]
    }

    // NDR / Get All NDR Shipments.
    if (method === 'GET' && path === 'ndr/all') {
      const perPage = Math.max(1, Number(url.searchParams.get('per_page') ?? 15) || 15)
      const pageNo = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1)
      const all = [...shipments.values()].filter((s) => s.ndr)
      const page = all.slice((pageNo - 1) * perPage, pageNo * perPage)
      return [
        200,
        {
          data: page.map((s) => {
            const o = orders.get(s.orderId)!
            return {
              id: s.id,
              shipment_id: s.id,
              customer_name: o.body.billing_customer_name,
              customer_phone: String(o.body.billing_phone),
              customer_pincode: String(o.body.billing_pincode),
              status: 'UNDELIVERED',
              status_code: 36,
              payment_method: String(o.body.payment_method).toLowerCase(),
              reason: s.ndr!.reason,
              attempts: s.ndr!.attempts,
              ndr_raised_at: s.ndr!.raisedAt,
              courier: s.courierName,
              awb_code: s.awb,
              escalation_status: 'N/A',
              history: [],
              delivered_date: '',
            }
          }),
          meta: {
            pagination: {
              total: all.length,
              count: page.length,
              per_page: perPage,
              current_page: pageNo,
              total_pages: Math.max(1, Math.ceil(all.length / perPage)),
              links: {},
            },
          },
        },
      ]
    }

    // NDR / Action NDR: 202 {status: "Data Updated Sucessfully"} (sic). The refusals' words are not published.
    if (method === 'POST' && (m = path.match(/^ndr\/([^/]+)\/action$/))) {
      const s = byAwb.get(decodeURIComponent(m[1]!))
      const errors: Record<string, string[]> = {}
      if (!['re-attempt', 'return', 'fake-attempt'].includes(String(body.action))) errors.action = ['The selected action is invalid.']
      if (!body.comments) errors.comments = ['The comments field is required.']
      if (Object.keys(errors).length) return [422, invalid(errors)]
      if (!s?.ndr) return [400, refused('No NDR found for this AWB')]
      s.ndr.actions.push(body)
      return [202, { status: 'Data Updated Sucessfully' }]
    }

    // "The URI requested is invalid" (Errors and Response codes), as the Wrong Endpoint examples answer it.
    return [404, refused('404 Not Found', 404)]
  }

  function manifestFile(list: StandInShipment[]) {
    const name = `manifest/MANIFEST-${crypto.randomBytes(4).toString('hex')}.pdf`
    files.set(name, Buffer.alloc(0))
    pendingFiles.push(
      pdfOfPages([['Manifest', ...list.map((s) => `${s.awb}  ${s.courierName}  shipment ${s.id}`)]]).then(
        (pdf) => void files.set(name, pdf),
      ),
    )
    return `${baseUrl()}/files/${name}`
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const raw = Buffer.concat(chunks).toString()
    const url = new URL(req.url!, 'http://stand-in')
    let body: unknown
    try {
      body = raw ? JSON.parse(raw) : {}
    } catch {
      body = undefined
    }
    state.requests.push({ method: req.method!, path: url.pathname + url.search, body, headers: { ...req.headers } })
    const json = (status: number, payload: unknown) => {
      if (status === 204) {
        res.writeHead(204)
        return void res.end()
      }
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(payload))
    }

    // Not Shiprocket's: how a test in another process (a browser test's worker) plays the courier. A scan on a parcel,
    // then its tracking webhook posted to the shop, as Shiprocket would (`controlled: true` in the options only).
    if (options.controlled && req.method === 'POST' && url.pathname.startsWith('/__control/')) {
      const order = body as {
        awb: string
        code?: number
        activity?: string
        location?: string
        reason?: string
        url?: string
        apiKey?: string
      }
      try {
        if (url.pathname === '/__control/scan')
          scan(shipmentByAwb(order.awb), order.code ?? 18, { activity: order.activity, location: order.location })
        else if (url.pathname === '/__control/fail-delivery') {
          const s = shipmentByAwb(order.awb)
          scan(s, 21, { activity: order.reason })
          s.ndr = {
            reason: order.reason ?? 'Consignee not available',
            attempts: (s.ndr?.attempts ?? 0) + 1,
            raisedAt: indiaDateTime(now()),
            actions: s.ndr?.actions ?? [],
          }
        } else if (url.pathname === '/__control/webhook') {
          const posted = await fetch(order.url!, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(order.apiKey ? { 'x-api-key': order.apiKey } : {}) },
            body: JSON.stringify(webhookPayload(order.awb)),
          })
          return json(200, { status: posted.status, text: await posted.text() })
        } else if (url.pathname === '/__control/ndr-actions') return json(200, shipmentByAwb(order.awb).ndr?.actions ?? [])
        else return json(404, { message: 'Not Found' })
      } catch (err) {
        return json(400, { message: (err as Error).message })
      }
      return json(200, { ok: true })
    }

    // Labels and manifests, as Shiprocket's storage serves them (no token).
    if (req.method === 'GET' && url.pathname.startsWith('/files/')) {
      await Promise.all(pendingFiles)
      const file = files.get(url.pathname.slice('/files/'.length))
      if (!file) return json(404, { message: 'Not Found' })
      if (state.filesAreNotPdf) {
        res.writeHead(200, { 'content-type': 'text/html' })
        return void res.end('<html><body>AccessDenied</body></html>')
      }
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(file.length) })
      return void res.end(file)
    }

    const path = url.pathname
    const rule = state.rules.find((r) => r.times > 0 && (!r.paths || r.paths.test(path)))
    const mode = rule?.mode ?? 'ok'
    if (rule && --rule.times <= 0) state.rules.splice(state.rules.indexOf(rule), 1)
    if (mode === 'hang') return
    // "500, 502, 503, 504 — Server Errors"; the body as the collection's 500 examples give it.
    if (mode === 'error') return json(500, { message: 'Internal server error.', status_code: 500 })
    // "429 — You have exceeded the API call rate limit." No body or headers are published.
    if (mode === 'rate-limited') return json(429, { message: 'Too Many Attempts.', status_code: 429 })

    if (body === undefined || (raw && (typeof body !== 'object' || body === null || Array.isArray(body)))) {
      return json(400, refused('The request body is not valid JSON.'))
    }
    const fields = body as Record<string, unknown>

    let answer: [number, unknown]
    if (req.method === 'POST' && path === '/v1/external/auth/login') {
      // Authentication API / Generate Token. No example answer is published; the answer carries `token` (the folder's
      // "Copy the token received in response"), with the API user's details beside it. A wrong password's answer is
      // not published either: the 401 row ("check your token or credentials") is the one chosen.
      if (fields.email !== options.email || fields.password !== options.password) {
        answer = [401, { message: 'Invalid email and password combination', status_code: 401 }]
      } else {
        state.logins++
        answer = [
          200,
          {
            id: 1_468_067,
            first_name: 'API',
            last_name: 'User',
            email: options.email,
            company_id: 25_149,
            created_at: indiaDateTime(now()),
            token: issueToken(),
          },
        ]
      }
    } else if (state.unauthorizedNext > 0 || !tokenValid(req.headers.authorization)) {
      if (state.unauthorizedNext > 0) state.unauthorizedNext--
      // The collection's 401 example: {"message": "Unauthenticated."}.
      answer = [401, { message: 'Unauthenticated.' }]
    } else {
      answer = route(req.method!, url, fields)
    }
    // Does the work, then the connection drops before any answer: the caller cannot know it was done.
    if (mode === 'lost') return void req.socket.destroy()
    json(answer[0], answer[1])
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  const baseUrl = () => `http://127.0.0.1:${port}`

  function shipmentByAwb(awb: string) {
    const s = byAwb.get(awb)
    if (!s) throw new Error(`The stand-in has no shipment with AWB ${awb}`)
    return s
  }

  /** The tracking webhook's body as the collection's "Webhooks" sample has it, for this AWB's latest scan. */
  function webhookPayload(awb: string, extra: Record<string, unknown> = {}) {
    const s = shipmentByAwb(awb)
    const o = orders.get(s.orderId)!
    const code = currentCode(s)
    const last = s.scans.at(-1)
    const words = STATUS_WORDS[code] ?? last?.['sr-status-label'] ?? 'NA'
    return {
      awb: s.awb,
      courier_name: s.courierName,
      current_status: words,
      // The collection does not say how current_status_id differs from shipment_status_id (its sample has 20 and 18
      // for the same words); the stand-in sends the same code in both.
      current_status_id: code,
      shipment_status: words,
      shipment_status_id: code,
      current_timestamp: last ? indiaTimestamp(new Date(`${last.date.replace(' ', 'T')}+05:30`)) : indiaTimestamp(now()),
      order_id: o.channelOrderId,
      sr_order_id: o.id,
      awb_assigned_date: s.awbAssignedDate,
      pickup_scheduled_date: s.pickupScheduledDate,
      etd: s.etd,
      scans: s.scans.map((x) => ({ ...x })),
      is_return: 0,
      channel_id: 76_893,
      pod_status: code === 7 ? 'OTP Based Delivery' : '',
      pod: code === 7 ? 'Available' : 'Not Available',
      qc_image: '',
      qc_failure_reason: '',
      ...extra,
    }
  }

  return {
    url: baseUrl(),
    state,
    orders,
    shipments,
    /** Every token issued so far becomes invalid now ("tokens expire after 10 days"), as if ten days had passed. */
    expireTokens() {
      for (const t of tokens.values()) t.revoked = true
    },
    /** The next `count` authenticated calls are refused with 401, whatever their token. */
    unauthorizeNext(count = 1) {
      state.unauthorizedNext = count
    },
    /** Answers the next `times` calls (matching `paths` when given) in `mode`, then normally again; replaces other rules. */
    setMode(mode: ShiprocketStandInMode, options: { paths?: RegExp; times?: number } = {}) {
      state.rules = [{ mode, paths: options.paths, times: options.times ?? Number.POSITIVE_INFINITY }]
    },
    /** Like setMode, beside the rules already set (the first that matches a call applies). */
    addMode(mode: ShiprocketStandInMode, options: { paths?: RegExp; times?: number } = {}) {
      state.rules.push({ mode, paths: options.paths, times: options.times ?? Number.POSITIVE_INFINITY })
    },
    reset() {
      state.rules = []
      state.unauthorizedNext = 0
      state.filesAreNotPdf = false
      state.unservedPins.clear()
      state.recommendedCourierId = null
      state.couriers = STAND_IN_COURIERS.map((c) => ({ ...c }))
    },
    /** The order Shiprocket holds under the shop's order id (`channel_order_id`). */
    orderByReference(reference: string) {
      return [...orders.values()].find((o) => o.channelOrderId === reference)
    },
    shipmentByAwb,
    /**
     * Records a courier scan on a parcel (what tracking and webhooks then report): `code` is Shiprocket's status code
     * (sr-status), e.g. 42 picked up, 18 in transit, 17 out for delivery, 21 undelivered, 7 delivered.
     */
    scan(awb: string, code: number, detail: { activity?: string; location?: string; at?: Date } = {}) {
      return scan(shipmentByAwb(awb), code, detail)
    },
    /** A failed delivery: an Undelivered scan and the parcel in the NDR list with the courier's reason. */
    failDelivery(awb: string, reason: string, at: Date = now()) {
      const s = shipmentByAwb(awb)
      scan(s, 21, { activity: reason, at })
      s.ndr = { reason, attempts: (s.ndr?.attempts ?? 0) + 1, raisedAt: indiaDateTime(at), actions: s.ndr?.actions ?? [] }
    },
    /** The answers the owner sent for a failed delivery ("Action NDR" bodies). */
    ndrActions(awb: string) {
      return shipmentByAwb(awb).ndr?.actions ?? []
    },
    webhookPayload,
    /** Posts the tracking webhook for this AWB's latest scan to `url`, as Shiprocket does, with the panel's token. */
    async postWebhook(url: string, awb: string, options: { apiKey?: string | null; extra?: Record<string, unknown> } = {}) {
      const rawBody = JSON.stringify(webhookPayload(awb, options.extra))
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}) },
        body: rawBody,
      })
      return { status: response.status, text: await response.text(), rawBody }
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}
