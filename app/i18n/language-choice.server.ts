import { eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { users } from '~/db/schema'
import type { Language } from './languages'

/** A signed-in customer's choice of language, kept with their account for their other browsers (decision 074). */
export async function rememberLanguage(db: Database, userId: string, language: Language) {
  await db.update(users).set({ language }).where(eq(users.id, userId))
}

/** The language a customer chose, if they ever did. */
export async function chosenLanguageOfUser(db: Database, userId: string): Promise<Language | null> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId))
  return row?.language ?? null
}
