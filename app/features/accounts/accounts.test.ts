import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { readConfig } from '~/config.server'
import type { DatabaseHandle } from '~/db/client.server'
import { orderLines, orders, outbox, rateLimits, refunds, sessions, users, verifications } from '~/db/schema'
import { orderMoneyLines } from '../orders/order-money'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { resetPasswordSchema, safeRedirectPath, signInSchema, signUpSchema } from './account-schemas'
import { AdminInputError, createOrPromoteAdmin, ordersForEmail } from './accounts.server'
import { CLIENT_ADDRESS_HEADER, createShopAuth, isResetTokenUsable, type ShopAuth } from './auth.server'
import { getSignedInUser, requireAdminApi, requireAdminPage } from './guards.server'

const SHOP = 'http://shop.test'

describe('account schemas', () => {
  it('accepts a complete sign-up, trimming and lowering the e-mail address', () => {
    expect(
      signUpSchema.parse({ email: ' Meena@Example.IN ', username: ' Meena ', phone: '+91 98430 12345', password: 'longenough' }),
    ).toEqual({
      email: 'meena@example.in',
      username: 'Meena',
      phone: '+91 98430 12345',
      password: 'longenough',
    })
  })

  it('gives the short password its own message and names every missing field', () => {
    const short = signUpSchema.safeParse({ email: 'a@b.in', username: 'a', phone: '9876543210', password: 'short' })
    expect(short.error?.issues[0]?.message).toBe('Use at least 8 characters for your password')
    const empty = signUpSchema.safeParse({})
    expect(empty.error?.issues.map((i) => i.path[0])).toEqual(['email', 'username', 'phone', 'password'])
  })

  it('reads the remember-me checkbox as a form sends it', () => {
    expect(signInSchema.parse({ email: 'a@b.in', password: 'x', rememberMe: 'on' }).rememberMe).toBe(true)
    expect(signInSchema.parse({ email: 'a@b.in', password: 'x' }).rememberMe).toBe(false)
  })

  it('wants the new password twice, the same', () => {
    const token = 'abcdefghijklmnopqrstuvwx'
    expect(resetPasswordSchema.safeParse({ token, password: 'newpassword', confirmPassword: 'newpassword' }).success).toBe(true)
    expect(resetPasswordSchema.safeParse({ token, password: 'newpassword', confirmPassword: 'other-one' }).error?.issues[0]?.path).toEqual([
      'confirmPassword',
    ])
  })

  it('sends people back only to paths of this shop', () => {
    expect(safeRedirectPath('/my-orders?x=1', '/')).toBe('/my-orders?x=1')
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/Signin', '', null]) {
      expect(safeRedirectPath(bad, '/')).toBe('/')
    }
  })

  it('never turns a path into another site’s address, however it is dotted or spaced (issue 14)', () => {
    for (const bad of [
      '/.//evil.example',
      '/./\\evil.example',
      '/\t/evil.example',
      '/%2e//evil.example',
      '/a/..//evil.example',
      '/\n/evil.example',
    ]) {
      expect(safeRedirectPath(bad, '/'), JSON.stringify(bad)).toBe('/')
    }
  })

  it('is idempotent and never gives // or /\\ (property)', () => {
    const pathLike = fc.oneof(
      // Paths made of the pieces that fool URL parsers: dots, slashes both ways, escapes, tabs.
      fc
        .array(fc.constantFrom('/', '//', '\\', '.', './', '..', '%2e', '%2f', '%5c', 'a', 'evil.example', '?', '#', '\t'), {
          maxLength: 8,
        })
        .map((pieces) => `/${pieces.join('')}`),
      fc.string(),
    )
    fc.assert(
      fc.property(pathLike, (value) => {
        const once = safeRedirectPath(value, '/')
        expect(safeRedirectPath(once, '/')).toBe(once)
        expect(once.startsWith('/')).toBe(true)
        expect(once).not.toMatch(/^\/[/\\]/)
      }),
      { numRuns: 1000 },
    )
  })
})

