import { describe, expect, it } from 'vitest'
import { askedWords, categoryShares, conceptsOf, highlight, MAX_CONCEPTS, normaliseText, similarity, snippet } from './search-terms'
import { SYNONYM_GROUPS } from './synonyms'

describe('the synonym list', () => {
  it('has each term once, in lower case letters and single spaces', () => {
    const terms = SYNONYM_GROUPS.flat()
    const twice = terms.filter((t, i) => terms.indexOf(t) !== i)
    expect(twice, 'a term in two groups would join them').toEqual([])
    for (const term of terms) expect(term, term).toMatch(/^[a-z]+( [a-z]+){0,2}$/)
    for (const group of SYNONYM_GROUPS) expect(group.length, group.join()).toBeGreaterThan(1)
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

  it('measures trigram similarity as pg_trgm does', () => {
    expect(similarity('turmeric', 'turmeric')).toBe(1)
    expect(similarity('tumeric', 'turmeric')).toBeCloseTo(6 / 11)
    expect(similarity('abc', 'xyz')).toBe(0)
  })
})
