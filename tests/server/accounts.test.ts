import { spawn } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Answer, Browser, formTokenIn } from '../support/http-browser'
import { startSmtpSink } from '../support/smtp-sink'
import { testAddress } from '../support/test-address'
import { copyOfPreparedData, startTestServer, type TestData, type TestServer, WASM_BASELINE_ONLY } from '../support/test-server'

// Accounts against the built shop, over HTTP, the way browsers and scripts reach it. Mails come out of the
// shop's outbox through a real SMTP server on loopback.

const root = path.resolve(import.meta.dirname, '../..')
const OWNER = 'owner@kaadu.test'

const sessionCookieOf = (answer: Answer, name = 'shop.session_token') => answer.cookies.find((c) => c.startsWith(`${name}=`))

describe('accounts over HTTP', () => {
  let server: TestServer
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>
  beforeAll(async () => {
    smtp = await startSmtpSink()
    server = await startTestServer({ env: { SMTP_URL: smtp.url, ADMIN_EMAILS: `${OWNER}, second-owner@kaadu.test`, TRUST_PROXY: 'true' } })
  }, 150_000)
  afterAll(async () => {
    await server?.stop()
    await smtp?.close()
  })

  it('signs a customer up: the success dialog, then signing in; role user', async () => {
    const browser = new Browser(server.url)
    const answer = await browser.signUpOnly('meena@example.in')
    expect(answer.status).toBe(200)
    expect(answer.text).toContain('Success!')
    expect(answer.text).toContain('Your account has been created successfully.')
    // Not signed in by it (docs/decisions/023-sign-up-does-not-tell.md): the answer must be the same for a taken address.
    expect(sessionCookieOf(answer)).toBeUndefined()
    expect((await browser.signIn('meena@example.in')).status).toBe(200)
    const session = await browser.send('/api/auth/get-session')
    expect(JSON.parse(session.text)).toMatchObject({
      user: { email: 'meena@example.in', role: 'user', username: 'Meena', phone: '+91 98430 12345' },
    })
  })

  it('does not tell a stranger that an address has an account: the same answer, and a mail to its owner', async () => {
    const first = await new Browser(server.url).signUpOnly('taken@example.in')
    const again = await new Browser(server.url).signUpOnly('Taken@Example.in', { username: 'Mallory', password: 'mallory-was-here-2' })
    expect(again.status).toBe(first.status)
    // Each browser's page has its own nonces and its own form token (decision 034); nothing else may differ.
    const comparable = (text: string) => text.replace(/ nonce="[^"]*"/g, '').replaceAll(formTokenIn(text) ?? '\0', '')
    expect(comparable(again.text)).toBe(comparable(first.text))
    expect(sessionCookieOf(again)).toBeUndefined()
    // The API too: 200 with no session, whatever the address.
    const api = (email: string) =>
      new Browser(server.url).send('/api/auth/sign-up/email', {
        json: { email, password: 'mallory-was-here-2', name: 'Mallory', username: 'Mallory', phone: '+91 98430 12345' },
      })
    const [taken, fresh] = [await api('taken@example.in'), await api('fresh-api@example.in')]
    expect([taken.status, fresh.status]).toEqual([200, 200])
    expect(Object.keys(JSON.parse(taken.text)).sort()).toEqual(Object.keys(JSON.parse(fresh.text)).sort())
    expect(sessionCookieOf(taken)).toBeUndefined()
    // The owner hears of it, with the way to sign in or reset; the account is untouched.
    const mail = await smtp.waitForMail('taken@example.in', (m) => /tried to sign up/.test(m.subject))
    expect(mail.text).toMatch(/\/Signin\b/)
    expect(mail.text).toMatch(/\/forgot-password\b/)
    expect((await new Browser(server.url).signIn('taken@example.in', 'mallory-was-here-2')).status).toBe(401)
    expect((await new Browser(server.url).signIn('taken@example.in')).status).toBe(200)

    const bad = await new Browser(server.url).signUp('not-an-address', { phone: 'call me', password: 'short', username: '' })
    expect(bad.status).toBe(400)
    for (const message of [
      'Enter a valid e-mail address',
      'Enter a username',
      'Enter a valid phone number',
      'Use at least 8 characters for your password',
    ]) {
      expect(bad.text).toContain(message)
    }
  })

  it('refuses common and breached passwords on sign-up, saying why, by the form and by the API', async () => {
    for (const password of ['12345678', 'password', '        ', 'qwertyuiop']) {
      const answer = await new Browser(server.url).signUp('weak@example.in', { password })
      expect(answer.status, JSON.stringify(password)).toBe(400)
      expect(answer.text).toContain('Choose a harder password')
      expect(sessionCookieOf(answer)).toBeUndefined()
      const api = await new Browser(server.url).send('/api/auth/sign-up/email', {
        json: { email: 'weak@example.in', password, name: 'Weak', username: 'Weak', phone: '+91 98430 12345' },
      })
      expect(api.status, JSON.stringify(password)).toBe(400)
      expect(JSON.parse(api.text).message).toMatch(/^Choose a harder password: /)
    }
    expect((await new Browser(server.url).signUp('weak@example.in', { password: 'weak@example.in' })).text).toContain(
      'it is built from your e-mail address or name',
    )
  })

  it('signs in with remember me for 30 days, without it for the browser session; cookies HttpOnly and SameSite=Lax', async () => {
    const browser = new Browser(server.url)
    await browser.signUp('remember@example.in')

    const remembered = await new Browser(server.url).signIn('remember@example.in', 'correct-horse', true)
    expect(remembered.status).toBe(200)
    expect(remembered.text).toContain('Logged in successfully!')
    const long = sessionCookieOf(remembered)!
    expect(Number(long.match(/Max-Age=(\d+)/i)?.[1])).toBe(30 * 24 * 60 * 60)
    expect(long).toMatch(/;\s*HttpOnly/i)
    expect(long).toMatch(/;\s*SameSite=Lax/i)
    expect(long).toMatch(/;\s*Path=\//i)
    // Plain http (no https PUBLIC_URL): not Secure, or the browser would never send it back.
    expect(long).not.toMatch(/;\s*Secure/i)

    const forgetful = new Browser(server.url)
    const session = await forgetful.signIn('remember@example.in')
    const short = sessionCookieOf(session)!
    expect(short).not.toMatch(/Max-Age|Expires/i)
    expect(short).toMatch(/;\s*HttpOnly/i)
    expect(JSON.parse((await forgetful.send('/api/auth/get-session')).text).user.email).toBe('remember@example.in')
  })

  it('refuses a wrong password with the spec’s message, and sets no cookie', async () => {
    const browser = new Browser(server.url)
    await browser.signUp('wrong@example.in')
    const answer = await new Browser(server.url).signIn('wrong@example.in', 'not-the-password')
    expect(answer.status).toBe(401)
    expect(answer.text).toContain('Failed to log in. Please check your credentials.')
    expect(sessionCookieOf(answer)).toBeUndefined()
    // The button is back to "Log in".
    expect(answer.text).toMatch(/<button[^>]*type="submit"[^>]*>Log in<\/button>/)
  })

  it('refuses sign-in and sign-out posted from another site', async () => {
    const browser = new Browser(server.url)
    await browser.signUp('csrf@example.in')
    const evil = { origin: 'https://evil.example' }
    const api = await new Browser(server.url).send('/api/auth/sign-in/email', {
      json: { email: 'csrf@example.in', password: 'correct-horse' },
      headers: evil,
    })
    expect(api.status).toBe(403)
    expect(sessionCookieOf(api)).toBeUndefined()
    // The form is refused by React Router's own origin check before it reaches better-auth's.
    const form = await new Browser(server.url).send('/Signin', {
      form: { email: 'csrf@example.in', password: 'correct-horse' },
      headers: evil,
    })
    expect([400, 403]).toContain(form.status)
    expect(sessionCookieOf(form)).toBeUndefined()
    // With the victim's cookie, another site cannot sign them out either.
    const signOut = await browser.send('/api/auth/sign-out', { json: {}, headers: evil })
    expect(signOut.status).toBe(403)
    expect(JSON.parse((await browser.send('/api/auth/get-session')).text)?.user?.email).toBe('csrf@example.in')
  })

  it('refuses oversized posts to the auth API before reading them whole', async () => {
    const answer = await new Browser(server.url).send('/api/auth/sign-in/email', {
      json: { email: 'x@example.in', password: 'p'.repeat(20_000) },
    })
    expect(answer.status).toBe(413)
  })

  it('refuses a NUL or a lone surrogate in any field of any auth endpoint with a 400 that says which, before any lookup', async () => {
    const browser = new Browser(server.url)
    // A reset token with a NUL reached the verification lookup and came back as a 500 (found by hostile-input's property test).
    const reset = await browser.send('/api/auth/reset-password', { json: { token: '\u0000', newPassword: '   !  \u0000  ' } })
    expect(reset.status).toBe(400)
    expect(reset.text).toContain('token must not contain a NUL character')
    const signIn = await browser.send('/api/auth/sign-in/email', { json: { email: 'meena@example.in', password: 'half \uD800 a pair' } })
    expect(signIn.status).toBe(400)
    expect(signIn.text).toContain('password contains a broken character')
    const verify = await browser.send('/api/auth/verify-email?token=%00')
    expect(verify.status).toBe(400)
  })

  it('limits sign-in attempts from one address with a 429 and a clear message', async () => {
    await new Browser(server.url).signUp('limited@example.in')
    const attacker = new Browser(server.url, '203.0.113.66')
    const statuses: number[] = []
    for (let i = 0; i < 10; i++)
      statuses.push(
        (await attacker.send('/api/auth/sign-in/email', { json: { email: 'limited@example.in', password: `guess-${i}xx` } })).status,
      )
    expect(statuses).toEqual(Array(10).fill(401))
    const limited = await attacker.send('/api/auth/sign-in/email', { json: { email: 'limited@example.in', password: 'correct-horse' } })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('x-retry-after'))).toBeGreaterThan(0)
    const form = await attacker.signIn('limited@example.in')
    expect(form.status).toBe(429)
    expect(form.text).toContain('Too many attempts from your network')
    // Someone else is not held back.
    expect((await new Browser(server.url).signIn('limited@example.in')).status).toBe(200)
  })

  it('limits sign-ups from one address too', async () => {
    const robot = new Browser(server.url, '203.0.113.77')
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await robot.signUp(`robot${i}@example.in`)).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
  })

  it('resets a forgotten password through the mailed one-time link', async () => {
    await new Browser(server.url).signUp('forgot@example.in')
    const browser = new Browser(server.url)
    const unknown = await browser.send('/forgot-password', { form: { email: 'nobody@example.in' } })
    const known = await browser.send('/forgot-password', { form: { email: 'Forgot@Example.in' } })
    expect(known.status).toBe(200)
    expect(known.text).toContain('If an account uses that e-mail address')
    // The same page either way: it tells nobody who has an account (each answer has its own CSP nonce).
    const comparable = (text: string) => text.replace(/<input[^>]*>/g, '').replace(/ nonce="[^"]*"/g, '')
    expect(comparable(unknown.text)).toBe(comparable(known.text))

    const mail = await smtp.waitForMail('forgot@example.in', (m) => /new password/i.test(m.subject))
    const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=(\S+)/)
    expect(link).not.toBeNull()
    const resetPath = `/reset-password?token=${link![1]}`

    const page = await browser.send(resetPath)
    expect(page.status).toBe(200)
    expect(page.text).toContain('New password')
    const tooShort = await browser.send(resetPath, {
      form: { token: decodeURIComponent(link![1]!), password: 'short', confirmPassword: 'short' },
    })
    expect(tooShort.text).toContain('Use at least 8 characters for your password')
    const weak = await browser.send(resetPath, {
      form: { token: decodeURIComponent(link![1]!), password: 'password', confirmPassword: 'password' },
    })
    expect(weak.status).toBe(400)
    expect(weak.text).toContain('Choose a harder password: it is one of the ten most used passwords.')
    const done = await browser.send(resetPath, {
      form: { token: decodeURIComponent(link![1]!), password: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
    })
    expect(done.status).toBe(200)
    expect(done.text).toContain('Your password has been changed')

    expect((await browser.send(resetPath)).text).toContain('This reset link has already been used or has expired.')
    const reused = await browser.send(resetPath, {
      form: { token: decodeURIComponent(link![1]!), password: 'another-pass-1', confirmPassword: 'another-pass-1' },
    })
    expect(reused.text).toContain('This reset link has already been used or has expired.')

    expect((await new Browser(server.url).signIn('forgot@example.in', 'correct-horse')).status).toBe(401)
    expect((await new Browser(server.url).signIn('forgot@example.in', 'brand-new-pass')).status).toBe(200)
    // No mail at all for the unknown address.
    expect(smtp.received.some((m) => m.to.includes('nobody@example.in'))).toBe(false)
  })

  it('makes ADMIN_EMAILS admins; /dash greets them and sends visitors and customers home', async () => {
    expect((await new Browser(server.url).send('/dash')).location).toBe('/')

    const customer = new Browser(server.url)
    await customer.signUp('customer@example.in')
    const refused = await customer.send('/dash')
    expect(refused.status).toBe(302)
    expect(refused.location).toBe('/')

    const owner = new Browser(server.url)
    const signedUp = await owner.signUp(OWNER, { username: 'Kaveri' })
    expect(signedUp.text).toContain('Success!')
    expect(owner.cookies.has('shop.session_token')).toBe(true)
    const dash = await owner.send('/dash')
    expect(dash.status).toBe(200)
    expect(dash.text).toContain('Welcome, Kaveri')
    expect(dash.text).toContain('href="/Admin"')
    expect(dash.text).toContain('href="/Delete"')
    // Signing in sends an admin to the dashboard.
    const signIn = await new Browser(server.url).signIn(OWNER)
    expect(signIn.text).toContain('Logged in successfully!')
    // Without JavaScript the notice page moves on by itself after 1.5 s.
    expect(signIn.text).toContain('<meta http-equiv="refresh" content="1.5;url=/dash"/>')
  })

  it('signs out with a POST: the session ends and the browser is told to clear its storage', async () => {
    const browser = new Browser(server.url)
    await browser.signUp('leaving@example.in')
    expect((await browser.send('/signout')).location).toBe('/')
    expect(JSON.parse((await browser.send('/api/auth/get-session')).text)?.user?.email).toBe('leaving@example.in')

    const token = browser.cookies.get('shop.session_token')
    const out = await browser.send('/signout', { method: 'POST', form: {} })
    expect(out.status).toBe(302)
    expect(out.location).toBe('/')
    expect(out.headers.get('clear-site-data')).toBe('"storage"')
    expect(browser.cookies.has('shop.session_token')).toBe(false)
    // The old token is dead on the server, not just forgotten by the browser.
    const replay = await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie: `shop.session_token=${token}` } })
    expect(await replay.json()).toBeNull()
  })

  it('shows "My orders" once the address is confirmed, guest orders included, and lets the owner read them', async () => {
    expect((await new Browser(server.url).send('/my-orders')).location).toBe('/Signin?redirectTo=%2Fmy-orders')

    // A guest order, placed before the account existed, with the address typed differently.
    const guest = new Browser(server.url)
    const { products } = JSON.parse((await guest.send('/api/products')).text) as {
      products: Array<{ id: string; price?: number; stockCount: number }>
    }
    const product = products.find((p) => p.price !== undefined && p.stockCount > 0)!
    const created = await guest.send('/api/payment/createOrder', {
      json: {
        items: [{ productId: product.id, quantity: 1 }],
        email: 'Orders@Example.in',
        shippingAddress: testAddress,
      },
    })
    expect(created.status).toBe(201)
    const { orderId } = JSON.parse(created.text) as { orderId: string }

    const customer = new Browser(server.url)
    await customer.signUp('orders@example.in')
    const unconfirmed = await customer.send('/my-orders')
    expect(unconfirmed.text).toContain('Confirm your e-mail address')
    expect(unconfirmed.text).not.toContain('Awaiting payment')
    expect((await customer.send(`/api/orders/${orderId}`)).status).toBe(404)

    const sent = await customer.send('/my-orders', { form: {} })
    expect(sent.text).toContain('We have sent a link to orders@example.in')
    const mail = await smtp.waitForMail('orders@example.in', (m) => /confirm/i.test(m.subject))
    const link = new URL(mail.text.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)![0])
    const confirmed = await customer.send(link.pathname + link.search)
    expect(confirmed.status).toBe(302)
    expect(confirmed.location).toMatch(/\/my-orders$/)

    const page = await customer.send('/my-orders')
    expect(page.text).toMatch(/Order KO-\d+/)
    expect(page.text).toContain('Awaiting payment')
    const api = await customer.send(`/api/orders/${orderId}`)
    expect(api.status).toBe(200)
    expect(JSON.parse(api.text)).toMatchObject({ orderId, status: 'pending_payment' })

    // Somebody else's account sees none of it.
    const other = new Browser(server.url)
    await other.signUp('other@example.in')
    expect((await other.send(`/api/orders/${orderId}`)).status).toBe(404)
  })
})

