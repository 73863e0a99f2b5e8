import { describe, expect, it, vi } from 'vitest'
import type { DeliveryRule } from '../checkout/delivery-settings'
import { deliveryChargeIsFrom, deliveryChargePaise, moreForFreeDeliveryPaise, orderTotals } from '../checkout/pricing'
import { DEFAULT_SHOP_SETTINGS } from '../settings/shop-settings'
import { cachedCourierRates } from './courier-rates-cache'
import { addDeliveryDays, dispatchDay, estimateDelivery, shortDayLabel } from './delivery-estimate'
import type { CourierRate } from './provider'
import { DEFAULT_PACK_WEIGHT_GRAMS, packWeightGrams, parcelWeightGrams } from './weights'
import { type DeliveryZone, zoneOfPin } from './zones'

const SLABS: DeliveryRule = {
  deliveryMode: 'slabs',
  deliveryChargePaise: 4_000,
  freeDeliveryFromPaise: 35_000,
  deliverySlabs: {
    local: { upTo500gPaise: 4_000, upTo1kgPaise: 6_000, eachFurther500gPaise: 2_500 },
    national: { upTo500gPaise: 6_000, upTo1kgPaise: 9_000, eachFurther500gPaise: 4_000 },
    special: { upTo500gPaise: 9_000, upTo1kgPaise: 14_000, eachFurther500gPaise: 6_000 },
  },
  deliveryDays: { local: { from: 2, to: 3 }, national: { from: 4, to: 6 }, special: { from: 7, to: 10 } },
}
const FLAT: DeliveryRule = { ...SLABS, deliveryMode: 'flat' }
const TAMIL_NADU = 'Tamil Nadu'

// A PIN of each zone for a shop in Tamil Nadu.
const PINS: Array<[pin: string, place: string, zone: DeliveryZone]> = [
  ['600001', 'Chennai', 'local'],
  ['560001', 'Bengaluru', 'national'],
  ['781001', 'Guwahati', 'special'],
  ['190001', 'Srinagar', 'special'],
  ['194101', 'Leh', 'special'],
  ['744101', 'Port Blair', 'special'],
  ['682555', 'Kavaratti', 'special'],
]

const WEIGHTS = [1, 499, 500, 501, 1_000, 2_300, 10_000, 30_000]

// Rupees by zone for each weight above, worked out by hand from SLABS: up to 500 g, up to 1 kg, then each further
// 500 g or part of it (2.3 kg is 1 kg and three more steps; 10 kg eighteen; 30 kg fifty-eight).
const SLAB_RUPEES: Record<DeliveryZone, number[]> = {
  local: [40, 40, 40, 60, 60, 135, 510, 1_510],
  national: [60, 60, 60, 90, 90, 210, 810, 2_410],
  special: [90, 90, 90, 140, 140, 320, 1_220, 3_620],
}

