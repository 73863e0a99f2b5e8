import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { products, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { listProductsForAdminPage } from '../admin/products.server'
import { listProductsPage, readPageParam } from './catalogue.server'
import { CATEGORIES, type Category } from './categories'
import { pageCountOf, pageNoticeOf, pageNumbers } from './paging'

// Paging of /product and the admin's /Delete in the database (decision 038): LIMIT/OFFSET in a stable order, the
// whole list's count, and the last page for a page past it.

type Fixture = { id: string; name: string; category: Category; archived?: boolean }

// Names that sort alike under any collation (the PostgreSQL pass may not use C), several of them shared, so only
// the id can keep two pages from overlapping. Inserted out of order on purpose.
const FIXTURES: Fixture[] = [
  ...Array.from(
    { length: 9 },
    (_, i): Fixture => ({ id: `spice-${9 - i}`, name: i % 3 ? `Spice ${i % 4}` : 'Spice 0', category: 'spices' }),
  ),
  ...Array.from({ length: 7 }, (_, i): Fixture => ({ id: `herb-${7 - i}`, name: `Herb ${i % 2}`, category: 'herbal' })),
  ...Array.from({ length: 4 }, (_, i): Fixture => ({ id: `thokku-${i}`, name: `Thokku ${i}`, category: 'thokku' })),
  { id: 'fd-apple', name: 'Apple', category: 'freeze-dried-fruit' },
  { id: 'herb-gone', name: 'Herb 0', category: 'herbal', archived: true },
]

/** The order /product shows: by category as CATEGORIES lists them, then name, then id. */
function shopOrder(list: Fixture[]) {
  const key = (f: Fixture) => [CATEGORIES.indexOf(f.category), f.name, f.id] as const
  return [...list].sort((a, b) => {
    const [x, y] = [key(a), key(b)]
    return x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0) || (x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0)
  })
}

