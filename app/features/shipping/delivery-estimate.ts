import type { CodRules } from '../checkout/cash-on-delivery'
import type { ZoneDays } from '../checkout/delivery-settings'
import { indiaDayOf } from '../dates/india-time'
import type { CourierRate } from './provider'
import { type DeliveryZone, zoneOfPin } from './zones'

export { shortDayLabel } from './day-label'

/** Asks the shipping provider which couriers serve a PIN (the lead plugs in the provider's rates, cached). */
export type CourierRatesLookup = (question: { pin: string; weightGrams: number; cod: boolean }) => Promise<CourierRate[]>

/** What the customer is told for a PIN: whether the shop delivers there, whether COD is offered, and by when. */
export type DeliveryEstimate = {
  delivers: boolean
  codOffered: boolean
  /** The day in India the parcel should arrive by ("yyyy-mm-dd"); null when the shop does not deliver there. */
  by: string | null
  /** `courier`: the courier's own answer for the PIN; `zone`: the owner's days for the PIN's zone. */
  source: 'courier' | 'zone'
  zone: DeliveryZone | null
}

/** Orders placed in India before this hour (24-hour clock), Monday to Saturday, leave the shop that day. */
export const DISPATCH_CUTOFF_HOUR = 14

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000
const DAY_MS = 86_400_000

/** A day of India's calendar as UTC midnight of the same date, to count days on without a time zone in the way. */
const dayOf = (yyyyMmDd: string) => new Date(`${yyyyMmDd}T00:00:00Z`)
const isSunday = (day: Date) => day.getUTCDay() === 0
const nextDay = (day: Date) => new Date(day.getTime() + DAY_MS)

/**
 * The day an order placed at `now` leaves the shop: the same day when placed before DISPATCH_CUTOFF_HOUR (India time)
 * Monday to Saturday; else the next day that is not a Sunday (the shop and the couriers' pickups rest on Sundays).
 */
export function dispatchDay(now: Date): string {
  const india = new Date(now.getTime() + IST_OFFSET_MS)
  let day = dayOf(indiaDayOf(now))
  if (isSunday(day) || india.getUTCHours() >= DISPATCH_CUTOFF_HOUR) {
    day = nextDay(day)
    while (isSunday(day)) day = nextDay(day)
  }
  return day.toISOString().slice(0, 10)
}

/** `days` delivery days after `from`, Sundays not counted: couriers do not deliver on Sundays. */
export function addDeliveryDays(from: string, days: number): string {
  let day = dayOf(from)
  for (let left = days; left > 0; ) {
    day = nextDay(day)
    if (!isSunday(day)) left -= 1
  }
  while (isSunday(day)) day = nextDay(day)
  return day.toISOString().slice(0, 10)
}

/** Whether the shop's own COD rules allow cash on delivery to this PIN (the order's value is checked at checkout). */
export function codAllowedForPin(rules: Pick<CodRules, 'enabled' | 'refusedPins'>, pin: string) {
  return rules.enabled && !rules.refusedPins.some((refused) => pin.startsWith(refused))
}

/**
 * The courier whose date is promised: the provider's recommended one (the one the shipping desk books unless the
 * owner chooses), else the fastest.
 */
function promisedCourier(rates: CourierRate[], dispatch: string): string | null {
  const dated = rates
    .map((rate) => ({ rate, by: rate.expectedBy ?? (rate.days !== null ? addDeliveryDays(dispatch, rate.days) : null) }))
    .filter((r): r is { rate: CourierRate; by: string } => r.by !== null)
  if (dated.length === 0) return null
  const recommended = dated.find((r) => r.rate.recommended)
  if (recommended) return recommended.by
  return dated.map((r) => r.by).sort()[0]!
}

/**
 * When a parcel to `pin` arrives, and whether COD is offered there. With `courierRates` (a courier is set up) the
 * couriers' answer decides: no courier serving the PIN means no delivery, no courier taking COD there means no COD,
 * and the promised courier's date is the date (its stated date, else its days from the dispatch day). Without it, or
 * when the courier cannot be asked, the owner's days for the PIN's zone (the most of them: a promise to keep)
 * counted from the dispatch day. Sundays are never delivery days.
 */
export async function estimateDelivery(input: {
  pin: string
  weightGrams: number
  /** Whether the parcel is paid on delivery: the courier's date is then the one for a COD parcel. */
  cod: boolean
  now: Date
  shop: { gstState: string; deliveryDays: Record<DeliveryZone, ZoneDays>; cod: Pick<CodRules, 'enabled' | 'refusedPins'> }
  courierRates?: CourierRatesLookup
  /** Told when the courier cannot be asked, before the zone's days are used instead. */
  onCourierError?: (error: unknown) => void
}): Promise<DeliveryEstimate> {
  const pin = input.pin.trim()
  const zone = zoneOfPin(pin, input.shop.gstState)
  const shopCod = codAllowedForPin(input.shop.cod, pin)
  if (!zone) return { delivers: false, codOffered: false, by: null, source: 'zone', zone: null }
  const dispatch = dispatchDay(input.now)
  const zoneDate = addDeliveryDays(dispatch, input.shop.deliveryDays[zone].to)
  if (input.courierRates) {
    try {
      const weightGrams = Math.max(1, input.weightGrams)
      // Asked only when the shop's own rules allow COD there: the couriers' COD answer cannot widen them.
      const [prepaid, withCod] = await Promise.all([
        input.courierRates({ pin, weightGrams, cod: false }),
        shopCod ? input.courierRates({ pin, weightGrams, cod: true }) : Promise.resolve([]),
      ])
      if (prepaid.length === 0 && withCod.length === 0) return { delivers: false, codOffered: false, by: null, source: 'courier', zone }
      const serving = (input.cod && withCod.length > 0) || prepaid.length === 0 ? withCod : prepaid
      const by = promisedCourier(serving, dispatch)
      // Couriers that serve the PIN but give no date still say whether COD goes there; the zone's days date it.
      return by
        ? { delivers: true, codOffered: withCod.length > 0, by, source: 'courier', zone }
        : { delivers: true, codOffered: withCod.length > 0, by: zoneDate, source: 'zone', zone }
    } catch (error) {
      input.onCourierError?.(error)
    }
  }
  return { delivers: true, codOffered: shopCod, by: zoneDate, source: 'zone', zone }
}
