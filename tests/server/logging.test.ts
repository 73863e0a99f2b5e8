import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../support/http-browser'
import { startSmtpSink } from '../support/smtp-sink'
import { startTestServer, type TestServer } from '../support/test-server'

// The shop logs JSON lines with a request id on each request's lines, and never a password, a session
// cookie or a reset token, whatever the requests carried. LOG_LEVEL=debug, so every line there is gets written.

type LogLine = { level: string; msg: string; reqId?: string; req?: { method: string; url: string }; res?: { statusCode: number } }

describe('structured logs', () => {
  let server: TestServer
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>
  beforeAll(async () => {
    smtp = await startSmtpSink()
    server = await startTestServer({ env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true', LOG_LEVEL: 'debug' } })
  }, 150_000)
  afterAll(async () => {
    await server?.stop()
    await smtp?.close()
  })

  it('writes one JSON line per request with its id, echoed in X-Request-Id, and leaves secrets out', async () => {
    const email = `logs-${crypto.randomBytes(4).toString('hex')}@example.in`
    const password = `Secret-${crypto.randomBytes(8).toString('hex')}`
    const newPassword = `Fresh-${crypto.randomBytes(8).toString('hex')}`
    /** Request ids the shop answered with, and the path each was for. */
    const answered: { id: string; path: string }[] = []
    const note = (path: string, headers: Headers) => answered.push({ id: headers.get('x-request-id') ?? '', path })

    const signUp = await new Browser(server.url).signUp(email, { password })
    expect(signUp.status).toBe(200)
    note('/Signup', signUp.headers)

    // Signing in through the page and through better-auth's JSON API, both carrying the password.
    const browser = new Browser(server.url)
    const signIn = await browser.signIn(email, password)
    expect(signIn.status).toBe(200)
    note('/Signin', signIn.headers)
    const apiSignIn = await new Browser(server.url).send('/api/auth/sign-in/email', { json: { email, password } })
    expect(apiSignIn.status).toBe(200)
    note('/api/auth/sign-in/email', apiSignIn.headers)
    const cookieValue = browser.cookies.get('shop.session_token')!
    expect(cookieValue).toBeTruthy()
    // The cookie goes back with a page request.
    const myOrders = await browser.send('/my-orders')
    expect(myOrders.status).toBe(200)
    note('/my-orders', myOrders.headers)

    // A proxy's sane request id is kept; anything else is replaced by a fresh one.
    const chosen = await fetch(`${server.url}/api/products`, { headers: { 'X-Request-Id': 'lb-7f3a.2_x' } })
    expect(chosen.headers.get('x-request-id')).toBe('lb-7f3a.2_x')
    note('/api/products', chosen.headers)
    const insane = await fetch(`${server.url}/api/products`, { headers: { 'X-Request-Id': `${'x'.repeat(65)}` } })
    expect(insane.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    note('/api/products', insane.headers)
    const odd = await fetch(`${server.url}/api/products`, { headers: { 'X-Request-Id': 'a b"c' } })
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)

    // A password reset: the mailed token in /reset-password's query, in better-auth's path, and in the form.
    const forgot = await browser.send('/forgot-password', { form: { email } })
    expect(forgot.status).toBe(200)
    note('/forgot-password', forgot.headers)
    const mail = await smtp.waitForMail(email, (m) => /new password/i.test(m.subject))
    const encodedToken = mail.text.match(/\/reset-password\?token=(\S+)/)![1]!
    const token = decodeURIComponent(encodedToken)
    const resetPage = await browser.send(`/reset-password?token=${encodedToken}`)
    expect(resetPage.text).toContain('New password')
    note('/reset-password', resetPage.headers)
    const tokenCheck = await browser.send(`/api/auth/reset-password/${encodedToken}?callbackURL=%2Freset-password`)
    expect(tokenCheck.status).toBe(302)
    note('/api/auth/reset-password/[hidden]', tokenCheck.headers)
    const reset = await browser.send(`/reset-password?token=${encodedToken}`, {
      form: { token, password: newPassword, confirmPassword: newPassword },
    })
    expect(reset.text).toContain('Your password has been changed')
    note('/reset-password', reset.headers)

    // Stopped, so every line is written.
    await server.stop()
    const stdout = server.stdout()
    const lines = stdout.split('\n').filter((l) => l.trim())
    const parsed = lines.map((line) => {
      try {
        return JSON.parse(line) as LogLine
      } catch {
        throw new Error(`A line of standard output is not JSON: ${line}`)
      }
    })
    expect(parsed.some((l) => /The shop is open at http:\/\//.test(l.msg))).toBe(true)

    const requestLines = parsed.filter((l) => l.req)
    expect(requestLines.length).toBeGreaterThanOrEqual(answered.length)
    for (const line of requestLines) {
      expect(line.reqId, JSON.stringify(line)).toMatch(/^[A-Za-z0-9._-]{1,64}$/)
      expect(line.res?.statusCode).toEqual(expect.any(Number))
      expect(line.req!.url.startsWith('/')).toBe(true)
    }
    for (const { id, path } of answered) {
      const line = requestLines.find((l) => l.reqId === id)
      expect(line, `no log line for ${path} (${id})`).toBeDefined()
      expect(line!.req!.url.split('?')[0]).toBe(path)
    }
    // Each request has its own id.
    expect(new Set(requestLines.map((l) => l.reqId)).size).toBe(requestLines.length)

    const everything = server.output()
    for (const secret of [password, newPassword, cookieValue, decodeURIComponent(cookieValue), token, encodedToken]) {
      expect(everything).not.toContain(secret)
    }
    // The session token alone (the cookie is token.signature) is a secret too.
    expect(everything).not.toContain(decodeURIComponent(cookieValue).split('.')[0])
  })
})