/** The admin's order: by name, then id, every category mixed. */
function adminOrder(list: Fixture[]) {
  return [...list].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

describe(`paging the product lists on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  const live = FIXTURES.filter((f) => !f.archived)

  beforeAll(async () => {
    handle = await openTestDatabase()
    for (const f of FIXTURES) {
      await handle.db.insert(products).values({
        id: f.id,
        slug: `${f.id}-slug`,
        name: f.name,
        description: `About ${f.id}`,
        category: f.category,
        ...(f.archived ? { archivedAt: new Date() } : {}),
      })
      await handle.db.insert(variants).values({ productId: f.id, size: 'one', pricePaise: 10000 + f.id.length, stock: 3 })
    }
  })
  afterAll(async () => {
    await handle?.close()
  })

  it('cuts the shop order into pages that never overlap and together hold every product once', async () => {
    const pages = []
    for (let page = 1; page <= 5; page++) pages.push(await listProductsPage(handle.db, {}, { page, pageSize: 5 }))
    for (const [i, p] of pages.entries()) {
      expect(p.total).toBe(live.length)
      expect(p.pageCount).toBe(5)
      expect(p.page).toBe(i + 1)
    }
    expect(pages.map((p) => p.items.length)).toEqual([5, 5, 5, 5, 1])
    expect(pages.flatMap((p) => p.items.map((x) => x.id))).toEqual(shopOrder(live).map((f) => f.id))
    // The archived product is in no page; each product comes with its offers.
    expect(pages.flatMap((p) => p.items).find((x) => x.id === 'herb-gone')).toBeUndefined()
    expect(pages[0]!.items[0]!.offers).toEqual([expect.objectContaining({ size: 'one', stock: 3 })])
  })

  it('gives the same pages every time, ties broken by id', async () => {
    const first = await listProductsPage(handle.db, {}, { page: 2, pageSize: 4 })
    for (let n = 0; n < 3; n++)
      expect((await listProductsPage(handle.db, {}, { page: 2, pageSize: 4 })).items.map((p) => p.id)).toEqual(first.items.map((p) => p.id))
    // Three spices share the name "Spice 0": they follow each other by id.
    const spices = (await listProductsPage(handle.db, { categories: ['spices'] }, { page: 1, pageSize: 20 })).items
    const zeros = spices.filter((p) => p.name === 'Spice 0').map((p) => p.id)
    expect(zeros).toEqual([...zeros].sort())
    expect(zeros.length).toBeGreaterThan(1)
  })

  it('pages one category, counting only it', async () => {
    const one = await listProductsPage(handle.db, { categories: ['spices'] }, { page: 1, pageSize: 4 })
    const three = await listProductsPage(handle.db, { categories: ['spices'] }, { page: 3, pageSize: 4 })
    expect(one.total).toBe(9)
    expect(one.pageCount).toBe(3)
    expect(one.items.every((p) => p.category === 'spices')).toBe(true)
    expect(three.items).toHaveLength(1)
  })

  it('reads the last page for a page past it, and page 1 of an empty list', async () => {
    const past = await listProductsPage(handle.db, {}, { page: 99, pageSize: 5 })
    expect(past.page).toBe(5)
    expect(past.total).toBe(live.length)
    expect(past.items.map((p) => p.id)).toEqual(
      shopOrder(live)
        .slice(20)
        .map((f) => f.id),
    )
    for (const page of [1, 7]) {
      const empty = await listProductsPage(handle.db, { categories: ['essential-oils'] }, { page, pageSize: 5 })
      expect(empty).toEqual({ items: [], total: 0, page: 1, pageCount: 1 })
    }
  })

  it('pages the admin list by name, archived products included and marked, the search kept', async () => {
    const all = adminOrder(FIXTURES)
    const pages = [1, 2, 3].map((page) => listProductsForAdminPage(handle.db, {}, { page, pageSize: 10 }))
    const read = await Promise.all(pages)
    expect(read.map((p) => [p.total, p.pageCount, p.items.length])).toEqual([
      [FIXTURES.length, 3, 10],
      [FIXTURES.length, 3, 10],
      [FIXTURES.length, 3, 2],
    ])
    expect(read.flatMap((p) => p.items.map((x) => x.id))).toEqual(all.map((f) => f.id))
    const gone = read.flatMap((p) => p.items).find((p) => p.id === 'herb-gone')!
    expect(gone.archivedAt).toBeInstanceOf(Date)
    expect(gone.offers).toHaveLength(1)
    expect(read[0]!.items[0]).toMatchObject({ hsnCode: '', gstRatePercent: 5, archivedAt: null })

    const herbs = [1, 2].map((page) => listProductsForAdminPage(handle.db, { search: 'herb' }, { page, pageSize: 5 }))
    const [h1, h2] = await Promise.all(herbs)
    expect([h1!.total, h2!.total, h1!.pageCount]).toEqual([8, 8, 2])
    expect([...h1!.items, ...h2!.items].map((p) => p.id)).toEqual(
      adminOrder(FIXTURES.filter((f) => f.name.startsWith('Herb'))).map((f) => f.id),
    )
    const past = await listProductsForAdminPage(handle.db, { search: 'herb', category: 'herbal' }, { page: 40, pageSize: 5 })
    expect([past.page, past.items.length]).toEqual([2, 3])
  })

  it('counts a product archived since as gone from the shop list at once', async () => {
    await handle.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, 'fd-apple'))
    const page = await listProductsPage(handle.db, {}, { page: 1, pageSize: 50 })
    expect(page.total).toBe(live.length - 1)
    await handle.db.update(products).set({ archivedAt: null }).where(eq(products.id, 'fd-apple'))
  })
})

describe('page numbers', () => {
  it('reads 1, 2, 3 … and nothing else from the address; a missing or empty page is the first', () => {
    expect(readPageParam(null)).toEqual({ page: 1, malformed: false })
    expect(readPageParam('')).toEqual({ page: 1, malformed: false })
    expect(readPageParam('2')).toEqual({ page: 2, malformed: false })
    expect(readPageParam('999999')).toEqual({ page: 999999, malformed: false })
    for (const odd of ['0', '-1', '1.5', 'abc', '02', ' 2', '2 ', '1e3', '0x10', '\u0000', '1234567', 'Infinity', '٣']) {
      expect(readPageParam(odd), JSON.stringify(odd)).toEqual({ page: 1, malformed: true })
    }
  })

  it('says why the page shown is not the one asked for', () => {
    expect(pageNoticeOf({ page: 2, malformed: false }, 2)).toBeNull()
    expect(pageNoticeOf({ page: 1, malformed: true }, 1)).toEqual({ kind: 'malformed' })
    expect(pageNoticeOf({ page: 9, malformed: false }, 4)).toEqual({ kind: 'past-end', asked: 9, shown: 4 })
  })

  it('counts pages, an empty list having one', () => {
    expect([0, 1, 24, 25, 48, 49].map((n) => pageCountOf(n, 24))).toEqual([1, 1, 1, 2, 2, 3])
  })

  it('links every page when there are few, and the ends and the neighbourhood when there are many', () => {
    expect(pageNumbers(1, 1)).toEqual([1])
    expect(pageNumbers(4, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(pageNumbers(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 20])
    expect(pageNumbers(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 20])
    expect(pageNumbers(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20])
    expect(pageNumbers(20, 20)).toEqual([1, null, 14, 15, 16, 17, 18, 19, 20])
    // Whatever the page, the current one, the first and the last are linked, in order, each once.
    for (let page = 1; page <= 30; page++) {
      const numbers = pageNumbers(page, 30).filter((n) => n !== null)
      expect(numbers).toContain(page)
      expect(numbers[0]).toBe(1)
      expect(numbers.at(-1)).toBe(30)
      expect(numbers).toEqual([...new Set(numbers)].sort((a, b) => a - b))
    }
  })
})
