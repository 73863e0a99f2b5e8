import { m } from '~/i18n/paraglide/messages.js'
import { data } from 'react-router'
import type { z } from '~/zod'

/**
 * Reads a page's query string (the first value of each name) with `schema`. Malformed values a schema cannot
 * mend with a `.catch` are answered 400 with the first message, rather than reaching the database.
 */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const params = new URL(request.url).searchParams
  const values: Record<string, string> = {}
  for (const [name, value] of params) if (!Object.hasOwn(values, name)) values[name] = value
  const parsed = schema.safeParse(values)
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? m.http_address_not_understood(), { status: 400 })
  return parsed.data
}