describe('account settings', () => {
  it('defaults PUBLIC_URL to this machine and port, and knows when it was given', () => {
    expect(readConfig({ PORT: '3100' })).toMatchObject({ PUBLIC_URL: 'http://localhost:3100', PUBLIC_URL_SET: false, TRUST_PROXY: false })
    expect(readConfig({ PUBLIC_URL: 'https://kaadu.example/' })).toMatchObject({
      PUBLIC_URL: 'https://kaadu.example',
      PUBLIC_URL_SET: true,
    })
  })

  it('reads ADMIN_EMAILS and TRUST_PROXY, and names the variable when one is wrong', () => {
    expect(readConfig({ ADMIN_EMAILS: ' Owner@Kaadu.in, ,second@kaadu.in' }).ADMIN_EMAILS).toEqual(['owner@kaadu.in', 'second@kaadu.in'])
    expect(readConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(readConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toBe('loopback, 10.0.0.0/8')
    expect(() => readConfig({ ADMIN_EMAILS: 'owner' })).toThrow(/ADMIN_EMAILS/)
    expect(() => readConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/)
    expect(() => readConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET: must be at least 32/)
    expect(() => readConfig({ PUBLIC_URL: 'ftp://kaadu.example' })).toThrow(/PUBLIC_URL/)
  })
})

describe(`accounts with better-auth on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  let auth: ShopAuth
  beforeAll(async () => {
    handle = await openTestDatabase()
    auth = createShopAuth({
      db: handle.db,
      config: { PUBLIC_URL: SHOP, PUBLIC_URL_SET: true, ADMIN_EMAILS: ['owner@kaadu.test'], RATE_LIMIT: 'on' },
      secret: 'a-test-secret-that-is-long-enough-for-better-auth',
    })
  })
  afterAll(async () => handle?.close())
  beforeEach(async () => {
    const { db } = handle
    for (const table of [sessions, verifications, rateLimits, outbox, orderLines, orders, users]) await db.delete(table)
  })

  let nextAddress = 1
  /** A browser-like call to better-auth from its own client address (so rate limits do not mix tests). */
  async function call(path: string, body: unknown, options: { address?: string; cookie?: string; origin?: string } = {}) {
    const headers = new Headers({ 'content-type': 'application/json', origin: options.origin ?? SHOP })
    headers.set(CLIENT_ADDRESS_HEADER, options.address ?? `10.0.0.${nextAddress++}`)
    if (options.cookie) headers.set('cookie', options.cookie)
    const response = await auth.handler(new Request(`${SHOP}/api/auth${path}`, { method: 'POST', headers, body: JSON.stringify(body) }))
    return {
      status: response.status,
      body: (await response.json().catch(() => null)) as Record<string, any> | null,
      cookies: response.headers.getSetCookie(),
    }
  }
  const signUp = (email: string, extra: Record<string, unknown> = {}) =>
    call('/sign-up/email', { email, password: 'correct-horse', name: 'Meena', username: 'Meena', phone: '9876543210', ...extra })
  /** Sign-up signs nobody in (docs/decisions/023-sign-up-does-not-tell.md): the answer of the sign-in after it. */
  const signUpAndIn = async (email: string) => {
    await signUp(email)
    return call('/sign-in/email', { email, password: 'correct-horse' })
  }
  const userRow = async (email: string) => (await handle.db.select().from(users).where(eq(users.email, email)))[0]

  it('signs a customer up with role user, username and phone, without signing them in', async () => {
    const answer = await signUp('Meena@Example.in')
    expect(answer.status).toBe(200)
    expect(answer.cookies.some((c) => c.startsWith('shop.session_token='))).toBe(false)
    const row = await userRow('meena@example.in')
    expect(row).toMatchObject({ role: 'user', username: 'Meena', phone: '9876543210', emailVerified: false })
  })

  it('checks sign-ups made straight to the API with our rules', async () => {
    const noPhone = await call('/sign-up/email', { email: 'x@example.in', password: 'correct-horse', name: 'X', username: 'X' })
    expect(noPhone.status).toBe(400)
    expect(noPhone.body?.message).toBe('Enter your phone number')
    const short = await signUp('y@example.in', { password: 'short' })
    expect(short.status).toBe(400)
    expect(short.body?.message).toBe('Use at least 8 characters for your password')
    // A client may not pick its own role.
    const withRole = await signUp('z@example.in', { role: 'admin' })
    expect(withRole.status).toBe(400)
    expect(await userRow('z@example.in')).toBeUndefined()
  })

  it('makes no second account with the same e-mail address, answers as for a new one, and mails the owner once an hour', async () => {
    const first = await signUp('meena@example.in')
    const again = await signUp('MEENA@example.in', { name: 'Mallory', username: 'Mallory' })
    expect(again.status).toBe(first.status)
    expect(Object.keys(again.body!).sort()).toEqual(Object.keys(first.body!).sort())
    expect(again.body?.token).toBeNull()
    await signUp('meena@example.in')
    await new Promise((resolve) => setTimeout(resolve, 200)) // queued just after sign-up's transaction
    const mails = await handle.db.select().from(outbox).where(eq(outbox.recipient, 'meena@example.in'))
    expect(mails.map((m) => m.subject)).toEqual(['Someone tried to sign up at Kaadu Organics with your address'])
    expect((await userRow('meena@example.in'))?.username).toBe('Meena')
  })

  it('makes ADMIN_EMAILS admins at sign-up, and at sign-in when the account came first', async () => {
    await signUp('owner@kaadu.test')
    expect((await userRow('owner@kaadu.test'))?.role).toBe('admin')
    // Demoted by hand, then signing in again: listed, so admin again.
    await handle.db.update(users).set({ role: 'user' }).where(eq(users.email, 'owner@kaadu.test'))
    const signIn = await call('/sign-in/email', { email: 'owner@kaadu.test', password: 'correct-horse' })
    expect(signIn.status).toBe(200)
    expect((await userRow('owner@kaadu.test'))?.role).toBe('admin')
  })

  it('keeps a remembered session 30 days and an unremembered one for the browser session only', async () => {
    await signUp('meena@example.in')
    const remembered = await call('/sign-in/email', { email: 'meena@example.in', password: 'correct-horse', rememberMe: true })
    const sessionCookie = remembered.cookies.find((c) => c.startsWith('shop.session_token='))!
    expect(sessionCookie).toMatch(/Max-Age=2592000/)
    expect(sessionCookie).toMatch(/HttpOnly/)
    expect(sessionCookie).toMatch(/SameSite=Lax/)
    expect(sessionCookie).not.toMatch(/Secure/)
    const forgotten = await call('/sign-in/email', { email: 'meena@example.in', password: 'correct-horse', rememberMe: false })
    const browserCookie = forgotten.cookies.find((c) => c.startsWith('shop.session_token='))!
    expect(browserCookie).not.toMatch(/Max-Age|Expires/)
  })

  it('refuses a wrong password and a cross-site form with the session cookie', async () => {
    const signedUp = await signUpAndIn('meena@example.in')
    expect((await call('/sign-in/email', { email: 'meena@example.in', password: 'wrong-horse' })).status).toBe(401)
    const cookie = signedUp.cookies.map((c) => c.split(';')[0]).join('; ')
    const crossSite = await call('/sign-out', {}, { cookie, origin: 'https://evil.example' })
    expect(crossSite.status).toBe(403)
    const crossSiteSignIn = await call(
      '/sign-in/email',
      { email: 'meena@example.in', password: 'correct-horse' },
      { origin: 'https://evil.example' },
    )
    expect(crossSiteSignIn.status).toBe(403)
  })

  it('limits sign-in attempts per client address, in the database', async () => {
    await signUp('meena@example.in')
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      statuses.push((await call('/sign-in/email', { email: 'meena@example.in', password: 'wrong-horse' }, { address: '192.0.2.7' })).status)
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses[10]).toBe(429)
    const [row] = await handle.db.select().from(rateLimits).where(sql`${rateLimits.key} like '192.0.2.7|%'`)
    expect(row?.count).toBe(10)
    // Another address is not held back.
    expect((await call('/sign-in/email', { email: 'meena@example.in', password: 'correct-horse' }, { address: '192.0.2.8' })).status).toBe(
      200,
    )
  })

  it('mails a one-time reset link through the outbox, and answers alike for unknown addresses', async () => {
    await signUp('meena@example.in')
    const unknown = await call('/request-password-reset', { email: 'nobody@example.in' })
    const known = await call('/request-password-reset', { email: 'meena@example.in' })
    expect(unknown.status).toBe(200)
    expect(known).toMatchObject({ status: 200, body: unknown.body })
    const mails = await handle.db.select().from(outbox)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.recipient).toBe('meena@example.in')
    const link = mails[0]!.text.match(/http:\/\/shop\.test\/reset-password\?token=(\S+)/)
    expect(link).not.toBeNull()
    const token = decodeURIComponent(link![1]!)
    // Stored hashed: the token itself is nowhere in the database.
    const stored = await handle.db.select().from(verifications)
    expect(JSON.stringify(stored)).not.toContain(token)

    const pageRequest = new Request(`${SHOP}/reset-password?token=${token}`)
    expect(await isResetTokenUsable(auth, pageRequest, '10.1.1.1', token)).toBe(true)
    expect((await call('/reset-password', { token, newPassword: 'new-password-1' })).status).toBe(200)
    expect(await isResetTokenUsable(auth, pageRequest, '10.1.1.1', token)).toBe(false)
    const reused = await call('/reset-password', { token, newPassword: 'new-password-2' })
    expect(reused).toMatchObject({ status: 400, body: { code: 'INVALID_TOKEN' } })
    expect((await call('/sign-in/email', { email: 'meena@example.in', password: 'new-password-1' })).status).toBe(200)
    // The mailed link proved the address.
    expect((await userRow('meena@example.in'))?.emailVerified).toBe(true)
  })

  it('refuses a reset link after its hour', async () => {
    await signUp('meena@example.in')
    await call('/request-password-reset', { email: 'meena@example.in' })
    const [mail] = await handle.db.select().from(outbox)
    const token = decodeURIComponent(mail!.text.match(/token=(\S+)/)![1]!)
    await handle.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) })
    expect(await isResetTokenUsable(auth, new Request(`${SHOP}/reset-password`), '10.1.1.2', token)).toBe(false)
    expect((await call('/reset-password', { token, newPassword: 'new-password-1' })).status).toBe(400)
  })

  it('creates the first admin from the command line, or promotes an existing account', async () => {
    expect(await createOrPromoteAdmin(handle.db, auth, { email: 'Boss@Kaadu.test', password: 'boss-password' })).toEqual({
      outcome: 'created',
      email: 'boss@kaadu.test',
    })
    expect((await userRow('boss@kaadu.test'))?.role).toBe('admin')
    expect((await call('/sign-in/email', { email: 'boss@kaadu.test', password: 'boss-password' })).status).toBe(200)
    expect((await createOrPromoteAdmin(handle.db, auth, { email: 'boss@kaadu.test', password: undefined })).outcome).toBe('already-admin')

    await signUp('meena@example.in')
    expect((await createOrPromoteAdmin(handle.db, auth, { email: 'meena@example.in', password: undefined })).outcome).toBe('promoted')
    expect((await userRow('meena@example.in'))?.role).toBe('admin')
    // The password stays the customer's own.
    expect((await call('/sign-in/email', { email: 'meena@example.in', password: 'correct-horse' })).status).toBe(200)

    await expect(createOrPromoteAdmin(handle.db, auth, { email: 'new@kaadu.test', password: undefined })).rejects.toThrow(AdminInputError)
    await expect(createOrPromoteAdmin(handle.db, auth, { email: 'new@kaadu.test', password: 'short' })).rejects.toThrow(/at least 8/)
    await expect(createOrPromoteAdmin(handle.db, auth, { email: 'not-an-address', password: 'long-enough' })).rejects.toThrow(/--email/)
  })

  it('guards admin pages and APIs: redirect home, or 403 JSON, for visitors and customers', async () => {
    const context = { shop: { auth }, clientAddress: '127.0.0.1' } as unknown as AppLoadContext
    const cookieOf = (answer: { cookies: string[] }) => answer.cookies.map((c) => c.split(';')[0]).join('; ')
    const customer = cookieOf(await signUpAndIn('meena@example.in'))
    const owner = cookieOf(await signUpAndIn('owner@kaadu.test'))
    const request = (cookie?: string) => new Request(`${SHOP}/dash`, { headers: cookie ? { cookie } : {} })

    for (const cookie of [undefined, customer, 'shop.session_token=forged.token']) {
      const page = await requireAdminPage(request(cookie), context).catch((e: unknown) => e)
      expect(page).toBeInstanceOf(Response)
      expect((page as Response).status).toBe(302)
      expect((page as Response).headers.get('location')).toBe('/')
      const api = await requireAdminApi(request(cookie), context).catch((e: unknown) => e)
      expect((api as Response).status).toBe(403)
      expect(await (api as Response).json()).toEqual({ error: expect.any(String) })
    }
    expect(await getSignedInUser(request(customer), context)).toMatchObject({
      email: 'meena@example.in',
      displayName: 'Meena',
      role: 'user',
    })
    expect(await requireAdminPage(request(owner), context)).toMatchObject({ email: 'owner@kaadu.test', role: 'admin' })
    expect(await requireAdminApi(request(owner), context)).toMatchObject({ email: 'owner@kaadu.test', role: 'admin' })
  })

  it("lists an account's orders by e-mail address, whatever its case, with their lines", async () => {
    const order = (id: string, email: string, status: 'paid' | 'shipped') => ({
      id,
      email,
      status,
      shippingAddress: {},
      subtotalPaise: 10000,
      deliveryPaise: 4000,
      totalPaise: 14000,
      provider: 'test' as const,
      buyerTokenHash: 'x',
      checkoutKey: `key-${id}`,
      expiresAt: new Date(),
    })
    await handle.db
      .insert(orders)
      .values([order('order-a-0000', 'Meena@Example.in', 'paid'), order('order-b-0000', 'someone@else.in', 'shipped')])
    await handle.db
      .insert(orderLines)
      .values({ orderId: 'order-a-0000', productId: 'p', size: 'one', name: 'Ragi Biscuit', unitPricePaise: 5000, quantity: 2 })
    const mine = await ordersForEmail(handle.db, 'meena@example.in')
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({ id: 'order-a-0000', status: 'paid', lines: [{ name: 'Ragi Biscuit', quantity: 2, size: 'one' }] })
    expect(mine[0]!.label).toMatch(/^KO-\d+$/)
  })

  it("gives My orders every line of an order's money, the refunds with them (issue 39)", async () => {
    await handle.db.insert(orders).values({
      id: 'order-m-0000',
      email: 'money@example.in',
      shippingAddress: {},
      status: 'delivered',
      subtotalPaise: 64_900,
      couponCode: 'WELCOME10',
      couponDiscountPaise: 6_490,
      prepaidDiscountPaise: 2_921,
      deliveryPaise: 4_900,
      totalPaise: 64_900 - 6_490 - 2_921 + 4_900,
      provider: 'test',
      buyerTokenHash: 'x',
      checkoutKey: 'key-order-m-0000',
      expiresAt: new Date(),
    })
    await handle.db
      .insert(orderLines)
      .values({ orderId: 'order-m-0000', productId: 'p', size: '500g', name: 'Kaara Thokku', unitPricePaise: 32_450, quantity: 2 })
    const refund = { orderId: 'order-m-0000', items: [], reason: 'Damaged jar', restock: false, speed: 'normal' as const }
    await handle.db.insert(refunds).values([
      { ...refund, id: 'refund-m-1', amountPaise: 10_000, status: 'processed' },
      { ...refund, id: 'refund-m-2', amountPaise: 5_000, status: 'failed' },
    ])
    const [order] = await ordersForEmail(handle.db, 'money@example.in')
    const lines = orderMoneyLines(order!, 'customer', order!)
    expect(lines.map((l) => [l.label, l.shown])).toEqual([
      ['Subtotal', '₹649'],
      ['Coupon WELCOME10', '−₹64.90'],
      ['Paid online, you saved', '−₹29.21'],
      ['Delivery', '₹49'],
      ['Total', '₹603.89'],
      ['Refunded', '−₹100'],
      // A failed transfer is the shop's to send again: the customer is told it is on its way, as on /track.
      ['Refund on its way', '−₹50'],
      ['Paid, after refunds', '₹453.89'],
    ])
    expect(order!.lines).toEqual([{ name: 'Kaara Thokku', size: '500g', quantity: 2, unitPricePaise: 32_450 }])
  })
})
