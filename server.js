// Starts the shop: in development through Vite's dev server, in production from ./build.
import compression from 'compression'
import express from 'express'

const isProduction = process.env.NODE_ENV === 'production'

async function loadServerModule() {
  if (isProduction) return { module: await import('./build/server/index.js') }
  const vite = await import('vite').then((v) => v.createServer({ server: { middlewareMode: true } }))
  return { vite, module: await vite.ssrLoadModule('./server/app.ts') }
}

const { vite, module } = await loadServerModule()
let config
try {
  config = module.readConfig()
} catch (err) {
  console.error(err.message)
  process.exit(1)
}
const shop = await module.startShop(config).catch((err) => {
  console.error(`The shop could not start: ${err.message}`)
  process.exit(1)
})

const app = express()
app.disable('x-powered-by')
app.use(compression())
if (vite) {
  app.use(vite.middlewares)
} else {
  // Hashed build assets never change under the same name.
  app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }))
  app.use(express.static('build/client', { maxAge: '1h' }))
}
app.use(module.createShopApp(shop))

const server = app.listen(config.PORT, config.HOST, () => {
  const { port } = server.address()
  const shown = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST
  console.log(`The shop is open at http://${shown}:${port} (${shop.databaseKind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL'})`)
})

let closing = false
async function shutdown(signal) {
  if (closing) return
  closing = true
  console.log(`${signal}: closing the shop...`)
  const force = setTimeout(() => {
    console.error('Requests still open after 10 s; closing anyway.')
    server.closeAllConnections()
  }, 10_000)
  force.unref()
  server.close(async () => {
    await shop.stop().catch((err) => console.error(err))
    await vite?.close()
    process.exit(0)
  })
  server.closeIdleConnections()
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
