import { eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { shopSettings } from '~/db/schema'
import { DEFAULT_SHOP_SETTINGS, type ShopSettings, shopSettingsSchema } from './shop-settings'
import { log } from '~/log.server'

/** The saved settings over the defaults; a saved value that no longer validates falls back to the default. */
export async function getShopSettings(db: Database): Promise<ShopSettings> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1))
  if (!row) return DEFAULT_SHOP_SETTINGS
  const merged = shopSettingsSchema.safeParse({ ...DEFAULT_SHOP_SETTINGS, ...(row.value as object) })
  if (!merged.success) {
    log.error({ issues: merged.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }, 'Saved shop settings are invalid; using defaults')
    return DEFAULT_SHOP_SETTINGS
  }
  return merged.data
}

export async function saveShopSettings(db: Database, value: ShopSettings) {
  const parsed = shopSettingsSchema.parse(value)
  await db
    .insert(shopSettings)
    .values({ id: 1, value: parsed })
    .onConflictDoUpdate({ target: shopSettings.id, set: { value: parsed, updatedAt: new Date() } })
}
