import { CATEGORIES, type Category } from '../catalogue/categories'
import { SYNONYM_GROUPS } from './synonyms'

/**
 * What a search query means before it meets the database: its words, each with the other names of the same thing
 * (synonyms.ts), the categories it names, and how to mark the words it matched in a product's name and description.
 * No database and no React here: search.server.ts turns a plan into SQL, the search page renders the segments.
 */

// Its own module, so the search boxes' pages get the number without the synonym list.
export { MAX_QUERY_LENGTH } from './limits'
/** Words beyond these are ignored, so a pasted paragraph costs no more than a short query. */
export const MAX_CONCEPTS = 8
/** Shortest word that trigram similarity may match with a slip in it: shorter ones match too much ("to" in "tomato"). */
export const MIN_FUZZY_LENGTH = 4
/** pg_trgm's similarity of a misspelt word to a right one (tumeric/turmeric 0.55, cinammon/cinnamon 0.5). */
export const FUZZY_SIMILARITY = 0.5

/** Words that say nothing about a product; PostgreSQL's English dictionary drops these and more. */
const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'to', 'with', 'for', 'in', 'on', 'or', 'from', 'by', 'at', 'is', 'any', 'some'])

/**
 * Lower case, accents off Latin letters ("jeerā" is "jeera"), anything but letters and digits a space. Other scripts
 * keep their letters and marks: a Tamil vowel sign or pulli is a mark (\p{M}) and stays with its letter, and NFC
 * puts a vowel sign typed in two pieces (ெ + ா) back into one (ொ), as the synonym list writes it. The zero-width
 * (non-)joiners some keyboards put inside Indian words are dropped, so they do not cut a word in two.
 */
export function normaliseText(text: string) {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u200c\u200d]/g, '')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim()
}

const TAMIL_LETTER = /[\u0b80-\u0bff]/

/** Whether a word is written in Tamil script. */
export function isTamil(word: string) {
  return TAMIL_LETTER.test(word)
}

/** Letters as a reader counts them: a Tamil letter with its vowel sign or pulli is one ("மஞ்சள்" has four). */
function letterCount(word: string) {
  return word.replace(/\p{M}/gu, '').length
}

/**
 * A Tamil word with the slips its spelling invites folded away, so "மஞ்சல்" and "மஞ்சள்", "தகாளி" and "தக்காளி",
 * "ஜீரகம்" and "சீரகம்" meet: the three l's (ல ள ழ) as one, the two r's (ர ற), the three n's (ந ண ன), the Grantha
 * letters ஜ ஸ ஷ as ச, and a doubled consonant (க்க) as a single one.
 */
export function tamilKey(word: string) {
  return word
    .normalize('NFC')
    .replace(/[ளழ]/g, 'ல')
    .replace(/ற/g, 'ர')
    .replace(/[ணன]/g, 'ந')
    .replace(/[ஜஸஷ]/g, 'ச')
    .replace(/([\u0b95-\u0bb9])\u0bcd\1/g, '$1')
}

export function wordsOf(text: string) {
  const normal = normaliseText(text)
  return normal ? normal.split(' ') : []
}

/**
 * One thing the customer asked for: a word as typed ("tokku") or a phrase of the synonym list ("bitter gourd"),
 * and every name it goes by. `alternates` holds terms of one or more words, the typed one first.
 */
export type Concept = { typed: string; alternates: string[] }

const GROUP_OF_TERM = new Map<string, readonly string[]>()
for (const group of SYNONYM_GROUPS) for (const term of group) GROUP_OF_TERM.set(term, group)
const LONGEST_TERM = Math.max(...[...GROUP_OF_TERM.keys()].map((t) => t.split(' ').length))
const SINGLE_WORD_TERMS = [...GROUP_OF_TERM.keys()].filter((t) => !t.includes(' ') && !isTamil(t))
/** The Tamil-script words of the list by their tamilKey (the tests check no two groups share a key). */
const GROUP_OF_TAMIL_KEY = new Map<string, readonly string[]>()
for (const [term, group] of GROUP_OF_TERM) if (isTamil(term) && !term.includes(' ')) GROUP_OF_TAMIL_KEY.set(tamilKey(term), group)

/** "pickles" finds the group of "pickle"; "leaves" is listed where it matters. */
function singular(word: string) {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word
}

