import { describe, expect, it } from 'vitest'
import { FORM_TOKEN_FIELD } from './form-token'
import { formKeyCookie, formKeyOf, formTokenFor, formTokenInBody, isFormTokenValid, needsFormToken, newFormKey } from './form-token.server'

const SECRET = 'a secret only the server has, 32+ characters long'

describe('form keys', () => {
  it('are new each time, 32 characters of base64url, and read back from the Cookie header', () => {
    const key = newFormKey()
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(newFormKey()).not.toBe(key)
    expect(formKeyOf(`session=abc; form_key=${key}; other=1`)).toBe(key)
    expect(formKeyOf(`form_key=${key}`)).toBe(key)
  })

  it('are null when absent or malformed', () => {
    for (const header of [
      undefined,
      null,
      '',
      'session=abc',
      'form_key=',
      'form_key=short',
      `form_key=${'a'.repeat(31)}!`,
      `xform_key=${'a'.repeat(32)}`,
    ]) {
      expect(formKeyOf(header), String(header)).toBeNull()
    }
  })

  it('are kept a year, HttpOnly and SameSite=Lax, Secure on https', () => {
    expect(formKeyCookie('k', false)).toBe('form_key=k; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax')
    expect(formKeyCookie('k', true)).toMatch(/; Secure$/)
  })
})

describe('form tokens', () => {
  const key = newFormKey()
  const token = formTokenFor(SECRET, key)

  it('are the same for one key and differ between keys and secrets', () => {
    expect(formTokenFor(SECRET, key)).toBe(token)
    expect(formTokenFor(SECRET, newFormKey())).not.toBe(token)
    expect(formTokenFor(`${SECRET}!`, key)).not.toBe(token)
  })

  it('are valid only for their own key', () => {
    expect(isFormTokenValid(SECRET, key, token)).toBe(true)
    expect(isFormTokenValid(SECRET, newFormKey(), token)).toBe(false)
    expect(isFormTokenValid(SECRET, null, token)).toBe(false)
    expect(isFormTokenValid(SECRET, key, null)).toBe(false)
    expect(isFormTokenValid(SECRET, key, '')).toBe(false)
    expect(isFormTokenValid(SECRET, key, token.slice(0, -1))).toBe(false)
    expect(isFormTokenValid(SECRET, key, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBe(false)
    expect(isFormTokenValid(SECRET, key, `${token}\u0000`)).toBe(false)
    // The key itself is no token: a page that could read the cookie would still need the secret.
    expect(isFormTokenValid(SECRET, key, key)).toBe(false)
  })
})

describe('which posts need a token', () => {
  it('every POST to a page but JSON ones, and under /api/ only multipart forms; never the signed webhook', () => {
    const cases: Array<[string, string, string | undefined, boolean]> = [
      ['POST', '/contact', 'application/x-www-form-urlencoded', true],
      ['POST', '/Admin', 'multipart/form-data; boundary=x', true],
      ['POST', '/signout', 'text/plain', true],
      ['POST', '/signout', undefined, true],
      ['post', '/dash/orders/1', 'application/x-www-form-urlencoded;charset=UTF-8', true],
      ['POST', '/contact', 'application/json', false],
      ['POST', '/contact', 'Application/JSON; charset=utf-8', false],
      ['POST', '/contact', 'application/jsonx', true],
      ['POST', '/api/admin/products', 'multipart/form-data; boundary=x', true],
      ['POST', '/API/admin/products', 'multipart/form-data; boundary=x', true],
      ['POST', '/api/contact', 'application/x-www-form-urlencoded', false],
      ['POST', '/api/contact', 'text/plain', false],
      ['POST', '/api/contact', 'application/json', false],
      ['POST', '/api/payment/webhook', 'multipart/form-data; boundary=x', false],
      ['GET', '/contact', undefined, false],
      ['PUT', '/contact', 'application/x-www-form-urlencoded', false],
    ]
    for (const [method, path, type, needed] of cases) expect(needsFormToken(method, path, type), `${method} ${path} ${type}`).toBe(needed)
  })
})

describe('the token in a posted body', () => {
  const bytes = (text: string) => new TextEncoder().encode(text)

  it('is read from a urlencoded form and from a multipart one', async () => {
    expect(await formTokenInBody('application/x-www-form-urlencoded', bytes(`a=1&${FORM_TOKEN_FIELD}=tok%2Den&b=2`))).toBe('tok-en')
    const form = new FormData()
    form.set('name', 'Pepper')
    form.set(FORM_TOKEN_FIELD, 'multipart-token')
    form.set('frontImage', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'front.png')
    const request = new Request('http://shop.test/', { method: 'POST', body: form })
    expect(await formTokenInBody(request.headers.get('content-type')!, new Uint8Array(await request.arrayBuffer()))).toBe('multipart-token')
  })

  it('is null when missing, sent twice, a file, or the body is no form or is broken', async () => {
    expect(await formTokenInBody('application/x-www-form-urlencoded', bytes('a=1'))).toBeNull()
    expect(await formTokenInBody('application/x-www-form-urlencoded', bytes(`${FORM_TOKEN_FIELD}=a&${FORM_TOKEN_FIELD}=b`))).toBeNull()
    expect(await formTokenInBody('text/plain', bytes(`${FORM_TOKEN_FIELD}=a`))).toBeNull()
    expect(await formTokenInBody(undefined, bytes(`${FORM_TOKEN_FIELD}=a`))).toBeNull()
    expect(await formTokenInBody('multipart/form-data; boundary=nothere', bytes('garbage'))).toBeNull()
    const form = new FormData()
    form.set(FORM_TOKEN_FIELD, new Blob([new Uint8Array([1])]), 'token.txt')
    const request = new Request('http://shop.test/', { method: 'POST', body: form })
    expect(await formTokenInBody(request.headers.get('content-type')!, new Uint8Array(await request.arrayBuffer()))).toBeNull()
  })
})
