import { m } from '~/i18n/paraglide/messages.js'
import crypto from 'node:crypto'
import { z } from '~/zod'
import {
  type CourierBooking,
  type CourierRate,
  type FailedDelivery,
  type ParcelToShip,
  type ProviderShipment,
  type ShippingProvider,
  ShippingProviderError,
  type TrackingScan,
  type TrackingUpdate,
} from './provider'
import { readShiprocketStatus } from './shiprocket-statuses'

/*
 * Shiprocket's REST API (https://apidocs.shiprocket.in/, its Postman collection "Shiprocket API"). Every call below
 * names the collection's request it follows. The API has no sandbox: tests run against the loopback stand-in in
 * tests/support/shiprocket-standin.ts, written from the same collection.
 */

export type ShiprocketSettings = {
  /** The API user's e-mail and password (Settings → API → Add New API User in Shiprocket's panel). */
  email: string
  password: string
  /** The nickname of the pickup address in Shiprocket's panel (`pickup_location`). */
  pickupLocation: string
  /** The security token Shiprocket sends with each webhook in `x-api-key`. */
  webhookToken: string
  /** https://apiv2.shiprocket.in in production; the paths add /v1/external. */
  apiBase: string
  /** How long one call may take before it is abandoned. */
  timeoutMs: number
  now?: () => Date
}

/** Shiprocket did not answer (timeout, dropped connection, a 5xx): as far as the shop can tell, nothing changed. */
export class ShiprocketNoAnswerError extends ShippingProviderError {}

const DAY = 24 * 60 * 60 * 1000
/** "The validity of this token is 10 days" (Authentication API); with no `exp` to read, it is renewed after nine. */
const TOKEN_DAYS_WITHOUT_EXP = 9
const INDIA_OFFSET_MS = 330 * 60 * 1000

// Worded when the refusal is made, in the language of the request that asked.
const NO_ANSWER = m.shipping_sr_no_answer
const SERVER_TROUBLE = m.shipping_sr_server_trouble
const TOO_MANY = m.shipping_sr_too_many

const id = z.union([z.number().int(), z.string().regex(/^\d{1,20}$/)]).transform(String)
const text = z.string().nullish()
const money = z.union([
  z.number(),
  z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
])

/** The documented error bodies: {message}, {message, status_code} and, on a 422, {message, errors: {field: [words]}}. */
const errorBody = z.object({
  message: z.string().min(1),
  errors: z.record(z.string(), z.union([z.array(z.string()), z.string()])).optional(),
})

/** "Generate Token": no example answer is published; the collection's guidelines say the answer carries `token`. */
const loginAnswer = z.object({ token: z.string().min(1) })

/** "Create Custom Order", Successful Call. */
const createdOrder = z.object({
  order_id: id,
  shipment_id: id,
  status: z.string().optional(),
  status_code: z.number().optional(),
  awb_code: text,
  courier_name: text,
})

/** "Get all Orders": only the fields a look-up by the shop's reference needs. */
const orderList = z.object({
  data: z
    .array(
      z.object({
        id,
        channel_order_id: z.union([z.string(), z.number()]).transform(String),
        status: z.string().optional(),
        status_code: z.number().optional(),
        shipments: z.array(z.object({ id, awb: text, courier: text })).optional(),
      }),
    )
    .default([]),
})

/** "Check Courier Serviceability", Successful Call (and its "Invalid Data" answer, {status: 404, message}). */
const serviceability = z.object({
  status: z.number().optional(),
  message: z.string().optional(),
  data: z
    .object({
      available_courier_companies: z
        .array(
          z.object({
            courier_company_id: id,
            courier_name: z.string(),
            rate: money,
            cod_charges: money.nullish(),
            etd: text,
            estimated_delivery_days: z.union([z.string(), z.number()]).nullish(),
          }),
        )
        .default([]),
      recommended_courier_company_id: id.nullish(),
      shiprocket_recommended_courier_id: id.nullish(),
    })
    .optional(),
})

