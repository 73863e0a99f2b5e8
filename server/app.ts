import 'react-router'
import { createRequestHandler } from '@react-router/express'
import express from 'express'
import { readConfig } from '~/config.server'
import '~/context'
import { ensureImageVariant } from '~/features/media/images.server'
import { MEDIA_FILE_PATTERN } from '~/features/media/media-url'
import { type Shop, startShop } from '~/shop.server'
import { CROSS_SITE_REFUSAL, isAllowedOrigin } from '~/http/same-origin.server'
import { SHELVES } from '~/features/catalogue/categories'

/** The spec's route table spells paths with capitals (/Cart-page); any other casing redirects there. */
const CANONICAL_PATHS = new Map(
  [...SHELVES.map((s) => s.path), '/Cart-page', '/Signup', '/Signin', '/Admin', '/Delete', '/contact', '/product', '/address', '/checkout', '/payment', '/order-success'].map(
    (p) => [p.toLowerCase(), p],
  ),
)

/** Builds the shop's Express app around a started shop; server.js owns listening and shutdown. */
export function createShopApp(shop: Shop) {
  const app = express()
  app.disable('x-powered-by')
  // Which X-Forwarded-* headers to believe: only those of proxies TRUST_PROXY names (req.ip, req.protocol).
  app.set('trust proxy', shop.config.TRUST_PROXY)

  app.get('/healthz', (_req, res) => {
    res.type('text/plain').send('ok')
  })

  // Over-long addresses are refused before any route parses them.
  app.use((req, res, next) => {
    if (req.originalUrl.length > 2048) {
      res.status(414).type('text/plain').send('The address is too long.')
      return
    }
    next()
  })

  // Changes come only from the shop's own pages (docs/decisions/010-cross-origin-guard.md). Its origin is
  // PUBLIC_URL when given, else the one the request was addressed to, as for better-auth's trustedOrigins.
  app.use((req, res, next) => {
    const ownOrigin = shop.config.PUBLIC_URL_SET ? shop.config.PUBLIC_URL : `${req.protocol}://${req.host}`
    if (isAllowedOrigin({ method: req.method, path: req.path, headers: req.headers, ownOrigin })) {
      next()
      return
    }
    res.status(403).set('Cache-Control', 'no-store')
    if (req.path.toLowerCase().startsWith('/api/')) res.json({ error: CROSS_SITE_REFUSAL })
    else res.type('text/plain').send(CROSS_SITE_REFUSAL)
  })

  // The spec's paths keep their capitals; other spellings of them redirect there.
  app.use((req, res, next) => {
    const canonical = CANONICAL_PATHS.get(req.path.toLowerCase())
    if (canonical && canonical !== req.path && (req.method === 'GET' || req.method === 'HEAD')) {
      const queryStart = req.originalUrl.indexOf('?')
      res.redirect(301, canonical + (queryStart >= 0 ? req.originalUrl.slice(queryStart) : ''))
      return
    }
    next()
  })

  app.get('/media/:file', async (req, res) => {
    const file = req.params.file
    const exists = MEDIA_FILE_PATTERN.test(file) && (await ensureImageVariant(shop.media, file))
    const stored = exists ? await shop.media.open(file) : null
    if (!stored) {
      res.status(404).type('text/plain').send('Not found')
      return
    }
    res.set({
      'Content-Type': 'image/webp',
      'Content-Length': String(stored.size),
      // Named by content hash: a changed picture gets a new name.
      'Cache-Control': 'public, max-age=31536000, immutable',
    })
    stored.stream.pipe(res)
  })

  app.use(
    createRequestHandler({
      build: () => import('virtual:react-router/server-build'),
      getLoadContext: (req) => ({ shop, clientAddress: req.ip ?? req.socket.remoteAddress ?? '' }),
    }),
  )
  return app
}

export { readConfig, startShop }
// For scripts/admin-create.mjs.
export { openDatabase, DataDirectoryBusyError } from '~/db/client.server'
export { startAuth } from '~/shop.server'
export { createOrPromoteAdmin, AdminInputError } from '~/features/accounts/accounts.server'
// For scripts/db-copy.mjs, db-backup.mjs and db-restore.mjs.
export { copyDatabase, writeBackup, restoreBackup, TransferError } from '~/db/transfer.server'
