import { describe, expect, it } from 'vitest'
import { weakPasswordReason } from './password-strength.server'

describe('password strength', () => {
  it('refuses common, repeated and personal passwords, saying why', async () => {
    expect(await weakPasswordReason('12345678')).toMatch(/^Choose a harder password: it is one of the ten most used passwords\./)
    expect(await weakPasswordReason('password')).toMatch(/most used passwords/)
    expect(await weakPasswordReason('        ')).toMatch(/repeated characters/)
    expect(await weakPasswordReason('qwertyuiop')).toMatch(/most used passwords|keyboard/)
    expect(await weakPasswordReason('P@ssw0rd2024')).toMatch(/close to a common password/)
    expect(await weakPasswordReason('meena.k@example.in', ['meena.k@example.in', 'Meena'])).toMatch(/e-mail address or name/)
  })

  it('lets through passwords of a few unrelated words', async () => {
    for (const good of ['correct horse battery', 'correct-horse', 'brand-new-pass', 'kaadu organics pepper'])
      expect(await weakPasswordReason(good), good).toBeNull()
  })
})
