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