describe('delivery charges by weight and zone', () => {
  it('puts each PIN in its zone for a Tamil Nadu shop', () => {
    for (const [pin, place, zone] of PINS) expect(zoneOfPin(pin, TAMIL_NADU), place).toBe(zone)
  })

  it('prices every weight to every zone as the table says, below the free-delivery threshold', () => {
    const table = PINS.map(([pin, place]) => {
      const zone = zoneOfPin(pin, TAMIL_NADU)
      return [place, WEIGHTS.map((weightGrams) => deliveryChargePaise(34_999, SLABS, true, { weightGrams, zone }) / 100)]
    })
    expect(Object.fromEntries(table)).toEqual({
      Chennai: SLAB_RUPEES.local,
      Bengaluru: SLAB_RUPEES.national,
      Guwahati: SLAB_RUPEES.special,
      Srinagar: SLAB_RUPEES.special,
      Leh: SLAB_RUPEES.special,
      'Port Blair': SLAB_RUPEES.special,
      Kavaratti: SLAB_RUPEES.special,
    })
  })

  it('prices the flat rule the same to every PIN and weight, and nothing from the threshold in either mode', () => {
    for (const [pin, place] of PINS) {
      const zone = zoneOfPin(pin, TAMIL_NADU)
      for (const weightGrams of WEIGHTS) {
        const parcel = { weightGrams, zone }
        expect(deliveryChargePaise(34_999, FLAT, true, parcel), `${place} ${weightGrams} g flat`).toBe(4_000)
        expect(deliveryChargePaise(35_000, FLAT, true, parcel), `${place} ${weightGrams} g flat, free`).toBe(0)
        expect(deliveryChargePaise(35_000, SLABS, true, parcel), `${place} ${weightGrams} g slabs, free`).toBe(0)
        expect(deliveryChargePaise(1_00_000, SLABS, true, parcel), `${place} ${weightGrams} g slabs, well above`).toBe(0)
      }
    }
  })

  it('keeps a rule saved before the slabs (no mode) flat, as the shop had it', () => {
    const old = { deliveryChargePaise: 6_050, freeDeliveryFromPaise: 50_000 }
    expect(deliveryChargePaise(49_999, old, true, { weightGrams: 30_000, zone: 'special' })).toBe(6_050)
    expect(DEFAULT_SHOP_SETTINGS.deliveryMode).toBe('flat')
  })

  it('shows the cheapest zone’s charge marked "from" while no PIN is known, and says how much more is free', () => {
    const noPin = { weightGrams: 2_300, zone: null }
    expect(deliveryChargePaise(20_000, SLABS, true, noPin)).toBe(13_500)
    expect(deliveryChargeIsFrom(SLABS, noPin)).toBe(true)
    expect(deliveryChargeIsFrom(SLABS, { weightGrams: 2_300, zone: 'national' })).toBe(false)
    expect(deliveryChargeIsFrom(FLAT, noPin)).toBe(false)
    expect(moreForFreeDeliveryPaise(20_000, SLABS, { weightGrams: 600, zone: 'special' })).toBe(15_000)
    expect(orderTotals(20_000, SLABS, { weightGrams: 600, zone: 'special' })).toEqual({
      subtotalPaise: 20_000,
      deliveryPaise: 14_000,
      totalPaise: 34_000,
    })
    expect(deliveryChargePaise(0, SLABS, false, { weightGrams: 0, zone: 'local' })).toBe(0)
  })
})

describe('zones of PINs', () => {
  it('reads a sorting district shared by two states by the PIN alone, the same on every page', () => {
    expect(zoneOfPin('682001', TAMIL_NADU), 'Kochi: the mainland under 682').toBe('national')
    expect(zoneOfPin('682559', TAMIL_NADU), 'the last of Lakshadweep’s PINs').toBe('special')
    expect(zoneOfPin('682560', TAMIL_NADU), 'one past them: Kerala').toBe('national')
    expect(zoneOfPin('605001', TAMIL_NADU), 'Puducherry, whose 605 Tamil Nadu shares').toBe('local')
    expect(zoneOfPin('160017', TAMIL_NADU), 'Chandigarh').toBe('national')
    expect(zoneOfPin('160017', 'Punjab'), 'Chandigarh for a Punjab shop').toBe('local')
    expect(zoneOfPin('737101', TAMIL_NADU), 'Gangtok').toBe('special')
    expect(zoneOfPin('781001', 'Assam'), 'Guwahati for a shop in Assam').toBe('local')
    expect(zoneOfPin('682001', 'Kerala')).toBe('local')
    expect(zoneOfPin('682555', 'Kerala'), 'Kavaratti is no part of Kerala').toBe('special')
    for (const pin of ['012345', '99999', '999001', 'abcdef', '']) expect(zoneOfPin(pin, TAMIL_NADU), pin).toBeNull()
  })
})

describe('shipped weights', () => {
  it('takes the weighed figure, else proposes one from the label, else the default', () => {
    expect(packWeightGrams({ shippedWeightGrams: 420, net: { amount: 250, unit: 'g' } })).toBe(420)
    expect(packWeightGrams({ shippedWeightGrams: null, net: { amount: 250, unit: 'g' } })).toBe(330)
    expect(packWeightGrams({ shippedWeightGrams: null, net: { amount: 1_000, unit: 'g' } })).toBe(1_150)
    expect(packWeightGrams({ shippedWeightGrams: null, net: { amount: 10, unit: 'ml' } })).toBe(100)
    expect(packWeightGrams({ shippedWeightGrams: null, net: { amount: 250, unit: 'ml' } })).toBe(430)
    expect(packWeightGrams({ shippedWeightGrams: null, net: { amount: 60, unit: 'unit' } })).toBe(DEFAULT_PACK_WEIGHT_GRAMS)
    expect(packWeightGrams({ shippedWeightGrams: null, net: null })).toBe(DEFAULT_PACK_WEIGHT_GRAMS)
    expect(
      parcelWeightGrams([
        { shippedWeightGrams: 420, net: null, quantity: 2 },
        { shippedWeightGrams: null, net: { amount: 500, unit: 'g' }, quantity: 3 },
      ]),
    ).toBe(840 + 3 * 600)
  })
})

