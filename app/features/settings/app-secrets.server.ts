import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { appSecrets } from '~/db/schema'

/** Whether two secrets, tokens or their hashes are equal, compared in constant time on their SHA-256 hashes. */
export function sameSecret(a: string, b: string) {
  return crypto.timingSafeEqual(crypto.createHash('sha256').update(a).digest(), crypto.createHash('sha256').update(b).digest())
}

/** A secret the shop makes for itself the first time it is asked; every instance then reads the same. */
export async function appSecret(db: Database, name: string) {
  await db
    .insert(appSecrets)
    .values({ name, value: crypto.randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name))
  return row!.value
}
