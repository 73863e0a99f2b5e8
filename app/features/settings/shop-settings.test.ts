import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { DEFAULT_SHOP_SETTINGS } from './shop-settings'
import { requestShopSettings, saveShopSettings } from './shop-settings.server'

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
})
