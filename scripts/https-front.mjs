// A loopback stand-in for the TLS front of docs/deploy.md (nginx `listen 443 ssl http2`): HTTPS and HTTP/2 on a
// port of its own, every request passed to the shop over HTTP/1.1 as nginx's proxy_pass does. The benchmark's
// Lighthouse runs load pages through it, so they see the protocol a customer's phone gets (decision 044).
import http from 'node:http'
import http2 from 'node:http2'
import selfsigned from 'selfsigned'

/** Headers of one HTTP/1.1 connection that HTTP/2 forbids (RFC 9113 §8.2.2), and the Host the front sets itself. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'host'])

/**
 * Starts the front for the shop at `target` (`http://127.0.0.1:port`) with a certificate made for this run; the
 * browser that loads through it must be started with `--ignore-certificate-errors`.
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startHttpsFront(target) {
  const upstream = new URL(target)
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 24 * 3600 * 1000),
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  })
  const sessions = new Set()
  const server = http2.createSecureServer({ key: pems.private, cert: pems.cert, allowHTTP1: true }, (req, res) => {
    const headers = { host: req.headers[':authority'] ?? req.headers.host ?? upstream.host }
    for (const [name, value] of Object.entries(req.headers)) {
      if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value
    }
    // As deploy.md's nginx sets them; the benchmark's shop runs with TRUST_PROXY=1.
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '127.0.0.1'
    headers['x-forwarded-proto'] = 'https'
    const forwarded = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        const out = {}
        for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) out[name] = value
        res.writeHead(answer.statusCode ?? 502, out)
        answer.pipe(res)
      },
    )
    forwarded.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' })
      res.end(`The shop did not answer the front: ${err.message}`)
    })
    req.pipe(forwarded)
  })
  server.on('session', (session) => {
    sessions.add(session)
    session.on('close', () => sessions.delete(session))
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
  return {
    url: `https://localhost:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const session of sessions) session.destroy()
        server.close(() => resolve())
      }),
  }
}