const SHOP = { gstState: TAMIL_NADU, deliveryDays: SLABS.deliveryDays, cod: { enabled: true, refusedPins: [] as string[] } }
// 28 November 2026 is a Saturday; the 29th a Sunday.
const SATURDAY_MORNING = new Date('2026-11-28T04:30:00Z') // 10:00 in India
const SATURDAY_AFTERNOON = new Date('2026-11-28T09:30:00Z') // 15:00 in India, past the cut-off
const SUNDAY_MORNING = new Date('2026-11-29T04:30:00Z')
const FRIDAY_NIGHT_UTC = new Date('2026-11-27T19:00:00Z') // already Saturday 00:30 in India

const rate = (over: Partial<CourierRate>): CourierRate => ({
  courierId: '1',
  courier: 'Courier',
  ratePaise: 9_000,
  codChargePaise: 3_500,
  days: null,
  expectedBy: null,
  recommended: false,
  ...over,
})

describe('the delivery date by PIN', () => {
  it('dispatches on the day before 2 pm India time, Monday to Saturday, else the next day but Sunday', () => {
    expect(dispatchDay(SATURDAY_MORNING)).toBe('2026-11-28')
    expect(dispatchDay(FRIDAY_NIGHT_UTC)).toBe('2026-11-28')
    expect(dispatchDay(SATURDAY_AFTERNOON)).toBe('2026-11-30')
    expect(dispatchDay(SUNDAY_MORNING)).toBe('2026-11-30')
    expect(addDeliveryDays('2026-11-28', 1)).toBe('2026-11-30')
    expect(shortDayLabel('2026-12-04')).toBe('Fri, 4 Dec')
  })

  it('promises the most of the zone’s days from the dispatch day, skipping Sundays, with no courier set up', async () => {
    const by = async (pin: string, now: Date) => (await estimateDelivery({ pin, weightGrams: 700, cod: false, now, shop: SHOP })).by
    expect(await by('600001', SATURDAY_MORNING)).toBe('2026-12-02')
    expect(await by('560001', SATURDAY_MORNING)).toBe('2026-12-05')
    expect(await by('744101', SATURDAY_MORNING)).toBe('2026-12-10')
    expect(await by('600001', SATURDAY_AFTERNOON)).toBe('2026-12-03')
    expect(await by('600001', SUNDAY_MORNING)).toBe('2026-12-03')
    expect(await estimateDelivery({ pin: '600001', weightGrams: 700, cod: false, now: SUNDAY_MORNING, shop: SHOP })).toEqual({
      delivers: true,
      codOffered: true,
      by: '2026-12-03',
      source: 'zone',
      zone: 'local',
    })
  })

  it('refuses a PIN India Post has not, and follows the shop’s COD rules for the PIN', async () => {
    expect(await estimateDelivery({ pin: '999001', weightGrams: 700, cod: false, now: SUNDAY_MORNING, shop: SHOP })).toMatchObject({
      delivers: false,
      codOffered: false,
      by: null,
    })
    const refusing = { ...SHOP, cod: { enabled: true, refusedPins: ['744'] } }
    expect((await estimateDelivery({ pin: '744101', weightGrams: 1, cod: false, now: SUNDAY_MORNING, shop: refusing })).codOffered).toBe(
      false,
    )
    expect((await estimateDelivery({ pin: '600001', weightGrams: 1, cod: false, now: SUNDAY_MORNING, shop: refusing })).codOffered).toBe(
      true,
    )
    const off = { ...SHOP, cod: { enabled: false, refusedPins: [] } }
    expect((await estimateDelivery({ pin: '600001', weightGrams: 1, cod: false, now: SUNDAY_MORNING, shop: off })).codOffered).toBe(false)
  })

  it('takes the recommended courier’s date, else the fastest, when a courier answers', async () => {
    const courierRates = vi.fn(async ({ cod }: { cod: boolean }) =>
      cod
        ? [rate({ expectedBy: '2026-12-04', recommended: true })]
        : [rate({ expectedBy: '2026-12-01' }), rate({ expectedBy: '2026-12-03', recommended: true }), rate({ days: 1 })],
    )
    const estimate = await estimateDelivery({
      pin: '560001',
      weightGrams: 700,
      cod: false,
      now: SATURDAY_MORNING,
      shop: SHOP,
      courierRates,
    })
    expect(estimate).toEqual({ delivers: true, codOffered: true, by: '2026-12-03', source: 'courier', zone: 'national' })
    expect(courierRates).toHaveBeenCalledWith({ pin: '560001', weightGrams: 700, cod: false })
    const cod = await estimateDelivery({ pin: '560001', weightGrams: 700, cod: true, now: SATURDAY_MORNING, shop: SHOP, courierRates })
    expect(cod.by, 'a COD parcel goes with a courier that takes COD').toBe('2026-12-04')

    const none = async () => [rate({ expectedBy: '2026-12-02' }), rate({ days: 1 })]
    const fastest = await estimateDelivery({
      pin: '560001',
      weightGrams: 700,
      cod: false,
      now: SATURDAY_MORNING,
      shop: SHOP,
      courierRates: none,
    })
    expect(fastest.by, 'one day from Saturday’s dispatch is Monday').toBe('2026-11-30')
  })

  it('says no delivery when no courier serves the PIN, no COD when none takes it, and falls back to the zone when the courier fails', async () => {
    const nobody = async () => []
    expect(
      await estimateDelivery({ pin: '744101', weightGrams: 700, cod: false, now: SATURDAY_MORNING, shop: SHOP, courierRates: nobody }),
    ).toEqual({
      delivers: false,
      codOffered: false,
      by: null,
      source: 'courier',
      zone: 'special',
    })
    const prepaidOnly = async ({ cod }: { cod: boolean }) => (cod ? [] : [rate({ expectedBy: '2026-12-08' })])
    expect(
      await estimateDelivery({ pin: '744101', weightGrams: 700, cod: false, now: SATURDAY_MORNING, shop: SHOP, courierRates: prepaidOnly }),
    ).toMatchObject({ delivers: true, codOffered: false, by: '2026-12-08', source: 'courier' })
    const failing = vi.fn(async () => {
      throw new Error('timeout')
    })
    const told = vi.fn()
    expect(
      await estimateDelivery({
        pin: '560001',
        weightGrams: 700,
        cod: false,
        now: SATURDAY_MORNING,
        shop: SHOP,
        courierRates: failing,
        onCourierError: told,
      }),
    ).toMatchObject({ delivers: true, by: '2026-12-05', source: 'zone' })
    expect(told).toHaveBeenCalledOnce()
    const undated = async ({ cod }: { cod: boolean }) => (cod ? [] : [rate({})])
    expect(
      await estimateDelivery({ pin: '560001', weightGrams: 700, cod: false, now: SATURDAY_MORNING, shop: SHOP, courierRates: undated }),
      'a courier with no date: the zone dates it, the courier still says no COD',
    ).toEqual({ delivers: true, codOffered: false, by: '2026-12-05', source: 'zone', zone: 'national' })
  })
})

