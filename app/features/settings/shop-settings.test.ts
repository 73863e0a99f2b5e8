import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { DEFAULT_SHOP_SETTINGS } from './shop-settings'
import { shopSettings } from '~/db/schema'
import { getShopSettings, requestShopSettings, saveShopSettings } from './shop-settings.server'

describe(`shop settings per request on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => {
    await handle?.close()
  })

  it('reads the settings once for a request, however many loaders ask, and afresh for the next request', async () => {
    const first = { shop: { db: handle.db } }
    const reading = requestShopSettings(first)
    expect(requestShopSettings(first)).toBe(reading)
    expect((await reading).shopName).toBe(DEFAULT_SHOP_SETTINGS.shopName)

    await saveShopSettings(handle.db, { ...DEFAULT_SHOP_SETTINGS, shopName: 'Kaadu Farms' })
    // The same request keeps what it read; the next one sees the change.
    expect((await requestShopSettings(first)).shopName).toBe(DEFAULT_SHOP_SETTINGS.shopName)
    expect((await requestShopSettings({ shop: { db: handle.db } })).shopName).toBe('Kaadu Farms')
  })

  it('reads settings saved before addresses were a list: the factory first, then the overseas office', async () => {
    const { factory: _f, ...rest } = { factory: null, ...DEFAULT_SHOP_SETTINGS }
    const { addresses, ...older } = rest
    const factory = { ...addresses[0]!, lines: ['Old Factory Road', 'Erode 638001'] }
    await handle.db
      .insert(shopSettings)
      .values({ id: 1, value: { ...older, factory, overseasOffice: addresses[1] } })
      .onConflictDoUpdate({ target: shopSettings.id, set: { value: { ...older, factory, overseasOffice: addresses[1] } } })
    const read = await getShopSettings(handle.db)
    expect(read.addresses).toEqual([factory, addresses[1]])
    expect(read).not.toHaveProperty('factory')
    await saveShopSettings(handle.db, DEFAULT_SHOP_SETTINGS)
  })
})

describe('the delivery rule as the admin types it', () => {
  it('takes rupees with or without paise, commas and the rupee sign, and keeps whole paise', async () => {
    const { deliveryRuleFormSchema } = await import('./shop-settings.server')
    expect(deliveryRuleFormSchema.parse({ deliveryCharge: '40', freeDeliveryFrom: '350' })).toEqual({ deliveryChargePaise: 4_000, freeDeliveryFromPaise: 35_000 })
    expect(deliveryRuleFormSchema.parse({ deliveryCharge: '₹ 60.5', freeDeliveryFrom: '1,000' })).toEqual({ deliveryChargePaise: 6_050, freeDeliveryFromPaise: 1_00_000 })
    expect(deliveryRuleFormSchema.parse({ deliveryCharge: '0', freeDeliveryFrom: '0' })).toEqual({ deliveryChargePaise: 0, freeDeliveryFromPaise: 0 })
    for (const [deliveryCharge, freeDeliveryFrom] of [['-1', '350'], ['4e1', '350'], ['40.001', '350'], ['1000.01', '350'], ['40', '100000.01'], ['', '350']]) {
      expect(deliveryRuleFormSchema.safeParse({ deliveryCharge, freeDeliveryFrom }).success, `${deliveryCharge} / ${freeDeliveryFrom}`).toBe(false)
    }
  })
})
