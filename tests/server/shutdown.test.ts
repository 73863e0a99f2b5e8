import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/test-server'

// SIGTERM (systemd, a container stop, a rolling upgrade): the shop stops taking connections at once, lets the
// requests in flight finish, and exits with 0. server.js gives them 10 s, or SHUTDOWN_GRACE_SECONDS.

type ApiProduct = { id: string; price?: number; stockCount: number }

let server: TestServer | undefined
afterEach(async () => {
  await server?.stop()
  server = undefined
})

function exitOf(child: TestServer['child']) {
  return new Promise<{ code: number | null; at: number }>((resolve) => {
    if (child.exitCode !== null) resolve({ code: child.exitCode, at: Date.now() })
    else child.once('exit', (code) => resolve({ code, at: Date.now() }))
  })
}

/** A raw connection, to send a request in pieces and read every answer on it until the server closes it. */
async function openConnection(url: string) {
  const { hostname, port } = new URL(url)
  const socket = net.connect(Number(port), hostname)
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  let received = ''
  socket.setEncoding('utf8')
  socket.on('data', (d: string) => (received += d))
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  socket.on('error', () => {})
  return {
    socket,
    received: () => received,
    closed,
    async waitFor(pattern: RegExp, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs
      while (!pattern.test(received)) {
        if (Date.now() > until) throw new Error(`Waited ${timeoutMs} ms for ${pattern} on the connection; got:\n${received}`)
        await new Promise((r) => setTimeout(r, 20))
      }
    },
  }
}

/** Whether a new connection to the server is refused. */
function refusesConnections(url: string) {
  const { hostname, port } = new URL(url)
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(port), hostname)
    socket.once('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'))
  })
}

async function waitUntilRefused(url: string, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs
  while (!(await refusesConnections(url))) {
    if (Date.now() > until) throw new Error(`Still accepting connections ${timeoutMs} ms after SIGTERM`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** The status codes of the HTTP answers in a connection's raw text, interim 100 Continue included. */
const statusesIn = (text: string) => [...text.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1]))

describe('graceful shutdown on SIGTERM', () => {
  it('finishes a request still being sent, refuses new connections meanwhile, answers /readyz 503, and exits with 0', async () => {
    server = await startTestServer()
    const { products } = (await (await fetch(`${server.url}/api/products`)).json()) as { products: ApiProduct[] }
    const product = products.find((p) => p.price !== undefined && p.stockCount >= 1)!
    const body = JSON.stringify({ items: [{ productId: product.id, quantity: 1 }] })
    const half = Math.floor(body.length / 2)

    // A kept-alive connection with nothing in flight: closed at once, so it holds nothing up.
    const idle = await openConnection(server.url)
    idle.socket.write(`GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n`)
    await idle.waitFor(/\r\n\r\nok$/)

    // A cart quote whose body is half sent. The server's 100 Continue says it is already handling it.
    const slow = await openConnection(server.url)
    slow.socket.write(
      `POST /api/cart/quote HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
    )
    await slow.waitFor(/^HTTP\/1\.1 100 Continue\r\n\r\n/)
    slow.socket.write(body.slice(0, half))

    const ready = await fetch(`${server.url}/readyz`)
    expect([ready.status, await ready.json(), ready.headers.get('cache-control')]).toEqual([200, { status: 'ready' }, 'no-store'])

    const exited = exitOf(server.child)
    const signalledAt = Date.now()
    server.child.kill('SIGTERM')

    await waitUntilRefused(server.url)
    await idle.closed
    // The request keeps its connection while its client takes its time.
    await new Promise((r) => setTimeout(r, 1_500))
    expect(server.child.exitCode).toBeNull()
    expect(slow.socket.destroyed).toBe(false)

    // The rest of the body, and, on the same connection, a readiness question of a load balancer.
    slow.socket.write(`${body.slice(half)}GET /readyz HTTP/1.1\r\nHost: localhost\r\n\r\n`)
    await slow.closed
    const answers = slow.received()
    expect(statusesIn(answers)).toEqual([100, 200, 503])
    expect(answers).toContain('"subtotalPaise"')
    expect(answers).toContain('"status":"closing"')

    const { code, at } = await exited
    expect(code).toBe(0)
    expect(at - signalledAt).toBeLessThan(10_000)
    expect(server.output()).toMatch(/The shop is closed\./)
  })

  it('does not wait longer than its bound for a client that never finishes', async () => {
    // A grace of 3 s instead of the default 10: the bound is the point, not its length.
    server = await startTestServer({ env: { SHUTDOWN_GRACE_SECONDS: '3' } })
    const stuck = await openConnection(server.url)
    stuck.socket.write(
      `POST /api/cart/quote HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n`,
    )
    await stuck.waitFor(/^HTTP\/1\.1 100 Continue\r\n\r\n/)
    stuck.socket.write('{"items":')

    const exited = exitOf(server.child)
    const signalledAt = Date.now()
    server.child.kill('SIGTERM')
    await waitUntilRefused(server.url)

    const { code, at } = await exited
    await stuck.closed
    expect(code).toBe(0)
    // 3 s of grace, then the connection is closed and the shop stops; some slack for a busy machine.
    expect(at - signalledAt).toBeGreaterThanOrEqual(2_500)
    expect(at - signalledAt).toBeLessThan(10_000)
    expect(server.output()).toMatch(/Requests still open after 3 s/)
  }, 60_000)

  it('refuses a grace that is not a whole number of seconds from 1 to 300, naming the variable', async () => {
    const refusals = {
      abc: 'Invalid input: expected number, received NaN',
      '0': 'Too small: expected number to be >=1',
      '1.5': 'Invalid input: expected int, received number',
      '301': 'Too big: expected number to be <=300',
    }
    for (const [value, why] of Object.entries(refusals)) {
      await expect(startTestServer({ env: { SHUTDOWN_GRACE_SECONDS: value } })).rejects.toThrow(`SHUTDOWN_GRACE_SECONDS: ${why}`)
    }
  })
})