function groupOf(term: string) {
  const exact = GROUP_OF_TERM.get(term) ?? GROUP_OF_TERM.get(singular(term))
  if (exact || term.includes(' ')) return exact
  if (isTamil(term)) return tamilGroupOf(term)
  if (term.length < 5) return undefined
  // A slip in a name the list knows ("nelikai", "ashwaganda"): the closest listed word, if close enough.
  let best: { term: string; score: number } | undefined
  for (const candidate of SINGLE_WORD_TERMS) {
    const score = similarity(term, candidate)
    if (score >= 0.6 && (!best || score > best.score)) best = { term: candidate, score }
  }
  return best && GROUP_OF_TERM.get(best.term)
}

/** "தக்காளிகள்" is "தக்காளி", "மாம்பழங்கள்" "மாம்பழம்": the plural ending off, and ம் back where it became ங். */
function tamilSingular(word: string) {
  const stem = word.replace(/(க்)?கள்$/, '')
  return stem === word ? word : stem.replace(/ங்$/, 'ம்')
}

/**
 * A Tamil word's group: the listed word it is a usual slip of (same tamilKey), else, from three letters up, the
 * listed word whose key is closest by trigram similarity. Tamil keys are compared by code points, where a vowel
 * sign is one of its own: a slip in one vowel sign then costs a few trigrams, not every trigram of its letter
 * ("வெண்டக்காய்" for "வெண்டைக்காய்": 0.62 by code points, 0.45 letter by letter).
 */
function tamilGroupOf(word: string) {
  const key = tamilKey(word)
  const same = GROUP_OF_TAMIL_KEY.get(key) ?? GROUP_OF_TAMIL_KEY.get(tamilKey(tamilSingular(word)))
  if (same || letterCount(word) < 3) return same
  let best: { group: readonly string[]; score: number } | undefined
  for (const [candidate, group] of GROUP_OF_TAMIL_KEY) {
    const score = similarity(key, candidate)
    if (score >= 0.6 && (!best || score > best.score)) best = { group, score }
  }
  return best?.group
}

/** The query's concepts, longest listed phrase first at each word, stop words left out, at most MAX_CONCEPTS. */
export function conceptsOf(query: string): Concept[] {
  const words = wordsOf(query)
  const concepts: Concept[] = []
  // Words already asked for, and groups: "thokku pickle" asks for one thing, not two.
  const seen = new Set<string | readonly string[]>()
  const add = (typed: string, group: readonly string[] | undefined) => {
    if (seen.has(typed) || (group && seen.has(group))) return
    seen.add(typed)
    if (group) seen.add(group)
    concepts.push({ typed, alternates: [typed, ...(group ?? []).filter((t) => t !== typed)] })
  }
  for (let i = 0; i < words.length && concepts.length < MAX_CONCEPTS; ) {
    let phrase: string | undefined
    for (let n = Math.min(LONGEST_TERM, words.length - i); n >= 2 && !phrase; n--) {
      const candidate = words.slice(i, i + n).join(' ')
      if (GROUP_OF_TERM.has(candidate)) {
        phrase = candidate
        i += n
      }
    }
    if (phrase) {
      add(phrase, GROUP_OF_TERM.get(phrase))
      continue
    }
    const word = words[i++]!
    if (!STOP_WORDS.has(word)) add(word, groupOf(word))
  }
  return concepts
}

/** The words of a category's name, and what else customers call it, singular. */
const CATEGORY_WORDS: Record<Category, readonly string[]> = {
  herbal: ['herbal', 'herb'],
  'freeze-dried-fruit': ['freeze', 'freezedried', 'dried', 'fruit'],
  'freeze-dried-vegetable': ['freeze', 'freezedried', 'dried', 'vegetable', 'veg', 'veggie'],
  'dehydrated-fruit': ['dehydrated', 'fruit'],
  'dehydrated-vegetable': ['dehydrated', 'vegetable', 'veg', 'veggie'],
  'essential-oils': ['essential', 'oil'],
  spices: ['spice', 'masala'],
  'dry-fruits': ['dry', 'dried', 'fruit', 'nut'],
  'capsules-tablets': ['capsule', 'tablet', 'pill'],
  'ready-to-eat': ['ready', 'eat', 'instant', 'meal'],
  thokku: ['thokku', 'pickle'],
}

function namesCategoryWord(concept: Concept, words: readonly string[]) {
  return concept.alternates.some((term) => {
    const word = singular(term)
    if (words.includes(word) || words.includes(term)) return true
    return term.length >= 5 && words.some((w) => w.length >= 5 && similarity(term, w) >= 0.6)
  })
}

/**
 * How much of the query names each category: 1 when every concept is a word of its name ("spices", "freeze
 * dried", "dry fruits"), ½ for "dried mango" and the freeze-dried fruits. Categories not named are left out.
 */
