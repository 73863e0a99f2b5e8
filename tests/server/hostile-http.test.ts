// Hostile HTTP against the built shop (issue 14): bodies sent without a length, Host headers and request targets
// no browser sends, the page cache asked for under another host, and the headers that keep private answers out of
// shared caches and the browser's features away from the pages.
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../support/http-browser'
import { startTestServer, type TestServer } from '../support/test-server'

const ADMIN = 'owner@hostile-http.test'
const MiB = 1024 * 1024
/** What the client writes at a time; Node hands the server's request stream at most 64 KiB at a time. */
const CHUNK = 64 * 1024

let server: TestServer
let port: number

beforeAll(async () => {
  // A long page-cache freshness: a poisoned copy would still be there for the next visitor.
  server = await startTestServer({ env: { ADMIN_EMAILS: ADMIN, TRUST_PROXY: '1', RATE_LIMIT: 'on', PAGE_CACHE_SECONDS: '60' } })
  port = Number(new URL(server.url).port)
}, 180_000)

afterAll(async () => {
  await server?.stop()
})

/** The shop process's resident memory, in bytes. */
function residentBytes() {
  const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8')
  return Number(status.match(/^VmRSS:\s+(\d+) kB/m)![1]) * 1024
}

/**
 * Posts up to `totalBytes` with Transfer-Encoding: chunked (no Content-Length), as fast as the server takes them,
 * until the server answers. Reports what was sent by then, the answer, and the server's highest memory meanwhile.
 */
async function chunkedPost(path: string, head: string, totalBytes: number, contentType: string) {
  const filler = Buffer.alloc(CHUNK, 'a')
  let peak = residentBytes()
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes())), 20)
  let sent = 0
  let sentWhenAnswered = -1
  try {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': contentType, origin: server.url, 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 200) + 1}` },
      })
      let answered = false
      request.on('response', (response) => {
        answered = true
        sentWhenAnswered = sent
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (d: string) => (body += d.slice(0, 100_000)))
        response.on('end', () => resolve({ status: response.statusCode!, body }))
        response.on('error', () => resolve({ status: response.statusCode!, body }))
      })
      // Once the server has answered it may stop reading and close: a write error then is expected.
      request.on('error', (err) => (answered ? undefined : reject(err)))
      // Whichever comes first ends the wait, and its partner is taken off: left on, a 'close' listener per wait piled
      // up (Node's MaxListenersExceededWarning after ten).
      const drainedOrClosed = () =>
        new Promise<void>((resolve) => {
          const done = () => {
            request.off('drain', done).off('close', done)
            resolve()
          }
          request.once('drain', done).once('close', done)
        })
      const write = async () => {
        request.write(head)
        sent += head.length
        while (sent < totalBytes && !answered && !request.destroyed) {
          if (!request.write(filler)) await drainedOrClosed()
          sent += filler.length
        }
        if (!answered && !request.destroyed) request.end()
      }
      void write()
    })
    return { ...answer, sentWhenAnswered, peak }
  } finally {
    clearInterval(sampler)
  }
}

/**
 * Bytes the shop read of a refused body, from its log line. The line may reach the shop's standard output a moment
 * after the 413 reached the client (a loaded machine showed it), so it is waited for.
 */
async function bytesReadWhenRefused(path: string) {
  const lines = () =>
    server
      .stdout()
      .split('\n')
      .filter((l) => l.includes('body too large') && l.includes(path))
  await expect.poll(() => lines().length, { message: `a log line for the refused body to ${path}`, timeout: 5000 }).toBeGreaterThan(0)
  return JSON.parse(lines().at(-1)!) as { bytesRead: number; limit: number }
}

