import { describe, expect, it } from 'vitest'
import { isValidHost, requestTargetProblem } from './request-target.server'

describe('isValidHost', () => {
  it.each([
    'shop.example',
    'shop.example:3000',
    'localhost',
    '127.0.0.1:8080',
    '[::1]',
    '[::1]:3000',
    'kaadu-organics.in.',
    'shop_app:3000',
  ])('takes %s', (host) => {
    expect(isValidHost(host)).toBe(true)
  })

  it.each([
    '',
    'a<b>',
    'a b',
    'x:99999',
    'x:0',
    '[::1',
    '[nonsense]',
    '%00',
    'a/b',
    'a@b',
    'shop.example:',
    'a..b',
    '-shop.example',
    `${'a'.repeat(64)}.example`,
  ])('refuses %j', (host) => {
    expect(isValidHost(host)).toBe(false)
  })

  it('refuses a missing Host', () => {
    expect(isValidHost(undefined)).toBe(false)
  })
})

describe('requestTargetProblem', () => {
  it('takes a path with a good Host', () => {
    expect(requestTargetProblem({ url: '/contact?x=1', headers: { host: 'shop.example' } })).toBeNull()
  })

  it('refuses absolute, authority and asterisk forms', () => {
    for (const url of ['http://evil.example/', 'evil.example:443', '*']) {
      expect(requestTargetProblem({ url, headers: { host: 'shop.example' } }), url).toMatch(/request target/)
    }
  })
})
