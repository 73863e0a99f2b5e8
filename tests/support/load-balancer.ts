import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A round-robin load balancer on loopback, as nginx or haproxy would stand in front of several app servers:
 * each request goes to the next backend, with X-Forwarded-For and X-Forwarded-Proto added. It counts what each
 * backend served, so a test can show the traffic really was split.
 */
export async function startLoadBalancer(backends: string[]) {
  let next = 0
  const served = new Map<string, number>(backends.map((b) => [b, 0]))
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
  const server = http.createServer((req, res) => {
    const backend = backends[next++ % backends.length]!
    served.set(backend, served.get(backend)! + 1)
    const target = new URL(req.url ?? '/', backend)
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ')
    const upstream = http.request(
      target,
      { method: req.method, agent, headers: { ...req.headers, 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'http' } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' })
      res.end(`Bad gateway: ${err.message}`)
    })
    req.pipe(upstream)
  })
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)))
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
