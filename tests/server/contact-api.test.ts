import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sharedTestServer, type SharedTestServer } from '../support/test-server'
import { withFormToken } from '../support/http-browser'

// POST /api/contact against the built shop, as a browser or another client would call it.
let server: SharedTestServer
beforeAll(async () => {
  server = await sharedTestServer()
}, 90_000)
afterAll(async () => {
  await server?.stop()
})

const good = {
  name: 'Meena Subramaniam',
  email: 'meena@contact-api.example.in',
  phone: '+91 98400 11223',
  message: 'Do you ship freeze-dried mango to Pune?',
}

async function post(body: string, headers: Record<string, string> = { 'Content-Type': 'application/json' }) {
  const response = await fetch(`${server.url}/api/contact`, { method: 'POST', headers, body })
  const text = await response.text()
  // Whatever the answer, it never shows the server's insides.
  expect(text).not.toMatch(/\bat .+:\d+:\d+|node_modules|\.server\.ts|stack/i)
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: JSON.parse(text) as Record<string, unknown> }
}

describe('POST /api/contact', () => {
  it('takes a good message and answers 200 with a confirmation', async () => {
    const answer = await post(JSON.stringify({ ...good, unknownKey: 'ignored' }))
    expect(answer.status).toBe(200)
    expect(answer.type).toContain('application/json')
    expect(answer.body).toEqual({ ok: true, message: 'Thank you! Your message has been sent.' })
  })

  it('names every missing field', async () => {
    const answer = await post(JSON.stringify({}))
    expect(answer.status).toBe(400)
    expect(answer.type).toContain('application/json')
    expect(answer.body.error).toEqual(expect.any(String))
    expect(answer.body.fieldErrors).toEqual({
      name: 'Name is required',
      email: 'E-mail is required',
      phone: 'Phone number is required',
      message: 'Message is required',
    })
  })

  it.each([
    ['name', '   ', 'Name is required'],
    ['email', 'meena.example.in', 'Enter a valid e-mail address'],
    ['phone', 'not a number', 'Enter a valid phone number'],
    ['message', '', 'Message is required'],
    ['name', 42, 'Name is required'],
    ['message', 'x'.repeat(2001), 'Keep the message under 2000 characters'],
  ])('refuses a bad %s with its field error (%#)', async (field, value, error) => {
    const answer = await post(JSON.stringify({ ...good, [field]: value }))
    expect(answer.status).toBe(400)
    expect(answer.body.fieldErrors).toEqual({ [field]: error })
  })

  it('refuses a body that is not an object', async () => {
    const answer = await post('["a", "b"]')
    expect(answer.status).toBe(400)
    expect(answer.body.error).toEqual(expect.any(String))
  })

  it('answers 415 to a body that is not JSON', async () => {
    const answer = await post(new URLSearchParams(good).toString(), { 'Content-Type': 'application/x-www-form-urlencoded' })
    expect(answer.status).toBe(415)
    expect(answer.type).toContain('application/json')
    expect(answer.body.error).toMatch(/JSON/)
  })

  it('answers 413 to an oversized body', async () => {
    const answer = await post(JSON.stringify({ ...good, message: 'x'.repeat(100_000) }))
    expect(answer.status).toBe(413)
    expect(answer.type).toContain('application/json')
    expect(answer.body.error).toMatch(/too large/)
  })

  it('answers 400 to malformed JSON', async () => {
    const answer = await post('{"name": "Meena", ')
    expect(answer.status).toBe(400)
    expect(answer.type).toContain('application/json')
    expect(answer.body.error).toMatch(/not valid JSON/)
  })

  it('answers 405 to other methods', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await fetch(`${server.url}/api/contact`, { method })
      expect(response.status, method).toBe(405)
      expect(response.headers.get('allow')).toBe('POST')
      expect(((await response.json()) as { error: string }).error).toMatch(/POST/)
    }
  })
})

describe('the feedback form without JavaScript', () => {
  it('posts to /contact and shows each error, then the confirmation', async () => {
    // The form's hidden token, as the page gives it to this browser (decision 034).
    const { cookie, token } = await withFormToken(server.url)
    const invalid = await fetch(`${server.url}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ name: 'Meena', email: 'nope', phone: '', message: ' ', csrf_token: token }).toString(),
    })
    expect(invalid.status).toBe(400)
    const invalidPage = await invalid.text()
    expect(invalidPage).toContain('Enter a valid e-mail address')
    expect(invalidPage).toContain('Phone number is required')
    expect(invalidPage).toContain('Message is required')
    expect(invalidPage).toContain('value="Meena"')

    const sent = await fetch(`${server.url}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ ...good, csrf_token: token }).toString(),
    })
    expect(sent.status).toBe(200)
    const sentPage = await sent.text()
    expect(sentPage).toContain('Thank you! Your message has been sent.')
    expect(sentPage).not.toContain(good.name)
  })
})
