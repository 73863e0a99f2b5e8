import { and, asc, count, desc, gt, gte, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { products } from '~/db/schema'
import { z } from '~/zod'
import { type ProductRow, withOffers } from '../catalogue/catalogue.server'
import { SEARCH_PAGE_SIZE } from './limits'
import { pageNumberMessage } from '../catalogue/paging'
import type { Category } from '../catalogue/categories'
import type { Product } from '../catalogue/product'
import {
  type Concept,
  FUZZY_SIMILARITY,
  MAX_QUERY_LENGTH,
  MIN_FUZZY_LENGTH,
  type Segment,
  askedWords,
  categoryShares,
  conceptsOf,
  highlight,
  isTamil,
  snippet,
  wordsOf,
} from './search-terms'
import { m } from '~/i18n/paraglide/messages.js'

/**
 * The shop's product search (docs/decisions/018-search.md): PostgreSQL full text over name, shelf and description
 * (products.search_document), pg_trgm's word similarity on names for slips ("tumeric"), a synonym list for the
 * names of India ("nellikai" is amla), and the categories' names. One query finds, ranks, counts and pages the
 * results; one more reads their prices.
 */

/** Deeper pages are refused: 9,999 pages of 12 is more than the shop will ever sell. */
const PAGE_PATTERN = /^[1-9][0-9]{0,3}$/

const searchParamsSchema = z.object({
  q: z
    .string()
    .transform((q) => q.replace(/\s+/g, ' ').trim())
    .pipe(z.string().max(MAX_QUERY_LENGTH, { error: () => m.search_too_long({ max: MAX_QUERY_LENGTH }) })),
  page: z.string().regex(PAGE_PATTERN, { error: pageNumberMessage }).transform(Number),
})

export type SearchRequest = { q: string; page: number }
export type SearchParamsResult = { ok: true; request: SearchRequest } | { ok: false; q: string; message: string }

/** `q` and `page` of a search address; a missing or empty page is the first. */
export function parseSearchParams(params: URLSearchParams): SearchParamsResult {
  const raw = { q: params.get('q') ?? '', page: params.get('page') || '1' }
  const parsed = searchParamsSchema.safeParse(raw)
  if (parsed.success) return { ok: true, request: parsed.data }
  // Echo a bounded part of what was asked for, so the box can show it again.
  return { ok: false, q: raw.q.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH), message: parsed.error.issues[0]!.message }
}

export type SearchResult = { product: Product; name: Segment[]; snippet: Segment[] | null }

export type SearchOutcome =
  /** Nothing to look for: an empty query, or only words like "the". */
  | { kind: 'empty'; q: string }
  | { kind: 'results'; q: string; page: number; pageCount: number; total: number; results: SearchResult[] }
  /** Nothing matched; the closest product name, if one is close, to offer instead. */
  | { kind: 'no-match'; q: string; suggestion: string | null }
  /** The query matched, but not this many pages of it. */
  | { kind: 'past-end'; q: string; page: number; pageCount: number; total: number }

/** A tsquery operand from our own words only (letters, marks and digits), so no input reaches its syntax. */
function tsTerm(term: string, weight: '' | 'A') {
  const words = term.split(' ').map((w) => `${w}${weight && `:${weight}`}`)
  return words.length === 1 ? words[0]! : `(${words.join(' <-> ')})`
}

function conceptTsQuery(concept: Concept, weight: '' | 'A') {
  return `(${concept.alternates.map((t) => tsTerm(t, weight)).join(' | ')})`
}

/**
 * How well the name matches one concept, 0 to 1: 1 when a name word is one of its names (stemmed: "oils" is
 * "oil"), else the word similarity of the name to the word as typed, when it reaches FUZZY_SIMILARITY. Only the
 * typed word may have a slip in it: the listed names are spelt right, and letting each of them match loosely too
 * found chives for "chilli" (through "chilies"). A listed phrase is matched as words side by side, never loosely.
 */
function nameMatch(concept: Concept) {
  const exact = sql`(${products.searchDocument} @@ to_tsquery('english', ${conceptTsQuery(concept, 'A')}))::int`
  const typed = concept.typed
  if (typed.includes(' ') || typed.length < MIN_FUZZY_LENGTH) return exact
  // Half weight: a near name ("cumbum" for "cumin") must not outrank a product whose text has the very word.
  return sql`greatest(${exact}, (select w / 2 from (select word_similarity(${typed}, ${products.name}) as w) as s where w >= ${FUZZY_SIMILARITY}))`
}

function categoryShare(shares: Map<Category, number>) {
  if (shares.size === 0) return sql`0`
  const cases = [...shares].map(([category, share]) => sql`when ${category} then ${share}::real`)
  return sql`(case ${products.category}::text ${sql.join(cases, sql` `)} else 0 end)`
}

