import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { products, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import type { Category } from '../catalogue/categories'
import { DEMO_PRODUCTS } from '../catalogue/demo-catalogue'
import { SEARCH_PAGE_SIZE } from './limits'
import { type SearchOutcome, parseSearchParams, searchCatalogue } from './search.server'

// Ranking on a fixed catalogue of its own (not the demo catalogue, which changes): which products a query finds,
// in which order, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

type Fixture = { name: string; category: Category; description: string; subcategory?: string; sized?: boolean; archived?: boolean }

const FIXTURES: Fixture[] = [
  { name: 'Erode Turmeric Powder', category: 'spices', description: 'Turmeric from Erode, boiled, sun-dried and stone-ground.' },
  {
    name: 'Sambar Powder',
    category: 'spices',
    description: 'Coriander, chilli, toor dal, fenugreek and a little turmeric, roasted and ground.',
  },
  { name: 'Malabar Black Pepper', category: 'spices', description: 'Whole black peppercorns from Wayanad.' },
  { name: 'Kerala Cloves', category: 'spices', description: 'Hand-picked cloves from Idukki.' },
  { name: 'Turmeric Pepper Capsules', category: 'capsules-tablets', description: 'Capsules of turmeric with a little black pepper.' },
  { name: 'Amla Capsules', category: 'capsules-tablets', description: 'Capsules of sun-dried Salem gooseberry powder.' },
  { name: 'Dehydrated Amla', category: 'dehydrated-vegetable', description: 'Gooseberry slices dried at low heat.', sized: true },
  { name: 'Nellikai Thokku', category: 'thokku', description: 'Grated gooseberry cooked with chilli and gingelly oil.' },
  { name: 'Tomato Thokku', category: 'thokku', description: 'Ripe tomatoes slow-cooked with garlic.' },
  { name: 'Mango Thokku', category: 'thokku', description: 'Raw mango with mustard and spices.' },
  { name: 'Garlic Thokku', category: 'thokku', description: 'Hill garlic cooked down with tamarind.' },
  { name: 'Freeze Dried Mango', category: 'freeze-dried-fruit', description: 'Alphonso slices, crisp.', sized: true },
  { name: 'Peppermint Essential Oil', category: 'essential-oils', description: 'Steam-distilled from fresh leaves.' },
  { name: 'Ragi Biscuits', category: 'herbal', subcategory: 'biscuits', description: 'Finger millet and jaggery, baked.' },
  { name: 'Kambu Cookies', category: 'herbal', subcategory: 'biscuits', description: 'Pearl millet with cardamom.' },
  { name: 'Tomato Rasam', category: 'ready-to-eat', description: 'Tamarind broth with cumin and garlic.' },
  { name: 'Cumbum Black Raisins', category: 'dry-fruits', description: 'Seedless, from the Cumbum valley.' },
  { name: 'Panruti Cashews', category: 'dry-fruits', description: 'Whole W320 kernels.' },
  // Archived: never found, whatever is asked.
  { name: 'Turmeric Latte Mix', category: 'spices', description: 'Turmeric, ginger and pepper for golden milk.', archived: true },
  // Thirteen alike, for paging: one more than a page.
  ...Array.from(
    { length: 13 },
    (_, i): Fixture => ({
      name: `Kodo Millet Batch ${String(i + 1).padStart(2, '0')}`,
      category: 'herbal',
      description: 'Whole kodo grains.',
    }),
  ),
]

let handle: DatabaseHandle

beforeAll(async () => {
  handle = await openTestDatabase()
  for (const [i, f] of FIXTURES.entries()) {
    const id = `p${i}`
    await handle.db.insert(products).values({
      id,
      slug: f.name.toLowerCase().replace(/\s+/g, '-'),
      name: f.name,
      description: f.description,
      category: f.category,
      subcategory: f.subcategory ?? null,
      archivedAt: f.archived ? new Date() : null,
    })
    const offers = f.sized
      ? (['250g', '500g', '1kg'] as const).map((size, k) => ({ size, pricePaise: 20000 * (k + 1), stock: 5 }))
      : [{ size: 'one' as const, pricePaise: 15000, stock: 10 }]
    await handle.db.insert(variants).values(offers.map((o) => ({ ...o, productId: id })))
  }
})
afterAll(async () => {
  await handle?.close()
})

async function search(q: string, page = 1) {
  return searchCatalogue(handle.db, { q, page })
}

function namesOf(outcome: SearchOutcome) {
  expect(outcome.kind, `${outcome.q}: ${outcome.kind}`).toBe('results')
  return outcome.kind === 'results' ? outcome.results.map((r) => r.product.name) : []
}

/** The first `n` names, as a set where the order among them is a tie the test does not decide. */
const top = (names: string[], n: number) => names.slice(0, n).sort()

describe(`search ranking on ${describeDatabase()}`, () => {
  it('puts products named by the query before those whose description mentions it', async () => {
    const names = namesOf(await search('turmeric'))
    expect(top(names, 2)).toEqual(['Erode Turmeric Powder', 'Turmeric Pepper Capsules'])
    expect(names[2]).toBe('Sambar Powder')
    expect(names).toHaveLength(3)
  })

  it('puts an exact name word before a longer word that starts like it', async () => {
    const names = namesOf(await search('pepper'))
    expect(top(names, 2)).toEqual(['Malabar Black Pepper', 'Turmeric Pepper Capsules'])
    expect(names.indexOf('Peppermint Essential Oil')).toBeGreaterThan(1)
  })

  it('forgives a slip in a name: "tumeric" finds turmeric', async () => {
    const outcome = await search('tumeric')
    const names = namesOf(outcome)
    expect(top(names, 2)).toEqual(['Erode Turmeric Powder', 'Turmeric Pepper Capsules'])
    // The word it matched is marked, though it is spelt otherwise.
    const erode = outcome.kind === 'results' ? outcome.results.find((r) => r.product.name === 'Erode Turmeric Powder') : undefined
    expect(erode?.name).toEqual([
      { text: 'Erode ', mark: false },
      { text: 'Turmeric', mark: true },
      { text: ' Powder', mark: false },
    ])
  })

  it('knows Indian spellings: "tokku" finds the thokkus, "nellikai" and "gooseberry" find amla', async () => {
    expect(top(namesOf(await search('tokku')), 4)).toEqual(['Garlic Thokku', 'Mango Thokku', 'Nellikai Thokku', 'Tomato Thokku'])
    expect(top(namesOf(await search('thooku')), 4)).toEqual(['Garlic Thokku', 'Mango Thokku', 'Nellikai Thokku', 'Tomato Thokku'])
    const amla = ['Amla Capsules', 'Dehydrated Amla', 'Nellikai Thokku']
    expect(top(namesOf(await search('nellikai')), 3)).toEqual(amla)
    expect(top(namesOf(await search('amla')), 3)).toEqual(amla)
    expect(top(namesOf(await search('Indian gooseberry')), 3)).toEqual(amla)
    expect(top(namesOf(await search('haldi')), 2)).toEqual(['Erode Turmeric Powder', 'Turmeric Pepper Capsules'])
    expect(top(namesOf(await search('cookies')), 2)).toEqual(['Kambu Cookies', 'Ragi Biscuits'])
  })

  it('finds a category by its name, before products that only mention the word', async () => {
    const names = namesOf(await search('spices'))
    expect(top(names, 4)).toEqual(['Erode Turmeric Powder', 'Kerala Cloves', 'Malabar Black Pepper', 'Sambar Powder'])
    expect(names).toContain('Mango Thokku')
    expect(names.indexOf('Mango Thokku')).toBeGreaterThan(3)
    expect(top(namesOf(await search('freeze dried')), 1)).toEqual(['Freeze Dried Mango'])
    // "Dried" is in the freeze-dried mango's name, but the whole query names the dry fruits.
    const dryFruits = namesOf(await search('dry fruits'))
    expect(top(dryFruits, 2)).toEqual(['Cumbum Black Raisins', 'Panruti Cashews'])
    expect(dryFruits).toContain('Freeze Dried Mango')
    expect(top(namesOf(await search('pickles')), 4)).toEqual(['Garlic Thokku', 'Mango Thokku', 'Nellikai Thokku', 'Tomato Thokku'])
  })

  it('puts a product whose text has the very word before one whose name is only like it', async () => {
    // "Cumbum" is as near "cumin" as "tumeric" is to "turmeric", but a description says "cumin".
    expect(namesOf(await search('cumin'))).toEqual(['Tomato Rasam', 'Cumbum Black Raisins'])
    expect(namesOf(await search('jeera'))).toEqual(['Tomato Rasam'])
  })

  it('ranks the product matching every word first, whatever their order', async () => {
    expect(namesOf(await search('mango thokku'))[0]).toBe('Mango Thokku')
    expect(namesOf(await search('THOKKU,  mango!'))[0]).toBe('Mango Thokku')
    expect(namesOf(await search('garlic'))[0]).toBe('Garlic Thokku')
  })

  it('never finds an archived product, nor suggests one', async () => {
    for (const q of ['turmeric', 'latte', 'golden milk', 'Turmeric Latte Mix']) {
      const outcome = await search(q)
      if (outcome.kind === 'results') expect(outcome.results.map((r) => r.product.name)).not.toContain('Turmeric Latte Mix')
      if (outcome.kind === 'no-match') expect(outcome.suggestion).not.toBe('Turmeric Latte Mix')
    }
    expect((await search('latte')).kind).toBe('no-match')
  })

  it('says when nothing matches, with the nearest name when one is near', async () => {
    expect(await search('xyzzy')).toEqual({ kind: 'no-match', q: 'xyzzy', suggestion: null })
    expect(await search('peprment')).toEqual({ kind: 'no-match', q: 'peprment', suggestion: 'Peppermint Essential Oil' })
    expect(await search('biskit')).toEqual({ kind: 'no-match', q: 'biskit', suggestion: 'Ragi Biscuits' })
    // A Tamil word is held against the names by its English name: "புதினா" is mint.
    expect(await search('புதினா')).toEqual({ kind: 'no-match', q: 'புதினா', suggestion: 'Peppermint Essential Oil' })
    expect(await search('வணக்கம்')).toEqual({ kind: 'no-match', q: 'வணக்கம்', suggestion: null })
  })

  it('has nothing to look for in an empty query or one of small words only', async () => {
    expect(await search('')).toEqual({ kind: 'empty', q: '' })
    expect(await search('the and of')).toEqual({ kind: 'empty', q: 'the and of' })
    expect(await search('!!! ??')).toEqual({ kind: 'empty', q: '!!! ??' })
  })

  it('pages the results, twelve at a time, and says when a page is past the end', async () => {
    const first = await search('kodo', 1)
    const second = await search('kodo', 2)
    expect(first).toMatchObject({ kind: 'results', total: 13, pageCount: 2, page: 1 })
    expect(namesOf(first)).toEqual(
      Array.from({ length: SEARCH_PAGE_SIZE }, (_, i) => `Kodo Millet Batch ${String(i + 1).padStart(2, '0')}`),
    )
    expect(namesOf(second)).toEqual(['Kodo Millet Batch 13'])
    expect(await search('kodo', 3)).toEqual({ kind: 'past-end', q: 'kodo', page: 3, total: 13, pageCount: 2 })
    expect(await search('xyzzy', 2)).toEqual({ kind: 'no-match', q: 'xyzzy', suggestion: null })
  })

  it('returns prices with each result: one for single-price products, three packs for sized ones', async () => {
    const outcome = await search('amla')
    if (outcome.kind !== 'results') throw new Error(outcome.kind)
    const sized = outcome.results.find((r) => r.product.name === 'Dehydrated Amla')!
    expect(sized.product.offers.map((o) => [o.size, o.pricePaise])).toEqual([
      ['250g', 20000],
      ['500g', 40000],
      ['1kg', 60000],
    ])
    const single = outcome.results.find((r) => r.product.name === 'Amla Capsules')!
    expect(single.product.offers).toEqual([{ size: 'one', pricePaise: 15000, mrpPaise: 15000, net: null, stock: 10 }])
    // The description's words the query asked for ("gooseberry" is amla) are marked in its snippet.
    expect(single.snippet?.filter((s) => s.mark).map((s) => s.text)).toEqual(['gooseberry'])
  })

  it('survives any text at all without a database error', async () => {
    const hostile = [
      "'; drop table products; --",
      'a:* & !b | (c',
      '<script>alert(1)</script>',
      'नेल्लिक्काय் நெல்லிக்காய்',
      '\u0000\u0301 ́',
      'ा',
      'x'.repeat(100),
      '1e308 -1 0x10',
      "o'clock \\ % _",
    ]
    for (const q of hostile) {
      const outcome = await search(q)
      expect(['results', 'no-match', 'empty']).toContain(outcome.kind)
    }
    // Nothing was dropped.
    expect(namesOf(await search('turmeric')).length).toBeGreaterThan(0)
  })
})

// The demo catalogue as it is (English names): a Tamil-script query finds the same products as the English name and
// the Tamil name in Latin letters, through the synonym list, with the same tolerance for slips.
describe(`search in Tamil script, English and romanised Tamil, on the demo catalogue on ${describeDatabase()}`, () => {
  let demo: DatabaseHandle

  beforeAll(async () => {
    demo = await openTestDatabase()
    await demo.db.insert(products).values(
      DEMO_PRODUCTS.map((p, i) => ({
        id: `d${i}`,
        slug: p.slug,
        name: p.name,
        description: p.description,
        category: p.category,
        subcategory: p.subcategory ?? null,
      })),
    )
    await demo.db
      .insert(variants)
      .values(DEMO_PRODUCTS.map((_, i) => ({ productId: `d${i}`, size: 'one' as const, pricePaise: 10000, stock: 5 })))
  })
  afterAll(async () => {
    await demo?.close()
  })

  const AMLA = ['amla-capsules', 'dehydrated-amla', 'nellikai-thokku']
  const THOKKU = DEMO_PRODUCTS.filter((p) => p.category === 'thokku').map((p) => p.slug)
  const TURMERIC = ['erode-turmeric-powder', 'turmeric-pepper-capsules']
  const TOMATO = ['dehydrated-tomato-powder', 'freeze-dried-tomato', 'tomato-chutney', 'tomato-rice', 'tomato-thokku']
  const CURRY_LEAF = ['curry-leaf-thokku', 'dehydrated-curry-leaves']
  const MORINGA = [
    'dehydrated-moringa-leaves',
    'freeze-dried-drumstick',
    'moringa-capsules',
    'moringa-leaf-powder',
    'moringa-millet-crackers',
    'moringa-soup',
  ]
  const GINGER = ['dehydrated-ginger', 'ginger-oats-cookies', 'ginger-thokku']
  const CASHEWS = ['panruti-cashews-w320', 'pepper-roasted-cashews']
  const PINEAPPLE = ['dehydrated-pineapple-rings', 'freeze-dried-pineapple']
  const shelf = (category: Category) => DEMO_PRODUCTS.filter((p) => p.category === category).map((p) => p.slug)

  // Each row: a query and the products it must find, before any other. Rows of one thing side by side: Tamil script,
  // romanised Tamil, English, and a slip.
  const TABLE: [query: string, slugs: string[]][] = [
    ['நெல்லிக்காய்', AMLA],
    ['நெல்லி', AMLA],
    ['நெல்லிகாய்', AMLA],
    ['nellikkai', AMLA],
    ['nellikai', AMLA],
    ['amla', AMLA],
    ['தொக்கு', THOKKU],
    ['ஊறுகாய்', THOKKU],
    ['thokku', THOKKU],
    ['tokku', THOKKU],
    ['pickle', THOKKU],
    ['மஞ்சள்', TURMERIC],
    ['மஞ்சல்', TURMERIC],
    ['manjal', TURMERIC],
    ['turmeric', TURMERIC],
    ['tumeric', TURMERIC],
    ['தக்காளி', TOMATO],
    ['thakkali', TOMATO],
    ['tomato', TOMATO],
    ['கறிவேப்பிலை', CURRY_LEAF],
    ['கருவேப்பிலை', CURRY_LEAF],
    ['karuveppilai', CURRY_LEAF],
    ['curry leaves', CURRY_LEAF],
    ['முருங்கை', MORINGA],
    ['முருங்கைக்காய்', MORINGA],
    ['murungai', MORINGA],
    ['moringa', MORINGA],
    ['drumstick', MORINGA],
    ['இஞ்சி', GINGER],
    ['inji', GINGER],
    ['ginger', GINGER],
    ['முந்திரி', CASHEWS],
    ['mundhiri', CASHEWS],
    ['cashews', CASHEWS],
    ['அன்னாசி', PINEAPPLE],
    ['annasi', PINEAPPLE],
    ['pineapple', PINEAPPLE],
    // A shelf named in Tamil.
    ['மசாலா', shelf('spices')],
    ['spices', shelf('spices')],
    ['உலர் பழங்கள்', shelf('dry-fruits')],
    ['dry fruits', shelf('dry-fruits')],
  ]

  it.each(TABLE)('%s finds its products first', async (q, slugs) => {
    const outcome = await searchCatalogue(demo.db, { q, page: 1 })
    expect(outcome.kind, q).toBe('results')
    const found = outcome.kind === 'results' ? outcome.results.map((r) => r.product.slug) : []
    expect(found.slice(0, slugs.length).sort(), q).toEqual([...slugs].sort())
  })

  it('finds the same products for a Tamil word as for its English name', async () => {
    const slugsOf = async (q: string) => {
      const outcome = await searchCatalogue(demo.db, { q, page: 1 })
      return outcome.kind === 'results' ? outcome.results.map((r) => r.product.slug).sort() : []
    }
    for (const [tamil, english] of [
      ['நெல்லிக்காய்', 'amla'],
      ['தொக்கு', 'thokku'],
      ['மஞ்சள்', 'turmeric'],
      ['கறிவேப்பிலை', 'curry leaf'],
    ] as const) {
      expect(await slugsOf(tamil), tamil).toEqual(await slugsOf(english))
    }
  })

  it('ranks the product every Tamil word names first, and marks its English name', async () => {
    const outcome = await searchCatalogue(demo.db, { q: 'தக்காளி தொக்கு', page: 1 })
    if (outcome.kind !== 'results') throw new Error(outcome.kind)
    expect(outcome.results[0]!.product.slug).toBe('tomato-thokku')
    expect(outcome.results[0]!.name).toEqual([
      { text: 'Tomato', mark: true },
      { text: ' ', mark: false },
      { text: 'Thokku', mark: true },
    ])
    const powder = await searchCatalogue(demo.db, { q: 'மஞ்சள் தூள்', page: 1 })
    expect(powder.kind === 'results' && powder.results[0]!.product.slug).toBe('erode-turmeric-powder')
  })

  it('says when a Tamil word matches nothing', async () => {
    expect(await searchCatalogue(demo.db, { q: 'வணக்கம்', page: 1 })).toEqual({ kind: 'no-match', q: 'வணக்கம்', suggestion: null })
  })
})

describe('search parameters', () => {
  const parse = (query: string) => parseSearchParams(new URLSearchParams(query))

  it('reads q and page, trimming the query and taking the first page when none is given', () => {
    expect(parse('q=%20%20mango%20%20thokku%20')).toEqual({ ok: true, request: { q: 'mango thokku', page: 1 } })
    expect(parse('q=mango&page=3')).toEqual({ ok: true, request: { q: 'mango', page: 3 } })
    expect(parse('q=mango&page=')).toEqual({ ok: true, request: { q: 'mango', page: 1 } })
    expect(parse('')).toEqual({ ok: true, request: { q: '', page: 1 } })
  })

  it('refuses a query over 100 characters and page numbers that are not 1, 2, 3 …, saying why', () => {
    const long = parse(`q=${'a'.repeat(101)}`)
    expect(long).toMatchObject({ ok: false, message: 'Please keep your search to 100 characters.' })
    expect(long.ok === false && long.q.length).toBe(100)
    for (const page of ['-1', '0', 'abc', '1.5', '1e3', '99999', ' 2', '02']) {
      expect(parse(`q=mango&page=${encodeURIComponent(page)}`), page).toMatchObject({
        ok: false,
        q: 'mango',
        message: expect.stringContaining('Pages are numbered'),
      })
    }
  })
})
