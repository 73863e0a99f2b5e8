import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { shopSettings } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { DEFAULT_SHOP_SETTINGS } from './shop-settings'
import { getShopSettings, saveSettingsForm, settingsFormValues } from './shop-settings.server'
import { SETTINGS_SLICES } from './slices'

// Every slice registered in slices.ts goes through the same path: read with its defaults, shown in its form, and
// saved or refused from what its form posts (issue 38).

describe(`each registered settings slice on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => {
    await handle?.close()
  })
  beforeEach(async () => {
    await handle.db.delete(shopSettings)
  })

  it('has unique keys, and is read with its defaults when nothing is saved', async () => {
    expect(new Set(SETTINGS_SLICES.map((slice) => slice.key)).size).toBe(SETTINGS_SLICES.length)
    const read = await getShopSettings(handle.db)
    for (const slice of SETTINGS_SLICES) {
      expect(read, slice.key).toMatchObject(slice.defaults)
      expect(DEFAULT_SHOP_SETTINGS, slice.key).toMatchObject(slice.defaults)
    }
  })

  it('saves its form as the page shows it unchanged, and reads back the same value', async () => {
    const shown = await settingsFormValues(DEFAULT_SHOP_SETTINGS)
    for (const slice of SETTINGS_SLICES) {
      const result = await saveSettingsForm(handle.db, slice, { intent: slice.key, ...shown[slice.key] })
      expect(result, slice.key).toMatchObject({ form: slice.key, ok: true })
      expect(await getShopSettings(handle.db), slice.key).toEqual(DEFAULT_SHOP_SETTINGS)
    }
  })

  it('refuses a form with every field blanked out or garbled, names the fields, keeps what was typed and changes nothing', async () => {
    for (const slice of SETTINGS_SLICES) {
      const posted = Object.fromEntries(slice.fields.map((name) => [name, '\u0000 not a value']))
      const result = await saveSettingsForm(handle.db, slice, posted)
      expect(result.ok, slice.key).toBe(false)
      if (result.ok) continue
      expect(result.form).toBe(slice.key)
      expect(result.error).toMatch(/^Check the fields? marked below\.$/)
      expect(Object.keys(result.fieldErrors).length, slice.key).toBeGreaterThan(0)
      for (const field of Object.keys(result.fieldErrors)) expect(slice.fields, slice.key).toContain(field)
      expect(Object.keys(result.values).sort(), slice.key).toEqual([...slice.fields].sort())
      expect(await getShopSettings(handle.db), slice.key).toEqual(DEFAULT_SHOP_SETTINGS)
    }
  })

  it('saves a changed value over the saved settings, keeping every other slice', async () => {
    const [delivery] = SETTINGS_SLICES.filter((slice) => slice.key === 'delivery')
    const shown = (await delivery!.form()).shown(DEFAULT_SHOP_SETTINGS)
    const result = await saveSettingsForm(handle.db, delivery!, { ...shown, deliveryCharge: '60.50', freeDeliveryFrom: '1,000' })
    expect(result).toMatchObject({ form: 'delivery', ok: true })
    expect(await getShopSettings(handle.db)).toEqual({
      ...DEFAULT_SHOP_SETTINGS,
      deliveryChargePaise: 6_050,
      freeDeliveryFromPaise: 1_00_000,
    })
  })
})
