import { describe, expect, it } from 'vitest'
import {
  askedWords,
  categoryShares,
  conceptsOf,
  highlight,
  isTamil,
  MAX_CONCEPTS,
  normaliseText,
  similarity,
  snippet,
  tamilKey,
} from './search-terms'
import { SYNONYM_GROUPS } from './synonyms'

// A word of Latin lower case letters, or of Tamil letters each with at most one vowel sign or pulli.
const TAMIL_WORD = '(?:[\\u0b85-\\u0b94\\u0b95-\\u0bb9][\\u0bbe-\\u0bcd\\u0bd7]?)+'
const TERM = new RegExp(`^(?:[a-z]+( [a-z]+){0,2}|${TAMIL_WORD}( ${TAMIL_WORD}){0,2})$`)

describe('the synonym list', () => {
  it('has each term once, in lower case letters and single spaces, Latin or Tamil script', () => {
    const terms = SYNONYM_GROUPS.flat()
    const twice = terms.filter((t, i) => terms.indexOf(t) !== i)
    expect(twice, 'a term in two groups would join them').toEqual([])
    for (const term of terms) expect(term, term).toMatch(TERM)
    // As the customer's words will be once normalised: NFC, nothing a search drops.
    for (const term of terms) expect(normaliseText(term), term).toBe(term)
    for (const group of SYNONYM_GROUPS) expect(group.length, group.join()).toBeGreaterThan(1)
  })

  it('gives every group with a Tamil-script name a Latin name too, and no two groups one Tamil spelling', () => {
    const groupOfKey = new Map<string, string>()
    for (const group of SYNONYM_GROUPS) {
      const tamil = group.filter(isTamil)
      if (tamil.length > 0)
        expect(
          group.some((t) => !isTamil(t)),
          group.join(),
        ).toBe(true)
      for (const term of tamil.filter((t) => !t.includes(' '))) {
        const key = tamilKey(term)
        expect(groupOfKey.get(key) ?? group[0], `${term} folds like a word of another group`).toBe(group[0])
        groupOfKey.set(key, group[0]!)
      }
    }
    expect(groupOfKey.size).toBeGreaterThan(80)
  })
})

describe('concepts of a query', () => {
  it('expands a word to every name of its thing, the typed one first', () => {
    const [amla] = conceptsOf('Nellikai')
    expect(amla!.typed).toBe('nellikai')
    expect(amla!.alternates[0]).toBe('nellikai')
    expect(amla!.alternates).toEqual(expect.arrayContaining(['amla', 'gooseberry', 'indian gooseberry']))
    expect(conceptsOf('tokku')[0]!.alternates).toContain('thokku')
    expect(conceptsOf('jeera')[0]!.alternates).toContain('cumin')
    expect(conceptsOf('manjal')[0]!.alternates).toContain('turmeric')
  })

  it('reads listed phrases as one thing, longest first, and plurals as their singular', () => {
    expect(conceptsOf('bitter gourd chips').map((c) => c.typed)).toEqual(['bitter gourd', 'chips'])
    expect(conceptsOf('bell pepper')[0]!.alternates).toContain('capsicum')
    expect(conceptsOf('black pepper')[0]!.alternates).toContain('milagu')
    expect(conceptsOf('pickles')[0]!.alternates).toContain('thokku')
  })

  it('finds the listed name nearest a misspelt one, but not from a short word', () => {
    expect(conceptsOf('ashwaganda')[0]!.alternates).toContain('ashwagandha')
    expect(conceptsOf('nelikai')[0]!.alternates).toContain('amla')
    expect(conceptsOf('ami')[0]!.alternates).toEqual(['ami'])
  })

  it('drops small words, repeats and punctuation, and stops at eight concepts', () => {
    expect(conceptsOf('the mango, and THE mango!').map((c) => c.typed)).toEqual(['mango'])
    expect(conceptsOf('thokku pickles tokku mango').map((c) => c.typed)).toEqual(['thokku', 'mango'])
    expect(conceptsOf('<script>alert(1)</script>').map((c) => c.typed)).toEqual(['script', 'alert', '1'])
    expect(conceptsOf('a b c d e f g h i j k l m n').length).toBe(MAX_CONCEPTS)
    expect(conceptsOf('  ')).toEqual([])
  })

  it('takes accents off Latin letters and keeps other scripts', () => {
    expect(normaliseText('Jeerā—Powder')).toBe('jeera powder')
    expect(normaliseText('நெல்லிக்காய்')).toBe('நெல்லிக்காய்')
    // Tamil vowel signs and pulli stay with their letters; a vowel sign typed in two pieces is made one (NFC).
    expect(normaliseText('தொக்கு, மஞ்சள்!')).toBe('தொக்கு மஞ்சள்')
    expect(normaliseText('\u0ba4\u0bc6\u0bbe\u0b95\u0bcd\u0b95\u0bc1')).toBe('தொக்கு')
    // A zero-width joiner inside a word does not cut it.
    expect(normaliseText('நெல்லிக்\u200cகாய்')).toBe('நெல்லிக்காய்')
    expect(normaliseText('Amla நெல்லிக்காய்')).toBe('amla நெல்லிக்காய்')
  })

  it('reads Tamil script as the same things as English and Tamil in Latin letters', () => {
    const amla = conceptsOf('நெல்லிக்காய்')[0]!
    expect(amla.typed).toBe('நெல்லிக்காய்')
    expect(amla.alternates).toEqual(expect.arrayContaining(['amla', 'nellikai', 'gooseberry', 'நெல்லி']))
    expect(conceptsOf('தொக்கு')[0]!.alternates).toEqual(expect.arrayContaining(['thokku', 'tokku', 'pickle']))
    expect(conceptsOf('மஞ்சள்')[0]!.alternates).toContain('turmeric')
    expect(conceptsOf('manjal')[0]!.alternates).toContain('மஞ்சள்')
    expect(conceptsOf('கறிவேப்பிலை')[0]!.alternates).toContain('curry leaf')
    expect(conceptsOf('முருங்கைக்காய்')[0]!.alternates).toEqual(expect.arrayContaining(['drumstick', 'moringa']))
    // A Tamil phrase of the list is one thing; words of two things are two.
    expect(conceptsOf('உலர் திராட்சை')[0]!.alternates).toContain('raisin')
    expect(conceptsOf('மஞ்சள் தூள்').map((c) => c.alternates[1])).toEqual(['turmeric', 'powder'])
    expect(conceptsOf('தக்காளி tomato').map((c) => c.typed)).toEqual(['தக்காளி'])
  })

  it('forgives the usual Tamil spelling slips, and finds nothing near a short or unlisted word', () => {
    expect(tamilKey('மஞ்சல்')).toBe(tamilKey('மஞ்சள்'))
    expect(conceptsOf('மஞ்சல்')[0]!.alternates).toContain('turmeric')
    expect(conceptsOf('தகாளி')[0]!.alternates).toContain('tomato')
    expect(conceptsOf('நெல்லிகாய்')[0]!.alternates).toContain('amla')
    expect(conceptsOf('ஜீரகம்')[0]!.alternates).toContain('cumin')
    expect(conceptsOf('தொகு')[0]!.alternates).toContain('thokku')
    expect(conceptsOf('வெண்டக்காய்')[0]!.alternates).toContain('okra')
    expect(conceptsOf('முருங்கக்காய்')[0]!.alternates).toContain('drumstick')
    // Plurals, as "pickles" is "pickle".
    expect(conceptsOf('தக்காளிகள்')[0]!.alternates).toContain('tomato')
    expect(conceptsOf('மாம்பழங்கள்')[0]!.alternates).toContain('mango')
    expect(conceptsOf('நெல்லிக்காய்கள்')[0]!.alternates).toContain('amla')
    expect(conceptsOf('டா')[0]!.alternates).toEqual(['டா'])
    expect(conceptsOf('வணக்கம்')[0]!.alternates).toEqual(['வணக்கம்'])
  })
})