describe('bodies without a declared length', () => {
  it('refuses a 134 MB chunked contact form after its limit plus one chunk, with 413, and memory stays put', async () => {
    const before = residentBytes()
    const answer = await chunkedPost(
      '/contact',
      'name=x&email=a%40b.test&phone=9876543210&message=',
      134 * MiB,
      'application/x-www-form-urlencoded',
    )
    expect(answer.status).toBe(413)
    // The page answers with the form's own message, not the text echoed back.
    expect(answer.body.length).toBeLessThan(200_000)
    expect(answer.sentWhenAnswered).toBeGreaterThan(0)
    // What the client had written when answered: the limit, one chunk, what the two sockets' buffers hold, and what a
    // busy machine lets it push before the answer is read (17.0 MiB once, beside the load test on 2 cores). What the
    // server read is checked exactly below.
    expect(answer.sentWhenAnswered).toBeLessThan(32 * MiB)
    const { bytesRead, limit } = await bytesReadWhenRefused('/contact')
    expect(bytesRead).toBeLessThanOrEqual(limit + CHUNK)
    expect(answer.peak - before).toBeLessThan(50 * MiB)
  }, 120_000)

  it('refuses a 268 MB chunked webhook after its limit plus one chunk, with 413, and memory stays put', async () => {
    const before = residentBytes()
    const answer = await chunkedPost('/api/payment/webhook', '{"event":"payment.captured","payload":"', 268 * MiB, 'application/json')
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toHaveProperty('error')
    expect(answer.sentWhenAnswered).toBeLessThan(32 * MiB)
    const { bytesRead, limit } = await bytesReadWhenRefused('/api/payment/webhook')
    expect(bytesRead).toBeLessThanOrEqual(limit + CHUNK)
    expect(answer.peak - before).toBeLessThan(50 * MiB)
    // The shop still answers at once.
    const started = Date.now()
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    expect(Date.now() - started).toBeLessThan(1000)
  }, 120_000)

  it('counts an oversized or invalid contact post against the rate limit before reading it', async () => {
    const visitor = new Browser(server.url, '198.18.0.7')
    const tooLong = { name: 'Selvi', email: 'selvi@example.in', phone: '+91 98400 11223', message: 'a'.repeat(40_000) }
    for (let i = 0; i < 3; i++) expect((await visitor.send('/contact', { form: tooLong })).status).toBe(413)
    for (let i = 0; i < 2; i++) expect((await visitor.send('/api/contact', { json: { name: '' } })).status).toBe(400)
    const refused = await visitor.send('/contact', { form: { ...tooLong, message: 'Do you ship to Ooty?' } })
    expect(refused.status).toBe(429)
  })

  it('counts tracking tries that are not even valid', async () => {
    const visitor = new Browser(server.url, '198.18.0.8')
    for (let i = 0; i < 10; i++) expect((await visitor.send('/track', { form: { order: '', contact: '' } })).status).toBe(400)
    expect((await visitor.send('/track', { form: { order: 'KO-1234', contact: '9876543210' } })).status).toBe(429)
  })
})

/** Sends raw bytes (ending with Connection: close or HTTP/1.0) and answers the status of the first response, or 0 when the connection closed without one. */
function rawRequest(text: string) {
  return new Promise<number>((resolve, reject) => {
    // Not end(): a client that half-closes before a slow page is ready may get no answer at all.
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text))
    socket.setTimeout(10_000, () => socket.destroy())
    let received = ''
    socket.setEncoding('latin1')
    socket.on('data', (d: string) => (received += d))
    socket.on('error', reject)
    socket.on('close', () => resolve(Number(received.match(/^HTTP\/1\.[01] (\d{3})/)?.[1] ?? 0)))
  })
}

describe('Host headers and request targets', () => {
  it.each(['a<b>', 'a b', 'x:99999', '[::1', '%00', 'shop.example:0', 'a/b'])('answers Host: %s with 400', async (host) => {
    expect(await rawRequest(`GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).toBe(400)
  })

  it('answers an empty Host over HTTP/1.0 with 400', async () => {
    expect(await rawRequest('GET / HTTP/1.0\r\nHost: \r\n\r\n')).toBe(400)
  })

  it('answers an absolute-form request target with 400', async () => {
    expect(await rawRequest('GET http://evil.example/ HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n')).toBe(400)
    expect(
      await rawRequest(
        `POST http://127.0.0.1:${port}/api/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      ),
    ).toBe(400)
  })

  it('still serves ordinary hosts: a name, an address with its port, an IPv6 address', async () => {
    for (const host of ['shop.example', `127.0.0.1:${port}`, '[::1]:3000', 'localhost']) {
      expect(await rawRequest(`GET /healthz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`), host).toBe(200)
    }
  })
})

describe('kept-alive connections', () => {
  it('keeps an idle connection open longer than a client keeps its own (Node’s agent: 5 s), so a reused one is not cut under a request', async () => {
    // With both at 5 s, a POST sent on a connection as the shop closed it met ECONNRESET (a Playwright run, 26 Nov).
    const agent = new http.Agent({ keepAlive: true })
    const header = await new Promise<string>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/healthz', agent }, (res) => {
          res.resume()
          resolve(String(res.headers['keep-alive']))
        })
        .on('error', reject)
    })
    agent.destroy()
    expect(Number(header.match(/timeout=(\d+)/)?.[1])).toBeGreaterThanOrEqual(60)
  })
})

