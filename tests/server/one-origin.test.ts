import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../support/http-browser'
import { startLoadBalancer } from '../support/load-balancer'
import { startTestServer, type TestServer } from '../support/test-server'

// A balancer that sends each app server its own address as Host (docs/decisions/028-several-servers.md): with
// PUBLIC_URL set, a form posted from the shop's public pages passes every check, ours and React Router's, and
// one from anywhere else is refused with a 403 that says why.

const PUBLIC_URL = 'http://shop.kaadu.test'
const ADMIN = 'owner@kaadu.test'
const EVIL = 'https://evil.example'
const REFUSAL = 'This request came from another site and was refused.'

let server: TestServer
let balancer: Awaited<ReturnType<typeof startLoadBalancer>>

beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_URL, ADMIN_EMAILS: ADMIN, TRUST_PROXY: '1', SEED_DEMO_CATALOGUE: 'never' } })
  balancer = await startLoadBalancer([server.url], { rewriteHost: true })
}, 120_000)

afterAll(async () => {
  await balancer?.close()
  await server?.stop()
})

/** A browser at the shop's public address, reaching it through the balancer. */
const shopper = () => new Browser(balancer.url, undefined, PUBLIC_URL)

describe('one origin rule behind a balancer that rewrites Host', () => {
  it('takes the sign-up form from the public address', async () => {
    const browser = shopper()
    const answer = await browser.signUp('meena@kaadu.test')
    expect(answer.status, answer.text.slice(0, 300)).toBe(200)
    expect([...browser.cookies.keys()].some((name) => /session_token/.test(name))).toBe(true)
  })

  it('takes the sign-in form from the public address', async () => {
    await shopper().signUp('kavya@kaadu.test')
    const browser = shopper()
    const answer = await browser.signIn('kavya@kaadu.test')
    expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(400)
    expect([...browser.cookies.keys()].some((name) => /session_token/.test(name))).toBe(true)
  })

  it('takes an admin form from the public address', async () => {
    const admin = shopper()
    expect((await admin.signUp(ADMIN)).status).toBe(200)
    const saved = await admin.send('/dash/settings', { form: { gstin: '29AAGCB7383J1Z4', gstState: 'Karnataka' } })
    expect(saved.status, saved.text.slice(0, 300)).toBe(200)
    expect(saved.text).toContain('New invoices carry GSTIN 29AAGCB7383J1Z4')
    // And React Router's own data request for the same form (a hydrated page posts to /dash/settings.data).
    const again = await admin.send('/dash/settings.data', { form: { gstin: '33AAGCB7383J1ZF', gstState: 'Tamil Nadu' } })
    expect(again.status, again.text.slice(0, 300)).toBe(200)
    expect((await admin.send('/dash/settings')).text).toContain('33AAGCB7383J1ZF')
  })

  it('refuses a form from another site with a page that says why', async () => {
    const stranger = new Browser(balancer.url, undefined, EVIL)
    for (const answer of [await stranger.signIn('kavya@kaadu.test'), await stranger.signUp('stranger@kaadu.test')]) {
      expect(answer.status).toBe(403)
      expect(answer.headers.get('content-type')).toContain('text/html')
      expect(answer.text).toContain(REFUSAL)
      expect(answer.text).toContain(PUBLIC_URL)
      expect(answer.cookies).toEqual([])
    }
    const api = await stranger.send('/api/auth/sign-in/email', { json: { email: 'kavya@kaadu.test', password: 'correct-horse' } })
    expect(api.status).toBe(403)
    expect(JSON.parse(api.text)).toEqual({ error: REFUSAL })
  })

  it('refuses a form whose Origin is the app server’s own address rather than the public one', async () => {
    const answer = await new Browser(balancer.url, undefined, server.url).signIn('kavya@kaadu.test')
    expect(answer.status).toBe(403)
    expect(answer.text).toContain(REFUSAL)
  })
})
