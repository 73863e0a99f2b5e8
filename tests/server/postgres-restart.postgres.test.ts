import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster'
import { startSmtpSink } from '../support/smtp-sink'
import { startTestServer, type TestServer } from '../support/test-server'

// PostgreSQL restarts (an upgrade, a failover, a crash) under light traffic: while it is away every request
// that fails says so kindly with 503 (a page, or JSON for the API), never 500 and never a stack; once it is
// back, every request succeeds again without restarting the shop. It runs on a PostgreSQL server of its own,
// so the server the other tests share never stops.

type Answer = {
  path: string
  status: number
  type: string
  retryAfter: string | null
  routerMarker: boolean
  body: string
  startedAt: number
}

// A page, the API, the readiness check, and the page's data as React Router's client asks for it on navigation.
const PATHS = ['/herb-ro', '/api/products', '/readyz', '/herb-ro.data']
const STACK = /\bat .+:\d+:\d+|node_modules|\.server\.ts|Failed query|ECONNREFUSED/

describe('PostgreSQL restarting under traffic', () => {
  let cluster: PostgresCluster
  let server: TestServer
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>
  beforeAll(async () => {
    cluster = await startPostgresCluster()
    // With SMTP the outbox worker polls every 2 s: the background jobs meet the outage too.
    smtp = await startSmtpSink()
    server = await startTestServer({ env: { DATABASE_URL: cluster.url, SEED_DEMO_CATALOGUE: 'auto', SMTP_URL: smtp.url } })
  }, 150_000)
  afterAll(async () => {
    await server?.stop()
    await smtp?.close()
    await cluster?.destroy()
  })

  /** A request every ~100 ms, round the three paths, until stopped; each answer is kept. */
  function lightTraffic() {
    const answers: Answer[] = []
    let stopped = false
    const done = (async () => {
      for (let i = 0; !stopped; i++) {
        const path = PATHS[i % PATHS.length]!
        const startedAt = Date.now()
        const response = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(20_000) })
        answers.push({
          path,
          status: response.status,
          type: response.headers.get('content-type') ?? '',
          retryAfter: response.headers.get('retry-after'),
          routerMarker: response.headers.has('x-remix-response'),
          body: await response.text(),
          startedAt,
        })
        await new Promise((r) => setTimeout(r, 100))
      }
    })()
    return {
      answers,
      /** Answers to the requests sent from `from` on. */
      since: (from: number) => answers.filter((a) => a.startedAt >= from),
      async stop() {
        stopped = true
        await done
      },
    }
  }

  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

  async function waitUntilReady(timeoutMs = 30_000) {
    const until = Date.now() + timeoutMs
    for (;;) {
      const response = await fetch(`${server.url}/readyz`)
      if (response.status === 200) return
      if (Date.now() > until)
        throw new Error(`/readyz still ${response.status} ${timeoutMs} ms after PostgreSQL came back: ${await response.text()}`)
      await pause(200)
    }
  }

  function expectKindRefusals(outage: Answer[], downAt: number) {
    expect(outage.length).toBeGreaterThanOrEqual(15)
    for (const answer of outage) {
      expect(answer.body, `${answer.path} during the outage`).not.toMatch(STACK)
      expect([200, 503], `${answer.path} answered ${answer.status}: ${answer.body.slice(0, 300)}`).toContain(answer.status)
    }
    const failed = outage.filter((a) => a.status === 503)
    for (const path of PATHS)
      expect(
        failed.some((a) => a.path === path),
        `no 503 for ${path}`,
      ).toBe(true)
    for (const answer of failed) {
      if (answer.path === '/herb-ro') {
        expect(answer.type).toMatch(/^text\/html/)
        expect(answer.body).toContain('The shop is having a short rest')
        expect(answer.body).toContain('please try again in a minute')
        expect(answer.retryAfter).toBe('30')
      } else if (answer.path === '/api/products') {
        expect(answer.type).toMatch(/^application\/json/)
        expect(JSON.parse(answer.body)).toEqual({ error: expect.stringContaining('try again in a minute') })
        expect(answer.retryAfter).toBe('30')
      } else if (answer.path === '/herb-ro.data') {
        // Without React Router's marker header, its client shows the 503 as a route error: app/root.tsx's
        // error boundary, with the same words.
        expect(answer.routerMarker).toBe(false)
        expect(answer.body).toContain('please try again in a minute')
        expect(answer.retryAfter).toBe('30')
      } else {
        expect(JSON.parse(answer.body)).toEqual({ status: 'unavailable', reason: expect.any(String) })
      }
    }
    // A page or the API rendered just before the outage may be sent from the page cache for the rest of its second
    // (PAGE_CACHE_SECONDS, docs/decisions/017-page-speed.md); after that nothing can be read: the pages and the
    // API fail (not a stale success).
    const afterCopiesExpired = outage.filter((a) => a.path !== '/readyz' && a.startedAt >= downAt + 1_500)
    expect(afterCopiesExpired.length).toBeGreaterThanOrEqual(10)
    expect(afterCopiesExpired.every((a) => a.status === 503)).toBe(true)
  }

  function expectAllWell(after: Answer[]) {
    expect(after.length).toBeGreaterThanOrEqual(15)
    for (const answer of after) expect(answer.status, `${answer.path} after the restart: ${answer.body.slice(0, 300)}`).toBe(200)
    expect(after.filter((a) => a.path === '/readyz').every((a) => JSON.parse(a.body).status === 'ready')).toBe(true)
    expect(after.find((a) => a.path === '/herb-ro')!.body).toContain('HERBAL PRODUCTS')
    expect((JSON.parse(after.find((a) => a.path === '/api/products')!.body) as { products: unknown[] }).products.length).toBeGreaterThan(0)
  }

  it('answers 503 with a clear message while it is away, and everything succeeds once it is back, in the same process', async () => {
    const pid = server.child.pid
    const traffic = lightTraffic()
    try {
      await pause(2_000)
      expect(traffic.answers.length).toBeGreaterThan(0)
      expect(traffic.answers.every((a) => a.status === 200)).toBe(true)

      for (const mode of ['fast', 'immediate'] as const) {
        // Down for a few seconds: a clean shutdown first, then one like a crash.
        await cluster.stop(mode)
        const downAt = Date.now()
        await pause(4_000)
        const outage = traffic.since(downAt)
        await cluster.start()
        expectKindRefusals(outage, downAt)

        // Back: a few seconds to notice, then every request succeeds.
        await waitUntilReady()
        const backAt = Date.now()
        await pause(3_000)
        expectAllWell(traffic.since(backAt))
      }
    } finally {
      await traffic.stop()
    }

    // The same process answered throughout.
    expect(server.child.exitCode).toBeNull()
    expect(server.child.pid).toBe(pid)
    const lines = server
      .stdout()
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { msg: string; reqId?: string; level: string })
    expect(lines.filter((l) => /The shop is open at/.test(l.msg))).toHaveLength(1)
    // The failures were logged as warnings on their requests' ids, not as crashes.
    const warnings = lines.filter((l) => l.msg === 'The database is unavailable')
    expect(warnings.length).toBeGreaterThan(0)
    for (const warning of warnings) expect(warning.reqId).toBeTruthy()
    expect(lines.some((l) => l.level === 'fatal')).toBe(false)
    expect(server.output()).not.toMatch(/Uncaught|unhandled/i)
  }, 150_000)
})