describe('categories a query names', () => {
  it('gives the share of the query that names each category', () => {
    expect(categoryShares(conceptsOf('spices'))).toEqual(new Map([['spices', 1]]))
    expect(categoryShares(conceptsOf('Essential oils')).get('essential-oils')).toBe(1)
    const freezeDried = categoryShares(conceptsOf('freeze dried'))
    expect(freezeDried.get('freeze-dried-fruit')).toBe(1)
    expect(freezeDried.get('freeze-dried-vegetable')).toBe(1)
    expect(freezeDried.get('dry-fruits')).toBe(0.5)
    expect(categoryShares(conceptsOf('tokku')).get('thokku')).toBe(1)
    expect(categoryShares(conceptsOf('capsules')).get('capsules-tablets')).toBe(1)
    expect(categoryShares(conceptsOf('capsuls')).get('capsules-tablets')).toBe(1)
    expect(categoryShares(conceptsOf('mango'))).toEqual(new Map())
  })
})

describe('highlighting', () => {
  const asked = askedWords(conceptsOf('tumeric amla'))

  it('marks the words asked for, their plurals and slips, and keeps every character of the text', () => {
    const text = 'Erode Turmeric & amlas, <b>not</b> amlaki-free'
    const segments = highlight(text, asked)
    expect(segments.map((s) => s.text).join('')).toBe(text)
    expect(segments.filter((s) => s.mark).map((s) => s.text)).toEqual(['Turmeric', 'amlas', 'amlaki'])
  })

  it('cuts a long description to the words around the first match', () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`)
    words[30] = 'gooseberry'
    const cut = snippet(words.join(' '), asked, 12)!
    const text = cut.map((s) => s.text).join('')
    expect(text.startsWith('… w26 ')).toBe(true)
    expect(text.endsWith(' w37 …')).toBe(true)
    expect(cut.filter((s) => s.mark).map((s) => s.text)).toEqual(['gooseberry'])
    expect(snippet('Nothing asked for here.', asked)).toBeNull()
    expect(snippet('Amla, whole.', asked)).toEqual([
      { text: 'Amla', mark: true },
      { text: ', whole.', mark: false },
    ])
  })

  it('marks Tamil words asked for, with their endings and slips', () => {
    const tamilAsked = askedWords(conceptsOf('தக்காளி நெல்லிக்காய்'))
    const text = 'தக்காளியில் நெல்லிக்காயை, Amla and tomatoes; தக்கோலம் இல்லை'
    const segments = highlight(text, tamilAsked)
    expect(segments.map((s) => s.text).join('')).toBe(text)
    expect(segments.filter((s) => s.mark).map((s) => s.text)).toEqual(['தக்காளியில்', 'நெல்லிக்காயை', 'Amla', 'tomatoes'])
    expect(highlight('மலிவு விலை', askedWords(conceptsOf('மல்லி'))).some((s) => s.mark)).toBe(false)
  })

  it('measures trigram similarity as pg_trgm does', () => {
    expect(similarity('turmeric', 'turmeric')).toBe(1)
    expect(similarity('tumeric', 'turmeric')).toBeCloseTo(6 / 11)
    expect(similarity('abc', 'xyz')).toBe(0)
  })
})