describe('methods no route has', () => {
  it('answers OPTIONS and TRACE with 405 and Allow, without an error in the log', async () => {
    const errorsBefore = server
      .stdout()
      .split('\n')
      .filter((l) => l.includes('"level":"error"') || l.includes('"level":50')).length
    for (const method of ['OPTIONS', 'TRACE', 'PROPFIND']) {
      const answer = await rawRequest(`${method} /contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`)
      expect(answer, method).toBe(405)
    }
    const allow = (await fetch(`${server.url}/`, { method: 'OPTIONS' })).headers.get('allow')
    expect(allow).toContain('GET')
    const errorsAfter = server
      .stdout()
      .split('\n')
      .filter((l) => l.includes('"level":"error"') || l.includes('"level":50')).length
    expect(errorsAfter).toBe(errorsBefore)
  })

  it('answers a POST to a page that has no form with 405, and logs no error for it (a scanner filled the log)', async () => {
    const errors = () =>
      server
        .stdout()
        .split('\n')
        .filter((l) => l.includes('"level":"error"') || l.includes('"level":50')).length
    const before = errors()
    // With this browser's form token (decision 034), so it is the missing form that answers.
    const visitor = new Browser(server.url)
    for (const path of ['/search?q=amla', '/herb-ro', '/product']) {
      const answer = await visitor.send(path, { form: { q: 'x' } })
      expect(answer.status, path).toBe(405)
      expect(answer.text, path).not.toMatch(/at \S+ \(.*:\d+:\d+\)/)
    }
    expect(errors()).toBe(before)
  })
})

describe('posts to a built script', () => {
  it('answers 404 or 405, not 500', async () => {
    const script = (await (await fetch(`${server.url}/`)).text()).match(/\/assets\/[\w-]+\.js/)![0]
    const answer = await new Browser(server.url).send(script, { form: { x: '1' } })
    expect([404, 405]).toContain(answer.status)
  })
})

describe('the page cache and the Host header', () => {
  it('never gives a normal visitor a page rendered for another host', async () => {
    // fetch() sends its own Host; a raw request sends the attacker's, first, so its copy would be the one kept.
    expect(await rawRequest(`GET /herb-ro HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`)).toBe(200)
    const normal = await (await fetch(`${server.url}/herb-ro`)).text()
    expect(normal).toContain('rel="canonical"')
    expect(normal).not.toContain('evil.example')
  })
})

describe('headers', () => {
  it('keeps signed-in and admin answers, pages and their data, out of every cache', async () => {
    const owner = new Browser(server.url, '198.18.0.20')
    expect((await owner.signUp(ADMIN)).status).toBe(200)
    for (const path of [
      '/',
      '/dash',
      '/dash.data',
      '/dash/orders',
      '/my-orders',
      '/my-orders.data',
      '/herb-ro',
      '/herb-ro.data',
      '/api/products',
    ]) {
      const answer = await owner.send(path)
      expect(answer.headers.get('cache-control'), path).toMatch(/\bprivate\b.*\bno-store\b|\bno-store\b.*\bprivate\b/)
    }
  })

  it('does not mark a visitor’s catalogue pages private', async () => {
    const answer = await fetch(`${server.url}/herb-ro`)
    expect(answer.headers.get('cache-control') ?? '').not.toContain('private')
  })

  it('sends a Permissions-Policy on pages, data, the API, errors and media refusals', async () => {
    for (const path of ['/', '/herb-ro.data', '/api/products', '/no-such-page', '/media/nothing.webp', '/healthz']) {
      const policy = (await fetch(`${server.url}${path}`)).headers.get('permissions-policy')
      expect(policy, path).toContain('camera=()')
      expect(policy, path).toContain('microphone=()')
      expect(policy, path).toContain('geolocation=()')
      expect(policy, path).toMatch(/payment=\(self\b/)
    }
  })
})
