import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A round-robin load balancer on loopback, as nginx or haproxy would stand in front of several app servers:
 * each request goes to the next backend, with X-Forwarded-For and X-Forwarded-Proto added. It counts what each
 * backend served, so a test can show the traffic really was split.
 */
export type LoadBalancerOptions = {
  /** Send each backend its own address as `Host` (as many balancers do), not the one the client asked for. */
  rewriteHost?: boolean
  /**
   * Whether to lose this request's answer: it is forwarded and answered in full (the backend did its work), then the
   * client's connection is cut without a byte of the answer, as when a proxy or the network fails at the worst time.
   */
  dropAnswer?: (req: http.IncomingMessage) => boolean
}

export async function startLoadBalancer(backends: string[], options: LoadBalancerOptions = {}) {
  let next = 0
  const served = new Map<string, number>(backends.map((b) => [b, 0]))
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
  const server = http.createServer((req, res) => {
    const backend = backends[next++ % backends.length]!
    served.set(backend, served.get(backend)! + 1)
    const target = new URL(req.url ?? '/', backend)
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ')
    const headers = {
      ...req.headers,
      'x-forwarded-for': forwardedFor,
      'x-forwarded-proto': 'http',
      ...(options.rewriteHost ? { host: target.host } : {}),
    }
    const drop = options.dropAnswer?.(req) ?? false
    const upstream = http.request(target, { method: req.method, agent, headers }, (answer) => {
      if (drop) {
        answer.resume()
        answer.on('end', () => req.socket.destroy())
        return
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
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