describe('admin:create', () => {
  const run = (env: Record<string, string>, ...args: string[]) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      // Compiled as the tests' shops are (decision 054): each run opens the embedded database for one query or two.
      const child = spawn(process.execPath, [WASM_BASELINE_ONLY, 'scripts/admin-create.mjs', ...args], {
        cwd: root,
        env: { ...process.env, ...env },
      })
      let output = ''
      child.stdout.on('data', (d) => (output += d))
      child.stderr.on('data', (d) => (output += d))
      child.on('exit', (code) => resolve({ code, output }))
    })

  let data: TestData
  let dataDir: string
  let database: { url: string } | null = null
  let env: Record<string, string>
  beforeAll(async () => {
    // The shop and the command on the same data: a copy of a first start's, with no catalogue.
    data = await copyOfPreparedData('migrated')
    dataDir = data.dataDir
    database = data.env.DATABASE_URL ? { url: data.env.DATABASE_URL } : null
    // An https public address: the shop's cookies must then be Secure. No TRUST_PROXY: X-Forwarded-For is ignored.
    env = { ...data.env, DATA_DIR: dataDir, PUBLIC_URL: 'https://kaadu.example' }
  })
  afterAll(async () => {
    await data?.drop()
  })

  it('refuses while the shop holds the embedded database, works once it stopped (or beside it, on PostgreSQL)', async () => {
    let server: TestServer | null = await startTestServer({ dataDir, env })
    try {
      const whileRunning = await run(env, '--email', 'Boss@Kaadu.test', '--password', 'boss-password')
      if (!database) {
        expect(whileRunning.code).toBe(2)
        expect(whileRunning.output).toContain('in use by another process')
        expect(whileRunning.output).toContain('Nothing was changed')
        await server.stop()
        server = null
        const stopped = await run(env, '--email', 'Boss@Kaadu.test', '--password', 'boss-password')
        expect(stopped.output).toContain('Created the admin account boss@kaadu.test')
        expect(stopped.code).toBe(0)
        server = await startTestServer({ dataDir, env })
      } else {
        expect(whileRunning.output).toContain('Created the admin account boss@kaadu.test')
        expect(whileRunning.code).toBe(0)
      }

      // The new admin signs in on the running shop (from its public origin) and reaches the dashboard. Through
      // the API: the pages' forms would need a proxy that tells the shop its public address.
      const admin = new Browser(server.url, '192.0.2.1', 'https://kaadu.example')
      const signIn = await admin.send('/api/auth/sign-in/email', {
        json: { email: 'boss@kaadu.test', password: 'boss-password', rememberMe: true },
      })
      expect(signIn.status).toBe(200)
      const cookie = sessionCookieOf(signIn, '__Secure-shop.session_token')!
      expect(cookie).toMatch(/;\s*Secure/i)
      expect(cookie).toMatch(/;\s*HttpOnly/i)
      expect(cookie).toMatch(/;\s*SameSite=Lax/i)
      expect((await admin.send('/dash')).status).toBe(200)
      // With PUBLIC_URL set, only that origin may post.
      const local = new Browser(server.url, '192.0.2.2', server.url)
      expect((await local.send('/api/auth/sign-in/email', { json: { email: 'boss@kaadu.test', password: 'boss-password' } })).status).toBe(
        403,
      )

      // Without TRUST_PROXY a forged X-Forwarded-For is no way around the limit: all these are one client.
      const statuses: number[] = []
      for (let i = 0; i < 11; i++) {
        const attempt = new Browser(server.url, `10.9.9.${i}`, 'https://kaadu.example')
        statuses.push(
          (await attempt.send('/api/auth/sign-in/email', { json: { email: 'boss@kaadu.test', password: 'wrong-password' } })).status,
        )
      }
      expect(statuses.at(-1)).toBe(429)

      if (!database) await server.stop(), (server = null)
      const promoteUnknown = await run(env, '--email', 'nobody@kaadu.test')
      expect(promoteUnknown.code).toBe(64)
      expect(promoteUnknown.output).toContain('give --password to create it')
      expect((await run(env, '--email', 'boss@kaadu.test')).output).toContain('is an admin already')
    } finally {
      await server?.stop()
    }
  }, 240_000)
})
