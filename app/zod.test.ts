import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { adminSearchText, cleanName, personName, text } from './zod'

describe('Zod in the shop', () => {
  it('comes from app/zod.ts everywhere, so its browser settings apply before any schema is made', () => {
    const appDir = import.meta.dirname
    const direct = (fs.readdirSync(appDir, { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && file !== 'zod.ts')
      .filter((file) => /^import (?!type )[^\n]*from 'zod(\/[^']*)?'/m.test(fs.readFileSync(path.join(appDir, file), 'utf8')))
    expect(direct).toEqual([])
  })
})

describe('the shared text schemas', () => {
  const message = text({ label: 'Message', max: 20 })
  const errorOf = (
    schema: { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } },
    value: unknown,
  ) => schema.safeParse(value).error?.issues[0]?.message

  it('trims, limits, and refuses NUL and lone surrogates with a message saying so', () => {
    expect(message.parse('  hello\nthere\t ')).toBe('hello\nthere')
    expect(errorOf(message, 'a\u0000b')).toBe('Message must not contain a NUL character')
    expect(errorOf(message, 'x\ud800')).toMatch(/^Message contains a broken character/)
    expect(errorOf(message, '\udc00x')).toMatch(/broken character/)
    expect(message.parse('a 😀 b')).toBe('a 😀 b') // a whole pair is fine
    expect(errorOf(message, '   ')).toBe('Message is required')
    expect(errorOf(message, 'x'.repeat(21))).toBe('Message is too long (at most 20 characters)')
    expect(errorOf(message, 'ring\u0007')).toMatch(/control characters/)
    expect(errorOf(message, 42)).toBe('Message is required')
  })

  it('keeps names to one line without controls or angle brackets', () => {
    const name = personName()
    expect(name.parse(' Meena ')).toBe('Meena')
    for (const bad of ['Meena\r\nBcc: x@y', 'a\u0085b', 'a\u2028b', '<script>', 'x'.repeat(101)])
      expect(name.safeParse(bad).success, bad).toBe(false)
    expect(cleanName(' Meena\r\nBcc:\u0000 x ', 50)).toBe('Meena Bcc: x')
    expect(cleanName('x'.repeat(80), 50)).toHaveLength(50)
  })

  it('reads admin searches: refuses NUL and broken text, drops overlong ones', () => {
    expect(adminSearchText.parse(undefined)).toBe('')
    expect(adminSearchText.parse(' pepper\t')).toBe('pepper')
    expect(adminSearchText.parse('x'.repeat(101))).toBe('')
    expect(adminSearchText.safeParse('\u0000').success).toBe(false)
    expect(adminSearchText.safeParse('\ud800').success).toBe(false)
  })
})
