import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { embeddedDatabaseOptions, migrationsFolder } from '~/db/client.server'
import { embeddedCluster } from '~/db/test-database'

// Migration 0007 on a shop that already has stock: every pack gets an opening row, so stock = the sum of its rows.

async function run(db: PGlite, file: string) {
  const text = fs.readFileSync(path.join(migrationsFolder(), file), 'utf8')
  for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await db.exec(statement)
}

describe('migration 0007 (the stock ledger)', () => {
  it('writes an opening row for the stock each pack has', async () => {
    const db = new PGlite(embeddedDatabaseOptions({ loadDataDir: await embeddedCluster() }))
    try {
      const files = fs
        .readdirSync(migrationsFolder())
        .filter((f) => f.endsWith('.sql'))
        .sort()
      for (const file of files.filter((f) => f < '0007')) await run(db, file)
      await db.exec(`
        insert into products (id, slug, name, description, category) values ('mango', 'mango', 'Mango', 'd', 'freeze-dried-fruit'), ('amla', 'amla', 'Amla', 'd', 'herbal');
        insert into variants (product_id, size, price_paise, stock) values ('mango', '250g', 30000, 7), ('mango', '500g', 56000, 0), ('amla', 'one', 12000, 12);
      `)
      await run(db, '0007_stock_ledger.sql')
      const { rows } = await db.query<{ product_id: string; size: string; change: number; stock_after: number; reason: string }>(
        'select product_id, size, change, stock_after, reason from stock_ledger order by product_id, size',
      )
      expect(rows).toEqual([
        { product_id: 'amla', size: 'one', change: 12, stock_after: 12, reason: 'opening' },
        { product_id: 'mango', size: '250g', change: 7, stock_after: 7, reason: 'opening' },
      ])
    } finally {
      await db.close()
    }
  })
})