/** "Generate AWB for Shipment", Successful Call; a refusal comes back in `response.data.awb_assign_error`. */
const awbAnswer = z.object({
  awb_assign_status: z.number(),
  message: z.string().optional(),
  response: z
    .object({
      data: z
        .object({
          awb_code: z.union([z.string(), z.number()]).transform(String).nullish(),
          courier_company_id: id.nullish(),
          courier_name: text,
          awb_assign_error: text,
        })
        .optional(),
    })
    .optional(),
})

/** "Get Details of Specific Shipment" (an unknown id answers `{}`). */
const shipmentDetails = z.object({
  data: z.object({ id, order_id: id, awb: text, courier: text, sr_courier_id: id.nullish() }).optional(),
})

/** "Request for Shipment Pickup", Successful Call. */
const pickupAnswer = z.object({
  pickup_status: z.number(),
  message: z.string().optional(),
  response: z.object({ pickup_scheduled_date: text, data: z.unknown().optional() }).optional(),
})

/** "Generate Label": Successful Call, and "Missing or Invalid Data" (label_created 0). */
const labelAnswer = z.object({
  label_created: z.number(),
  label_url: text,
  response: text,
  not_created: z.array(z.unknown()).default([]),
})

/** "Generate Manifest" ({status, manifest_url}) and "Print Manifest" ({manifest_url}). */
const manifestAnswer = z.object({ manifest_url: text })

const trackingActivity = z.object({
  date: z.string(),
  activity: z.string().default(''),
  location: z.string().default(''),
  'sr-status': z.union([z.string(), z.number()]).transform(String).optional(),
  'sr-status-label': z.string().optional(),
})

/** "Get Tracking through AWB": Successful Call, and "Invalid Data" ({track_status: 0, error}). */
const trackingAnswer = z.object({
  tracking_data: z.object({
    track_status: z.number(),
    shipment_status: z.union([z.number(), z.string()]).optional(),
    shipment_track: z.array(z.object({ current_status: text, courier_name: text, edd: text })).nullish(),
    shipment_track_activities: z.array(trackingActivity).nullish(),
    track_url: text,
    etd: text,
  }),
})

/** "Get All NDR Shipments". */
const ndrList = z.object({
  data: z
    .array(
      z.object({
        shipment_id: id,
        awb_code: z.union([z.string(), z.number()]).transform(String),
        courier: text,
        reason: text,
        attempts: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).nullish(),
        ndr_raised_at: text,
        status: text,
        status_code: z.union([z.number(), z.string()]).nullish(),
      }),
    )
    .default([]),
  meta: z.object({ pagination: z.object({ current_page: z.number(), total_pages: z.number() }).partial().optional() }).optional(),
})

/**
 * The tracking webhook (the collection's "Webhooks" section and its sample body). Only the fields the shop reads are
 * checked; `current_timestamp` is India's time written "dd mm yyyy hh:mm:ss".
 */
const webhookBody = z.object({
  awb: z.union([z.string(), z.number()]).transform((v) => String(v).trim()),
  courier_name: text,
  current_status: text,
  current_status_id: z.union([z.number(), z.string()]).nullish(),
  shipment_status: text,
  shipment_status_id: z.union([z.number(), z.string()]).nullish(),
  current_timestamp: z.string().refine((v) => fromIndiaTimestamp(v) !== null, 'current_timestamp is not "dd mm yyyy hh:mm:ss"'),
  order_id: z.union([z.string(), z.number()]).transform(String).nullish(),
  etd: text,
  scans: z.array(trackingActivity).nullish(),
  is_return: z.union([z.number(), z.boolean(), z.string()]).nullish(),
})