/** Every live product scored against the query; the columns the results need and the parts of the score. */
function scoredProducts(db: Database, concepts: readonly Concept[]) {
  const anyWord = concepts.map((c) => conceptTsQuery(c, '')).join(' | ')
  const everyWord = concepts.map((c) => conceptTsQuery(c, '')).join(' & ')
  const nameScore = sql.join(concepts.map(nameMatch), sql` + `)
  return db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      description: products.description,
      category: products.category,
      subcategory: products.subcategory,
      frontImage: products.frontImage,
      backImage: products.backImage,
      nameScore: sql<number>`((${nameScore})::real / ${concepts.length})`.mapWith(Number).as('name_score'),
      categoryScore: sql<number>`${categoryShare(categoryShares(concepts))}`.mapWith(Number).as('category_score'),
      anyWord: sql<boolean>`(${products.searchDocument} @@ to_tsquery('english', ${anyWord}))`.as('any_word'),
      everyWord: sql<boolean>`(${products.searchDocument} @@ to_tsquery('english', ${everyWord}))`.as('every_word'),
      // Normalised to 0..1 (rank / (rank + 1)); name words weigh most (the document's weights).
      textRank: sql<number>`ts_rank_cd(${products.searchDocument}, to_tsquery('english', ${anyWord}), 32)`.mapWith(Number).as('text_rank'),
    })
    .from(products)
    .where(isNull(products.archivedAt))
    .as('scored')
}

type Scored = ReturnType<typeof scoredProducts>

/** A product is found by its name (or a slip of it), by a word of its text, or when the whole query names its category. */
function found(scored: Scored): SQL {
  return or(gt(scored.nameScore, 0), sql`${scored.anyWord}`, gte(scored.categoryScore, 1))!
}

/**
 * The rank, in tiers: a name that has the query's words, or a category the whole query names ("dry fruits": the
 * cashews before the freeze-dried apple, whose name has "dried"), weighs 4; a name with a slip in it half that; a
 * category the query half names, a text with every word and the text's own rank break the ties, in that order of
 * weight. Equal ranks go by name, then id, so pages never overlap.
 */
function rank(scored: Scored) {
  return sql`(4 * greatest(${scored.nameScore}, (${scored.categoryScore} >= 1)::int) + ${scored.categoryScore} + (case when ${scored.everyWord} then 1 else 0 end) + ${scored.textRank})`
}

export async function searchCatalogue(db: Database, { q, page }: SearchRequest): Promise<SearchOutcome> {
  const concepts = conceptsOf(q)
  if (concepts.length === 0) return { kind: 'empty', q }
  const scored = scoredProducts(db, concepts)
  const rows = await db
    .select({
      id: scored.id,
      slug: scored.slug,
      name: scored.name,
      description: scored.description,
      category: scored.category,
      subcategory: scored.subcategory,
      frontImage: scored.frontImage,
      backImage: scored.backImage,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(scored)
    .where(found(scored))
    .orderBy(desc(rank(scored)), asc(scored.name), asc(scored.id))
    .limit(SEARCH_PAGE_SIZE)
    .offset((page - 1) * SEARCH_PAGE_SIZE)

  if (rows.length === 0) {
    if (page === 1) return { kind: 'no-match', q, suggestion: await closestName(db, q) }
    const [counted] = await db.select({ n: count() }).from(scored).where(found(scored))
    const total = counted?.n ?? 0
    if (total === 0) return { kind: 'no-match', q, suggestion: null }
    return { kind: 'past-end', q, page, total, pageCount: Math.ceil(total / SEARCH_PAGE_SIZE) }
  }

  const total = rows[0]!.total
  const asked = askedWords(concepts)
  const withPrices = await withOffers(db, rows satisfies ProductRow[])
  return {
    kind: 'results',
    q,
    page,
    total,
    pageCount: Math.ceil(total / SEARCH_PAGE_SIZE),
    results: withPrices.map((product) => ({
      product,
      name: highlight(product.name, asked),
      snippet: snippet(product.description, asked),
    })),
  }
}

/**
 * The query's words to hold against product names: a Tamil-script word by the English name of its thing when the
 * synonym list knows it ("புதினா" as "mint"), since trigrams of Tamil letters are never near an English name.
 */
function wordsForNames(q: string) {
  return wordsOf(q)
    .map((word) => (isTamil(word) ? (conceptsOf(word)[0]?.alternates.find((t) => !isTamil(t)) ?? word) : word))
    .join(' ')
}

/** The live product name nearest to the query, for "Did you mean …?" when nothing matched; null if none is near. */
async function closestName(db: Database, q: string) {
  const words = wordsForNames(q)
  const closeness = sql<number>`word_similarity(${words}, ${products.name})`
  const [row] = await db
    .select({ name: products.name })
    .from(products)
    .where(and(isNull(products.archivedAt), sql`${closeness} >= 0.3`))
    // Ties (often, between short words) go to the name most like the query as a whole.
    .orderBy(desc(closeness), desc(sql`similarity(${words}, ${products.name})`), asc(products.name))
    .limit(1)
  return row?.name ?? null
}