export function categoryShares(concepts: readonly Concept[]): Map<Category, number> {
  const shares = new Map<Category, number>()
  if (concepts.length === 0) return shares
  for (const category of CATEGORIES) {
    const named = concepts.filter((c) => namesCategoryWord(c, CATEGORY_WORDS[category])).length
    if (named > 0) shares.set(category, named / concepts.length)
  }
  return shares
}

/** pg_trgm's trigrams of one word: padded with two spaces in front and one behind. */
function trigramsOf(word: string) {
  const padded = `  ${word} `
  const set = new Set<string>()
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3))
  return set
}

/**
 * pg_trgm's `similarity` of two single words: shared trigrams over all trigrams. Trigrams of code points: for Latin
 * words, letters; Tamil words are compared by their tamilKey, where a vowel sign or pulli counts as a character.
 */
export function similarity(a: string, b: string) {
  const ta = trigramsOf(a)
  const tb = trigramsOf(b)
  let shared = 0
  for (const t of ta) if (tb.has(t)) shared++
  return shared / (ta.size + tb.size - shared)
}

/** Whether a word of a product's text is one the query asked for: the same, a plural, or a slip away. */
function wordMatches(word: string, asked: readonly string[]) {
  return asked.some((a) => {
    if (word === a) return true
    if (isTamil(word) || isTamil(a)) return isTamil(word) && isTamil(a) && tamilWordMatches(word, a)
    const [short, long] = word.length <= a.length ? [word, a] : [a, word]
    if (short.length >= 3 && long.startsWith(short) && long.length - short.length <= 2) return true
    return short.length >= MIN_FUZZY_LENGTH && similarity(word, a) >= FUZZY_SIMILARITY
  })
}

/**
 * A Tamil word of a text against one asked for: the same after folding slips, or the asked word with an ending
 * (Tamil joins case endings to the word: "தக்காளியில்", in tomato), from three letters up, or a slip away.
 */
function tamilWordMatches(word: string, asked: string) {
  const [w, a] = [tamilKey(word), tamilKey(asked)]
  if (w === a) return true
  // Counted on the folded words, so "மல்லி" (மலி) does not start "மலிவு".
  if (letterCount(a) < 3) return false
  // A word ending in a pulli takes its ending on that consonant: "நெல்லிக்காய்" + ஐ is "நெல்லிக்காயை".
  const stem = a.replace(/\u0bcd$/, '')
  return (w.startsWith(stem) && letterCount(w) - letterCount(a) <= 3) || similarity(w, a) >= 0.6
}

/** Every single word of every concept's names: what highlighting looks for. */
export function askedWords(concepts: readonly Concept[]) {
  return [...new Set(concepts.flatMap((c) => c.alternates.flatMap((t) => t.split(' '))).filter((w) => !STOP_WORDS.has(w)))]
}

/** A run of text, marked when it is a word the query matched. Rendered as text (never as markup). */
export type Segment = { text: string; mark: boolean }

const WORD = /[\p{L}\p{M}\p{N}]+/gu

/** `text` cut into marked and unmarked runs; neighbouring runs of the same kind are joined. */
export function highlight(text: string, asked: readonly string[]): Segment[] {
  const segments: Segment[] = []
  const push = (part: string, mark: boolean) => {
    if (!part) return
    const last = segments.at(-1)
    if (last && last.mark === mark) last.text += part
    else segments.push({ text: part, mark })
  }
  let at = 0
  for (const match of text.matchAll(WORD)) {
    push(text.slice(at, match.index), false)
    push(match[0], wordMatches(normaliseText(match[0]), asked))
    at = match.index + match[0].length
  }
  push(text.slice(at), false)
  return segments
}

/**
 * Up to `maxWords` words of a description around its first marked word, with "…" where it was cut; null when the
 * description has no word the query asked for (the name matched, or the category).
 */
export function snippet(text: string, asked: readonly string[], maxWords = 24): Segment[] | null {
  const words = [...text.matchAll(WORD)]
  const first = words.findIndex((m) => wordMatches(normaliseText(m[0]), asked))
  if (first < 0) return null
  const from = Math.max(0, first - Math.floor(maxWords / 3))
  const to = Math.min(words.length, from + maxWords)
  const start = from === 0 ? 0 : words[from]!.index
  const end = to === words.length ? text.length : words[to - 1]!.index + words[to - 1]![0].length
  const segments = highlight(text.slice(start, end), asked)
  if (from > 0) segments.unshift({ text: '… ', mark: false })
  if (to < words.length) segments.push({ text: ' …', mark: false })
  return segments
}