/** India's wall-clock time to a Date (India has one zone, +05:30, and no summer time). */
function fromIndia(y: number, mo: number, d: number, h: number, mi: number, s: number) {
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s) - INDIA_OFFSET_MS)
  return Number.isNaN(at.getTime()) || mo < 1 || mo > 12 || d < 1 || d > 31 ? null : at
}

/** "2023-05-19 11:59:16" (scans, tracking, NDR), India's time. */
export function fromIndiaDateTime(value: string | null | undefined) {
  const m = value?.trim().match(/^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/)
  return m ? fromIndia(+m[1]!, +m[2]!, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)) : null
}

/** "23 05 2023 11:43:52" (the webhook's current_timestamp), India's time. */
export function fromIndiaTimestamp(value: string) {
  const m = value.trim().match(/^(\d{2}) (\d{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2})$/)
  return m ? fromIndia(+m[3]!, +m[2]!, +m[1]!, +m[4]!, +m[5]!, +m[6]!) : null
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/** An `etd` or `edd` as India's calendar date: "Jul 01, 2024" (serviceability) or "2023-05-23 15:40:19" (tracking). */
export function etdToDate(value: string | null | undefined): string | null {
  const v = value?.trim() ?? ''
  const iso = v.match(/^(\d{4})-(\d{2})-(\d{2})/)
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`
  const named = v.match(/^([A-Za-z]{3})[a-z]* (\d{1,2}), (\d{4})$/)
  const month = named ? MONTHS.indexOf(named[1]!.toLowerCase()) + 1 : 0
  if (!named || month === 0) return null
  return `${named[3]}-${String(month).padStart(2, '0')}-${named[2]!.padStart(2, '0')}`
}

/** The order date Shiprocket asks for: "yyyy-mm-dd hh:mm", India's time. */
function indiaDateTime(at: Date) {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ')
}

const rupees = (paise: number) => Math.round(paise) / 100
const paise = (rupeeAmount: number) => Math.round(rupeeAmount * 100)

/** When a JWT says it expires (its `exp`, seconds), or null when the token is not a JWT or has none. */
function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const exp = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))?.exp
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null
  } catch {
    return null
  }
}

function sameSecret(expected: string, given: string | null) {
  if (!expected || given === null) return false
  const digest = (v: string) => crypto.createHash('sha256').update(v).digest()
  return crypto.timingSafeEqual(digest(expected), digest(given))
}

function scansFrom(activities: z.infer<typeof trackingActivity>[] | null | undefined): TrackingScan[] {
  const scans: TrackingScan[] = []
  for (const a of activities ?? []) {
    const at = fromIndiaDateTime(a.date)
    if (at) scans.push({ at, place: a.location === 'NA' ? '' : a.location, activity: a.activity.trim() })
  }
  return scans.sort((a, b) => a.at.getTime() - b.at.getTime())
}

/** How many delivery attempts failed, counted from the scans Shiprocket marks 21 (Undelivered); at least one. */
function failedAttempts(activities: z.infer<typeof trackingActivity>[] | null | undefined) {
  return Math.max(1, (activities ?? []).filter((a) => a['sr-status'] === '21').length)
}

export function shiprocketProvider(settings: ShiprocketSettings): ShippingProvider & {
  failedDeliveries(): Promise<FailedDelivery[]>
} {
  const now = settings.now ?? (() => new Date())
  const base = settings.apiBase.replace(/\/+$/, '')
  let session: { token: string; renewAt: number } | null = null
  let pendingLogin: Promise<string> | null = null

  async function send(method: 'GET' | 'POST', path: string, body: unknown, token: string | null) {
    try {
      return await fetch(`${base}/v1/external/${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs),
      })
    } catch {
      throw new ShiprocketNoAnswerError(NO_ANSWER())
    }
  }

  /** Reads an answer's JSON; the timeout also covers the body, and a cut connection leaves none. */
  async function readJson(response: Response): Promise<unknown> {
    let raw: string
    try {
      raw = await response.text()
    } catch {
      throw new ShiprocketNoAnswerError(NO_ANSWER(), response.status)
    }
    if (raw.trim() === '') return {}
    try {
      return JSON.parse(raw)
    } catch {
      return undefined
    }
  }

  /** A refusal in Shiprocket's own words (the collection's "Errors and Response codes"). */
  async function refusal(response: Response): Promise<ShippingProviderError> {
    const status = response.status
    if (status >= 500) return new ShiprocketNoAnswerError(SERVER_TROUBLE(), status)
    if (status === 429) return new ShippingProviderError(TOO_MANY(), status)
    const parsed = errorBody.safeParse(await readJson(response).catch(() => undefined))
    if (!parsed.success) return new ShippingProviderError(m.shipping_sr_refused_http({ status }), status)
    const fieldErrors: Record<string, string[]> = {}
    for (const [field, words] of Object.entries(parsed.data.errors ?? {})) fieldErrors[field] = Array.isArray(words) ? words : [words]
    return new ShippingProviderError(parsed.data.message.slice(0, 500), status, fieldErrors)
  }

  /** "Generate Token" (POST auth/login). */
  async function logIn(): Promise<string> {
    const response = await send('POST', 'auth/login', { email: settings.email, password: settings.password }, null)
    if (!response.ok) {
      const err = await refusal(response)
      if (err instanceof ShiprocketNoAnswerError || response.status === 429) throw err
      throw new ShippingProviderError(m.shipping_sr_login_refused({ reason: err.message }), response.status)
    }
    const parsed = loginAnswer.safeParse(await readJson(response))
    if (!parsed.success) throw new ShippingProviderError(m.shipping_sr_no_token())
    const loggedInAt = now().getTime()
    const exp = jwtExpiry(parsed.data.token)
    // Renew ahead of the expiry: a day before a ten-day token, a tenth of its life for a short one.
    const renewAt = exp !== null ? exp - Math.min(DAY, Math.max(0, exp - loggedInAt) / 10) : loggedInAt + TOKEN_DAYS_WITHOUT_EXP * DAY
    session = { token: parsed.data.token, renewAt }
    return parsed.data.token
  }

  /** The current token; callers arriving while a log-in runs share it, so a burst of calls logs in once. */
  function token(): Promise<string> {
    if (session && now().getTime() < session.renewAt) return Promise.resolve(session.token)
    pendingLogin ??= logIn().finally(() => {
      pendingLogin = null
    })
    return pendingLogin
  }

  /** One authenticated call, its answer checked against `schema`; a 401 logs in again and retries once. */
  async function call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const used = await token()
      const response = await send(method, path, body, used)
      if (response.status === 401 && attempt === 0) {
        // Only the token that failed is dropped: ten calls refused at once still log in once.
        if (session?.token === used) session = null
        await response.body?.cancel().catch(() => {})
        continue
      }
      if (!response.ok) {
        const err = await refusal(response)
        if (response.status === 401) {
          throw new ShippingProviderError(m.shipping_sr_api_user_refused({ reason: err.message }), 401)
        }
        throw err
      }
      const json = await readJson(response)
      const parsed = schema.safeParse(json)
      if (parsed.success) return parsed.data
      // "Some APIs may respond with an error message if data is invalid" (Errors and Response codes): a 200 refusal.
      const refused = errorBody.safeParse(json)
      if (refused.success) throw new ShippingProviderError(refused.data.message.slice(0, 500), response.status)
      throw new ShippingProviderError(m.shipping_sr_not_understood())
    }
  }

  /** Downloads a label or manifest from the address Shiprocket gave, refusing anything that is not a PDF. */
  async function fetchPdf(url: string, what: 'labels' | 'manifest'): Promise<Uint8Array> {
    let response: Response
    let bytes: Uint8Array
    try {
      // The file lives on Shiprocket's storage (S3), not the API: no token goes with it.
      response = await fetch(url, { signal: AbortSignal.timeout(settings.timeoutMs) })
      bytes = new Uint8Array(await response.arrayBuffer())
    } catch {
      throw new ShiprocketNoAnswerError(what === 'labels' ? m.shipping_sr_labels_not_downloaded() : m.shipping_sr_manifest_not_downloaded())
    }
    if (!response.ok)
      throw new ShippingProviderError(
        (what === 'labels' ? m.shipping_sr_labels_file_failed : m.shipping_sr_manifest_file_failed)({ status: response.status }),
        response.status,
      )
    if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') {
      throw new ShippingProviderError(what === 'labels' ? m.shipping_sr_labels_not_pdf() : m.shipping_sr_manifest_not_pdf())
    }
    return bytes
  }

  /** Shiprocket's ids are numbers; a wrong one is refused before anything is sent. */
  const numericIds = (ids: readonly string[], what: 'shipment' | 'courier' | 'order' = 'shipment') =>
    ids.map((v) => {
      if (!/^\d{1,20}$/.test(v))
        throw new ShippingProviderError(
          (what === 'courier'
            ? m.shipping_sr_bad_courier_id
            : what === 'order'
              ? m.shipping_sr_bad_order_id
              : m.shipping_sr_bad_shipment_id)({
            id: v,
          }),
        )
      return Number(v)
    })

  /** "Get all Orders" searched by the shop's reference (its `search` finds the channel order id given on creation). */
  async function findOrder(reference: string): Promise<ProviderShipment | null> {
    const list = await call('GET', `orders?search=${encodeURIComponent(reference)}&per_page=50`, orderList)
    const order = list.data.find((o) => o.channel_order_id === reference)
    if (!order) return null
    if (order.status_code === 5 || /^cancel/i.test(order.status ?? '')) {
      throw new ShippingProviderError(m.shipping_sr_order_cancelled_there({ reference }), 422)
    }
    const shipment = order.shipments?.[0]
    if (!shipment) return null
    return { providerOrderId: order.id, providerShipmentId: shipment.id, awb: shipment.awb || null, courier: shipment.courier || null }
  }

  return {
    name: 'shiprocket',
    label: 'Shiprocket',
    books: true,

    // "Create Custom Order" (POST orders/create/adhoc).
    async createShipment(parcel: ParcelToShip) {
      if (parcel.reference.length < 1 || parcel.reference.length > 50) {
        throw new ShippingProviderError(m.shipping_sr_reference_length())
      }
      const [firstName, ...rest] = parcel.address.name.trim().split(/\s+/)
      const phone = parcel.address.phone.replace(/\D/g, '').slice(-10)
      const body = {
        order_id: parcel.reference,
        order_date: indiaDateTime(parcel.placedAt),
        pickup_location: settings.pickupLocation,
        comment: `Order ${parcel.orderNumber}`,
        billing_customer_name: firstName ?? parcel.address.name,
        billing_last_name: rest.join(' '),
        billing_address: parcel.address.line1,
        billing_address_2: parcel.address.line2,
        billing_city: parcel.address.city.slice(0, 30),
        billing_pincode: Number(parcel.address.pinCode),
        billing_state: parcel.address.state,
        billing_country: 'India',
        billing_email: parcel.address.email,
        billing_phone: Number(phone),
        shipping_is_billing: true,
        order_items: parcel.items.map((item) => ({
          name: item.name,
          sku: item.sku,
          units: item.units,
          // "The selling price per unit in Rupee. Inclusive of GST."; `tax` is the percentage.
          selling_price: rupees(item.unitPricePaise),
          discount: 0,
          tax: item.taxRatePercent,
          hsn: item.hsn,
        })),
        payment_method: parcel.paymentMethod === 'cod' ? 'COD' : 'Prepaid',
        // "The total is not calculated automatically through the API": sub_total is what the courier collects on a
        // COD parcel, so it carries the order's total, with delivery and discount already in it (not sent again).
        shipping_charges: 0,
        giftwrap_charges: 0,
        transaction_charges: 0,
        total_discount: 0,
        sub_total: rupees(parcel.totalPaise),
        length: parcel.parcel.lengthCm,
        breadth: parcel.parcel.breadthCm,
        height: parcel.parcel.heightCm,
        weight: parcel.parcel.weightGrams / 1000,
      }
      try {
        const created = await call('POST', 'orders/create/adhoc', createdOrder, body)
        if (created.status_code === 5 || /^cancel/i.test(created.status ?? '')) {
          throw new ShippingProviderError(m.shipping_sr_order_cancelled_there({ reference: parcel.reference }), 422)
        }
        return {
          providerOrderId: created.order_id,
          providerShipmentId: created.shipment_id,
          awb: created.awb_code || null,
          courier: created.courier_name || null,
        }
      } catch (err) {
        // No idempotency key exists: after a lost answer, or the 422 a second create of the same order id gets
        // ("The order id has already been taken."), the order made the first time is looked up and returned.
        const lost = err instanceof ShiprocketNoAnswerError
        const taken =
          err instanceof ShippingProviderError &&
          err.httpStatus === 422 &&
          (err.fieldErrors.order_id ?? []).some((w) => /taken|exist/i.test(w))
        if (!lost && !taken) throw err
        const found = await findOrder(parcel.reference)
        if (found) return found
        throw err
      }
    },

    // "Check Courier Serviceability" (GET courier/serviceability/).
    async rates(question) {
      const query = new URLSearchParams({
        pickup_postcode: question.fromPin,
        delivery_postcode: question.toPin,
        weight: String(question.weightGrams / 1000),
        cod: question.cod ? '1' : '0',
      })
      if (question.declaredValuePaise !== undefined) query.set('declared_value', String(Math.ceil(question.declaredValuePaise / 100)))
      const answer = await call('GET', `courier/serviceability/?${query}`, serviceability)
      // A route no courier serves answers 200 with {status: 404, message} and no data.
      if (!answer.data) return []
      const recommended = answer.data.recommended_courier_company_id ?? answer.data.shiprocket_recommended_courier_id ?? null
      return answer.data.available_courier_companies.map((c): CourierRate => {
        const days = Number.parseInt(String(c.estimated_delivery_days ?? ''), 10)
        return {
          courierId: c.courier_company_id,
          courier: c.courier_name,
          ratePaise: paise(c.rate),
          codChargePaise: paise(c.cod_charges ?? 0),
          days: Number.isFinite(days) ? days : null,
          expectedBy: etdToDate(c.etd),
          recommended: recommended !== null && c.courier_company_id === recommended,
        }
      })
    },

    // "Generate AWB for Shipment" (POST courier/assign/awb).
    async assignCourier(providerShipmentId, courierId) {
      const [shipmentId] = numericIds([providerShipmentId])
      const courier = courierId === null ? undefined : numericIds([courierId], 'courier')[0]
      let answer: z.infer<typeof awbAnswer>
      try {
        answer = await call('POST', 'courier/assign/awb', awbAnswer, {
          shipment_id: shipmentId,
          ...(courier ? { courier_id: courier } : {}),
        })
      } catch (err) {
        if (!(err instanceof ShiprocketNoAnswerError)) throw err
        // The AWB may have been given before the answer was lost: "Get Details of Specific Shipment" tells.
        const details = await call('GET', `shipments/${shipmentId}`, shipmentDetails).catch(() => null)
        const data = details?.data
        if (data?.awb)
          return { awb: data.awb, courierId: data.sr_courier_id ?? courierId ?? '', courier: data.courier ?? '', chargePaise: null }
        throw err
      }
      const data = answer.response?.data
      if (answer.awb_assign_status !== 1 || !data?.awb_code) {
        throw new ShippingProviderError(data?.awb_assign_error || answer.message || m.shipping_sr_no_awb())
      }
      return {
        awb: data.awb_code,
        courierId: data.courier_company_id ?? courierId ?? '',
        courier: data.courier_name ?? '',
        chargePaise: null,
      } satisfies CourierBooking
    },

    // "Request for Shipment Pickup" (POST courier/generate/pickup): "Only one shipment_id can be passed at a time."
    async requestPickup(providerShipmentIds) {
      let scheduledFor: string | null = null
      for (const shipmentId of numericIds(providerShipmentIds)) {
        const answer = await call('POST', 'courier/generate/pickup', pickupAnswer, { shipment_id: [shipmentId] })
        if (answer.pickup_status !== 1) throw new ShippingProviderError(answer.message || m.shipping_sr_no_pickup())
        const date = etdToDate(answer.response?.pickup_scheduled_date)
        if (date && (scheduledFor === null || date < scheduledFor)) scheduledFor = date
      }
      return { scheduledFor }
    },

    // "Generate Label" (POST courier/generate/label): one PDF at label_url for all the shipments.
    async labels(providerShipmentIds) {
      if (providerShipmentIds.length === 0) throw new ShippingProviderError(m.shipping_sr_choose_for_labels())
      const answer = await call('POST', 'courier/generate/label', labelAnswer, { shipment_id: numericIds(providerShipmentIds) })
      if (answer.label_created !== 1 || !answer.label_url) {
        throw new ShippingProviderError(answer.response || m.shipping_sr_no_labels())
      }
      if (answer.not_created.length > 0) {
        throw new ShippingProviderError(m.shipping_sr_labels_not_created({ ids: answer.not_created.map(String).join(', ') }))
      }
      return fetchPdf(answer.label_url, 'labels')
    },

    // "Generate Manifest" (POST manifests/generate); once made, "Print Manifest" (POST manifests/print) gives it again.
    async manifest(providerShipmentIds) {
      if (providerShipmentIds.length === 0) throw new ShippingProviderError(m.shipping_sr_choose_for_manifest())
      const ids = numericIds(providerShipmentIds)
      let url: string | null | undefined
      try {
        url = (await call('POST', 'manifests/generate', manifestAnswer, { shipment_id: ids })).manifest_url
      } catch (err) {
        if (!(err instanceof ShippingProviderError) || err.httpStatus !== 400 || !/already generated/i.test(err.message)) throw err
        // Print takes Shiprocket's order ids; each shipment's comes from "Get Details of Specific Shipment".
        const orderIds: number[] = []
        for (const shipmentId of ids) {
          const orderId = (await call('GET', `shipments/${shipmentId}`, shipmentDetails)).data?.order_id
          if (!orderId) throw err
          orderIds.push(Number(orderId))
        }
        url = (await call('POST', 'manifests/print', manifestAnswer, { order_ids: orderIds })).manifest_url
      }
      // "Missing Field or Invalid Data" answers 200 with an empty manifest_url.
      if (!url) {
        throw new ShippingProviderError(m.shipping_sr_no_manifest())
      }
      return fetchPdf(url, 'manifest')
    },

    // "Cancel an Order" (POST orders/cancel, {ids}): answers 204.
    async cancel(providerOrderId) {
      await call('POST', 'orders/cancel', z.unknown(), { ids: numericIds([providerOrderId], 'order') })
    },

    // "Get Tracking through AWB" (GET courier/track/awb/{awb_code}).
    async track(awb) {
      const answer = await call('GET', `courier/track/awb/${encodeURIComponent(awb)}`, trackingAnswer)
      const data = answer.tracking_data
      // "Invalid Data": {track_status: 0, error: "Aahh! There is no activities found in our DB…"}.
      if (data.track_status !== 1) return null
      const activities = data.shipment_track_activities ?? []
      const latest = [...activities].sort(
        (a, b) => (fromIndiaDateTime(b.date)?.getTime() ?? 0) - (fromIndiaDateTime(a.date)?.getTime() ?? 0),
      )[0]
      const track = data.shipment_track?.[0]
      const read = readShiprocketStatus(data.shipment_status ?? null, track?.current_status ?? latest?.['sr-status-label'])
      return {
        awb,
        ...read,
        at: fromIndiaDateTime(latest?.date) ?? now(),
        expectedBy: etdToDate(data.etd ?? track?.edd),
        scans: scansFrom(activities),
        failure:
          read.status === 'delivery_failed'
            ? { reason: latest?.activity || read.providerStatus.label, attempts: failedAttempts(activities) }
            : null,
        trackingUrl: data.track_url || null,
      } satisfies TrackingUpdate
    },

    // "Action NDR" (POST ndr/{awb}/action): answers 202 {status: "Data Updated Sucessfully"}.
    async answerFailedDelivery(awb, answer) {
      const body =
        answer.action === 'reattempt'
          ? {
              action: 're-attempt',
              comments: answer.comment || 'Please deliver again.',
              ...(answer.phone ? { phone: answer.phone } : {}),
              ...(answer.addressLine ? { address1: answer.addressLine } : {}),
              ...(answer.on ? { deferred_date: answer.on } : {}),
            }
          : { action: 'return', comments: answer.comment || 'Please return the parcel to the shop.' }
      await call('POST', `ndr/${encodeURIComponent(awb)}/action`, z.unknown(), body)
    },

    // "Get All NDR Shipments" (GET ndr/all), every page.
    async failedDeliveries() {
      const all: FailedDelivery[] = []
      for (let page = 1; page <= 20; page++) {
        const answer = await call('GET', `ndr/all?page=${page}&per_page=100`, ndrList)
        for (const row of answer.data) {
          all.push({
            awb: row.awb_code,
            providerShipmentId: row.shipment_id,
            courier: row.courier || null,
            reason: row.reason || 'The courier gave no reason.',
            attempts: row.attempts ?? 1,
            raisedAt: fromIndiaDateTime(row.ndr_raised_at),
            providerStatus: {
              code: row.status_code === null || row.status_code === undefined ? '' : String(row.status_code),
              label: row.status || '',
            },
          })
        }
        const pagination = answer.meta?.pagination
        if (answer.data.length === 0 || !pagination?.total_pages || page >= pagination.total_pages) break
      }
      return all
    },

    // The webhook carries no signature: its only proof is the token set in Shiprocket's panel, sent as x-api-key.
    verifyWebhook({ headers }) {
      return sameSecret(settings.webhookToken, headers.get('x-api-key'))
    },

    /**
     * A tracking webhook in the shop's words. A body that is not Shiprocket's tracking event throws a
     * ShippingProviderError with status 400; an event with no AWB yet (nothing the shop can match) is null.
     */
    parseWebhook({ rawBody }) {
      let json: unknown
      try {
        json = JSON.parse(rawBody)
      } catch {
        throw new ShippingProviderError('The webhook body is not JSON.', 400)
      }
      const parsed = webhookBody.safeParse(json)
      if (!parsed.success) {
        throw new ShippingProviderError(`The webhook body is not a Shiprocket tracking event: ${parsed.error.issues[0]?.message}`, 400)
      }
      const event = parsed.data
      if (event.awb === '') return null
      const read = readShiprocketStatus(event.shipment_status_id ?? event.current_status_id, event.shipment_status ?? event.current_status)
      const scans = scansFrom(event.scans)
      return {
        awb: event.awb,
        ...read,
        at: fromIndiaTimestamp(event.current_timestamp)!,
        expectedBy: etdToDate(event.etd),
        scans,
        failure:
          read.status === 'delivery_failed'
            ? { reason: scans.at(-1)?.activity || event.current_status || read.providerStatus.label, attempts: failedAttempts(event.scans) }
            : null,
      }
    },
  }
}
