import { customType } from 'drizzle-orm/pg-core'

/** PostgreSQL's full-text document; read only through SQL (`@@`, `ts_rank`), never as a value in JS. */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector'
  },
})
