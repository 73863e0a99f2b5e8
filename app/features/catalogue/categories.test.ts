import { describe, expect, it } from 'vitest'
import { parseCategory } from './categories'

describe('parseCategory', () => {
  it('knows the categories and their old spellings, and nothing else', () => {
    expect(parseCategory('spices')).toBe('spices')
    expect(parseCategory('thooku')).toBe('thokku')
    expect(parseCategory('capsules_tablets')).toBe('capsules-tablets')
    for (const odd of ['valueOf', 'constructor', '__proto__', 'toString', 'hasOwnProperty', '', 'Spices'])
      expect(parseCategory(odd), odd).toBeUndefined()
  })
})