describe('the courier answers’ cache', () => {
  it('asks once per PIN, slab and payment within the hours, forgets the oldest past its size, and never keeps a failure', async () => {
    let now = 0
    let fail = false
    const lookup = vi.fn(async (q: { pin: string; weightGrams: number; cod: boolean }) => {
      if (fail) throw new Error('5xx')
      return [rate({ courierId: `${q.pin}:${q.weightGrams}` })]
    })
    const cached = cachedCourierRates(lookup, { maxEntries: 2, ttlMs: 1_000, clock: () => now })
    const first = await cached({ pin: '560001', weightGrams: 700, cod: false })
    expect(first[0]!.courierId, 'asked by the slab the weight falls in').toBe('560001:1000')
    await Promise.all([cached({ pin: '560001', weightGrams: 999, cod: false }), cached({ pin: '560001', weightGrams: 501, cod: false })])
    expect(lookup).toHaveBeenCalledTimes(1)
    await cached({ pin: '560001', weightGrams: 700, cod: true })
    expect(lookup).toHaveBeenCalledTimes(2)
    await cached({ pin: '600001', weightGrams: 700, cod: false })
    expect(cached.size()).toBe(2)
    await cached({ pin: '560001', weightGrams: 700, cod: true })
    expect(lookup, 'the newer answers are kept').toHaveBeenCalledTimes(3)
    await cached({ pin: '560001', weightGrams: 700, cod: false })
    expect(lookup, 'the oldest was forgotten').toHaveBeenCalledTimes(4)
    now = 1_000
    await cached({ pin: '560001', weightGrams: 700, cod: false })
    expect(lookup, 'past its hours an answer is asked again').toHaveBeenCalledTimes(5)
    fail = true
    now = 5_000
    await expect(cached({ pin: '110001', weightGrams: 1, cod: false })).rejects.toThrow('5xx')
    fail = false
    await cached({ pin: '110001', weightGrams: 1, cod: false })
    expect(lookup).toHaveBeenCalledTimes(7)
  })
})
