// Starts the shop: in development through Vite's dev server, in production from ./build.
import compression from 'compression'
import express from 'express'
import expressStaticGzip from 'express-static-gzip'
import fs from 'node:fs'
import zlib from 'node:zlib'

// Settings from .env when there is one (.env.example lists them); variables already set win.
if (fs.existsSync('.env')) process.loadEnvFile('.env')

const isProduction = process.env.NODE_ENV === 'production'

async function loadServerModule() {
  if (isProduction) return { module: await import('./build/server/index.js') }
  const vite = await import('vite').then((v) => v.createServer({ server: { middlewareMode: true } }))
  return { vite, module: await vite.ssrLoadModule('./server/app.ts') }
}

const { vite, module } = await loadServerModule()
const { log } = module
// A crash still ends the process as Node does, but its cause is in the JSON log too.
process.on('uncaughtExceptionMonitor', (err, origin) => log.fatal({ err, origin }, 'The shop crashed'))
let config
try {
  config = module.readConfig()
} catch (err) {
  log.fatal(err.message)
  process.exit(1)
}
log.level = config.LOG_LEVEL
/** How long requests in flight may take to finish after SIGTERM before their connections are closed. */
const SHUTDOWN_GRACE_MS = config.SHUTDOWN_GRACE_SECONDS * 1000
const shop = await module.startShop(config).catch((err) => {
  log.fatal({ err }, `The shop could not start: ${err.message}`)
  process.exit(1)
})

let closing = false
const app = express()
app.disable('x-powered-by')
// First: every request, assets included, gets a request id and its log line.
app.use(module.requestLogging())
// A Host or request target no browser sends (an absolute address, `Host: a<b>`) is answered 400 before any route.
app.use(module.requestTargetCheck())
app.use(module.queryCounting())
if (!vite) {
  // Hashed build assets never change under the same name. Sent as built: brotli or gzip made at build time at the
  // highest level (vite.config.ts). A script or stylesheet needs none of a page's headers (the policy applies to
  // the page that loads it), only nosniff and HSTS: the ~700 bytes of CSP and frame rules on each of a page's ~15
  // files weighed a tenth of its JavaScript (docs/decisions/017-page-speed.md). A missing one falls through to the 404.
  const assets = expressStaticGzip('build/client/assets', {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: { immutable: true, maxAge: '1y', setHeaders: module.assetHeaderSetter(config) },
  })
  // Only reads: for a POST it set a Content-Type before passing it on, and the route's own answer then failed (a 500).
  app.use('/assets', (req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? assets(req, res, next) : next()))
}
// Then the security headers (CSP with this answer's nonce, nosniff, HSTS…), so static assets have them too.
app.use(module.securityHeaderMiddleware(config, shop.payments))
app.use((_req, res, next) => {
  // While closing, a kept-alive connection is not reused: the client opens a new one elsewhere.
  if (closing) res.set('Connection', 'close')
  next()
})
// Brotli at quality 5 rather than the middleware's 4: the home page's HTML comes out 5% smaller (14.6 against 15.4 KB)
// for 0.4 ms more per answer, measured on the demo catalogue.
app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } }))
// The build's only static files are its hashed assets, above; no other path is looked up on disk.
if (vite) app.use(vite.middlewares)
app.use(module.createShopApp(shop, { isClosing: () => closing }))

const server = app.listen(config.PORT, config.HOST, () => {
  const { port } = server.address()
  const shown = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST
  // tests/support/test-server.ts waits for this sentence.
  log.info(
    `The shop is open at http://${shown}:${port} (${shop.databaseKind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL'})`,
  )
})

// Idle kept-alive connections stay open 65 s, longer than clients keep theirs (Node's agent 5 s, load balancers 60 s):
// at 5 s both sides let one go at the same moment, and a POST sent on it as the shop closed it met ECONNRESET.
server.keepAliveTimeout = 65_000

/**
 * SIGTERM (systemd, a container stop) or Ctrl-C: stop accepting connections at once (/readyz answers 503 on
 * the ones still open), let requests in flight finish for up to SHUTDOWN_GRACE_MS, then stop the background
 * jobs and close the database pool.
 */
async function shutdown(signal) {
  if (closing) return
  closing = true
  log.info(`${signal}: closing the shop; requests in flight have ${SHUTDOWN_GRACE_MS / 1000} s to finish.`)
  // Kept-alive connections that finish their request are closed rather than left waiting for another.
  const idleSweep = setInterval(() => server.closeIdleConnections(), 250)
  const force = setTimeout(() => {
    log.warn(`Requests still open after ${SHUTDOWN_GRACE_MS / 1000} s; closing their connections.`)
    server.closeAllConnections()
  }, SHUTDOWN_GRACE_MS)
  force.unref()
  server.close(async () => {
    clearInterval(idleSweep)
    clearTimeout(force)
    // Background jobs and the pool get a bound too: a stuck one must not keep the process from exiting.
    const stuck = setTimeout(() => {
      log.error('Background jobs or the database did not stop within 10 s; exiting anyway.')
      process.exit(1)
    }, 10_000)
    stuck.unref()
    try {
      await shop.stop()
      await vite?.close()
    } catch (err) {
      log.error({ err }, 'Closing the shop failed')
      process.exit(1)
    }
    log.info('The shop is closed.')
    process.exit(0)
  })
  server.closeIdleConnections()
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
process.on('SIGHUP', () => shutdown('SIGHUP'))
// Started by `npm start` (scripts/start.mjs) over an IPC channel: when that process is gone, however it ended,
// close too, rather than keep serving and holding the database's lock with nobody to stop us.
if (process.send) {
  process.channel?.unref()
  process.on('disconnect', () => shutdown('npm start ended'))
}
