import crypto from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { type AppLoadContext, createRequestHandler } from 'react-router'
import express from 'express'
import { pinoHttp } from 'pino-http'
import { pipeline } from 'node:stream'
import { readConfig } from '~/config.server'
import '~/context'
import { checkDatabaseReady } from '~/db/client.server'
import { countQueries, queriesOf } from '~/db/query-count.server'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '~/db/unavailable.server'
import { databaseUnavailableMessage, databaseUnavailableTitle } from '~/components/layout/error-page'
import { m } from '~/i18n/paraglide/messages.js'
import { DEFAULT_SHOP_SETTINGS } from '~/features/settings/shop-settings'
import { log } from '~/log.server'
import { ensureImageVariant } from '~/features/media/images.server'
import { MEDIA_FILE_PATTERN } from '~/features/media/media-url'
import { type Shop, startShop } from '~/shop.server'
import { browserSourcesOf, type PaymentProviders } from '~/features/payments/registry.server'
import { crossSiteRefusal, isAllowedOrigin } from '~/http/same-origin.server'
import { assetHeaders, newNonce, securityHeaders, securityHeaderSettings } from '~/http/security-headers.server'
import { type CachedPage, PageCache, etagOf, hasShopCookie, isCataloguePath, isPrivateAnswer, matchesEtag } from '~/http/page-cache.server'
import { SHELVES } from '~/features/catalogue/categories'
import { faviconIco } from '~/features/findability/favicon-ico.server'
import { writeBodyToResponse } from './send-response'
import { requestTargetProblem } from '~/http/request-target.server'
import { type BodyTooLarge, bodyLimitFor, drainThenClose, limitedBody } from '~/http/body-reader.server'
import { formTokenAdvice, formTokenRefusalMessage } from '~/http/form-token'
import {
  formKeyCookie,
  formKeyOf,
  formTokenFor,
  formTokenInBody,
  isFormTokenValid,
  needsFormToken,
  newFormKey,
} from '~/http/form-token.server'
import { appSecret } from '~/features/settings/app-secrets.server'
import { isbot } from 'isbot'
import {
  type Language,
  LANGUAGE_TAGS,
  TAMIL_BASE,
  currentLanguage,
  languageOfPath,
  pathInLanguage,
  pathWithoutLanguage,
} from '~/i18n/language'
import { inLanguage } from '~/i18n/language.server'
import { languageOfRequest, languageRedirect } from '~/i18n/request-language.server'

/** The spec's route table spells paths with capitals (/Cart-page); any other casing redirects there. */
const CANONICAL_PATHS = new Map(
  [
    ...SHELVES.map((s) => s.path),
    '/Cart-page',
    '/Signup',
    '/Signin',
    '/Admin',
    '/Delete',
    '/contact',
    '/product',
    '/address',
    '/checkout',
    '/payment',
    '/order-success',
  ].map((p) => [p.toLowerCase(), p]),
)

export { log }

/** A request id a client or proxy may choose: short and plain, so it is safe in a log line and a header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/

/** Paths whose query strings (and, under /api/auth, some path segments) carry tokens: never logged whole. */
const TOKEN_PATHS = /^\/(reset-password|api\/auth)(\/|\.|$|\?)/i
const SECRET_QUERY_NAMES = /token|code|password|secret|signature|key/i

/** The address as the log shows it: no tokens, whether in /reset-password's query or better-auth's paths. */
export function loggedUrl(url: string) {
  const queryAt = url.indexOf('?')
  const path = queryAt < 0 ? url : url.slice(0, queryAt)
  // better-auth's reset link carries its token in the path: /api/auth/reset-password/<token>.
  if (TOKEN_PATHS.test(path)) return path.replace(/^(\/api\/auth\/reset-password\/).+$/i, '$1[hidden]')
  if (queryAt < 0) return url
  const query = new URLSearchParams(url.slice(queryAt + 1))
  for (const name of new Set(query.keys())) if (SECRET_QUERY_NAMES.test(name)) query.set(name, '[hidden]')
  return `${path}?${query}`
}

const QUIET_PATHS = /^\/(healthz|readyz|assets\/|favicon)/

/**
 * One JSON line per request (method, address without tokens, status, time) and a child logger on
 * `req.log`, both carrying the request id: X-Request-Id when a proxy sent a sane one, else a new UUID,
 * echoed in the answer's X-Request-Id. server.js puts this in front of everything.
 */
export function requestLogging() {
  return pinoHttp<IncomingMessage, ServerResponse>({
    logger: log,
    genReqId(req, res) {
      const given = req.headers['x-request-id']
      const id = typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : crypto.randomUUID()
      res.setHeader('X-Request-Id', id)
      return id
    },
    // Every line of the request carries just `reqId`; the final line adds what was asked and answered.
    quietReqLogger: true,
    quietResLogger: true,
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage & { originalUrl?: string }) => ({ method: req.method, url: loggedUrl(req.originalUrl ?? req.url ?? '') }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    customLogLevel(req, res, err) {
      if (res.statusCode === 503) return 'warn'
      if (err || res.statusCode >= 500) return 'error'
      // Load balancers ask for /readyz every few seconds, browsers for assets: only worth a line when debugging.
      if (res.statusCode < 400 && QUIET_PATHS.test(req.url ?? '')) return 'debug'
      return 'info'
    },
    // `queries`: how many database queries the request made (queryCounting below), to spot N+1 queries.
    customSuccessObject: (req, _res, val) => ({ req, ...val, queries: queriesOf(req) }),
    // Failures are logged where they happen, with their error; this line only says the request ended so.
    customErrorObject: (req, _res, _err, { err: _ignored, ...val }) => ({ req, ...val, queries: queriesOf(req) }),
    customSuccessMessage: (req, res) =>
      `${req.method} ${loggedUrl((req as { originalUrl?: string }).originalUrl ?? req.url ?? '')} ${res.statusCode}`,
    customErrorMessage: (req, res) =>
      `${req.method} ${loggedUrl((req as { originalUrl?: string }).originalUrl ?? req.url ?? '')} ${res.statusCode}`,
  })
}

/**
 * Requests with a Host or request target no browser sends are answered 400 here, before any route builds an
 * address from them (app/http/request-target.server.ts). server.js puts this right after requestLogging().
 */
export function requestTargetCheck(): express.RequestHandler {
  return (req, res, next) => {
    const problem = requestTargetProblem(req)
    if (!problem) {
      next()
      return
    }
    res
      .status(400)
      .set({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', Connection: 'close' })
      .type('text/plain')
      .send(problem)
  }
}

/**
 * Counts the request's database queries for its log line (app/db/query-count.server.ts). server.js puts this
 * right after requestLogging(), so everything after it runs inside the request's counting scope.
 */
export function queryCounting(): express.RequestHandler {
  return (req, _res, next) => countQueries(req, next)
}

/**
 * The security headers on every answer, with a fresh CSP nonce that React Router's scripts carry
 * (app/entry.server.tsx). server.js puts this before the static files, so assets have them too.
 */
export function securityHeaderMiddleware(
  config: Parameters<typeof securityHeaderSettings>[0],
  payments: PaymentProviders,
): express.RequestHandler {
  // The hosts the CSP allows come from the payment providers the shop runs (decision 065).
  const settings = securityHeaderSettings(config, browserSourcesOf(payments.all()))
  return (_req, res, next) => {
    const nonce = newNonce()
    res.locals.cspNonce = nonce
    res.set(securityHeaders({ ...settings, nonce }))
    next()
  }
}

/** Headers for the hashed build assets server.js sends before the security header middleware. */
export function assetHeaderSetter(config: Parameters<typeof securityHeaderSettings>[0]) {
  const headers = Object.entries(assetHeaders(securityHeaderSettings(config)))
  return (res: ServerResponse) => {
    for (const [name, value] of headers) res.setHeader(name, value)
  }
}

/** The answer while the database is away: 503 with Retry-After, as a page, as JSON for the API, as text for client navigation. */
function databaseUnavailableResponse(path: string) {
  const headers = { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' }
  if (path.toLowerCase().startsWith('/api/')) return Response.json({ error: databaseUnavailableMessage() }, { status: 503, headers })
  // React Router's client turns a 503 without its own marker header into a route error with that status,
  // which app/root.tsx's error boundary shows as the same message.
  if (path.endsWith('.data'))
    return new Response(databaseUnavailableMessage(), { status: 503, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } })
  return new Response(plainPage(databaseUnavailableTitle(), databaseUnavailableMessage(), { href: '', text: m.layout_try_again() }), {
    status: 503,
    headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' },
  })
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** A page of its own, with no scripts and nothing from the database: the shop's layout needs its settings from there. */
function plainPage(title: string, message: string, link: { href: string; text: string }) {
  const shopName = DEFAULT_SHOP_SETTINGS.shopName
  return `<!DOCTYPE html>
<html lang="${LANGUAGE_TAGS[currentLanguage()]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · ${shopName}</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #fafaf9; color: #2b2118; font-family: system-ui, sans-serif; }
  main { max-width: 32rem; padding: 2rem 1.5rem; text-align: center; }
  p.shop { color: #2f6121; font-weight: 600; letter-spacing: 0.08em; text-transform: uppercase; font-size: 0.85rem; }
  h1 { font-family: Georgia, serif; font-size: 2rem; margin: 0.5rem 0 1rem; }
  a { display: inline-block; margin-top: 1.5rem; padding: 0.6rem 1.4rem; border-radius: 999px; background: #2f6121; color: #fff; font-weight: 600; text-decoration: none; }
  a:focus-visible { outline: 3px solid #d99a0b; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<p class="shop">${shopName}</p>
<h1>${title}</h1>
<p>${message}</p>
<a href="${link.href}">${link.text}</a>
</main>
</body>
</html>
`
}

/**
 * Express's request as the Fetch API's, for React Router (after @react-router/express). With PUBLIC_URL, the
 * request is addressed there whatever Host a balancer sent: React Router's own check of form posts compares
 * Origin with this address, and so agrees with ours (one origin rule, docs/decisions/028-several-servers.md).
 */
function fetchRequestOf(
  req: express.Request,
  res: express.Response,
  publicOrigin: string | undefined,
  signal?: AbortSignal,
  body?: ReadableStream<Uint8Array>,
) {
  const url = publicOrigin ? new URL(`${publicOrigin}${req.originalUrl}`) : addressedUrl(req)
  // A client that goes away aborts the request's work.
  const controller = new AbortController()
  let finished = false
  res.on('finish', () => (finished = true))
  res.on('close', () => finished || controller.abort())
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else if (value !== undefined) headers.set(name, value)
  }
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: signal ?? controller.signal }
  if (body) {
    init.body = body
    init.duplex = 'half'
  }
  return new Request(url, init)
}

/** The address the request was sent to: its Host, or X-Forwarded-Host from a proxy TRUST_PROXY trusts. */
function addressedUrl(req: express.Request) {
  const [, forwardedPort] = req.app.enabled('trust proxy') ? (req.get('X-Forwarded-Host')?.split(':') ?? []) : []
  const [, hostPort] = req.get('host')?.split(':') ?? []
  const port = [Number.parseInt(forwardedPort ?? '', 10), Number.parseInt(hostPort ?? '', 10)].find(Number.isSafeInteger)
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || 'localhost'
  return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ''}${req.originalUrl}`)
}

/**
 * The answer to a request whose body went over its limit: the route's own 413 when it gave one, else a plain
 * one (a route that read the body whole failed on it). Without `Connection: close`: Node would close the socket as
 * soon as the answer is written, while the client is still sending, and its write error can reach it before the
 * answer does. drainThenClose decides instead: the connection lives on if the body ends within the drain, else it is
 * cut a little after the answer.
 */
async function bodyRefusedResponse(path: string, response: Response, refusal: BodyTooLarge) {
  const headers = { 'Cache-Control': 'no-store' }
  if (response.status === 413) {
    const answer = new Response(response.body, response)
    for (const [name, value] of Object.entries(headers)) answer.headers.set(name, value)
    answer.headers.delete('Connection')
    return answer
  }
  await response.body?.cancel()
  if (path.toLowerCase().startsWith('/api/')) return Response.json({ error: refusal.message }, { status: 413, headers })
  return new Response(refusal.message, { status: 413, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } })
}

/** The answer to a form post without this browser's token (decision 034): nothing was done. */
function formTokenRefusal(path: string) {
  const headers = { 'Cache-Control': 'no-store' }
  const message = `${formTokenRefusalMessage()} ${formTokenAdvice()}`
  if (path.toLowerCase().startsWith('/api/')) return Response.json({ error: message }, { status: 403, headers })
  if (path.endsWith('.data'))
    return new Response(message, { status: 403, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } })
  const page = plainPage(m.http_send_form_again(), message, { href: escapeHtml(path), text: m.http_reload_page() })
  return new Response(page, { status: 403, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } })
}

/** The whole of a body already bounded by limitedBody; throws its BodyTooLarge when it went over. */
async function wholeBody(body: ReadableStream<Uint8Array>) {
  const chunks: Uint8Array[] = []
  const reader = body.getReader()
  for (let part = await reader.read(); !part.done; part = await reader.read()) chunks.push(part.value)
  return Buffer.concat(chunks)
}

/** Settles once the answer is sent, or the client has gone. */
function answered(res: express.Response) {
  return new Promise<void>((resolve) => {
    if (res.writableFinished || res.destroyed) resolve()
    res.once('finish', resolve).once('close', resolve)
  })
}

/** Sends a Fetch API response through Express; `override` headers replace the response's own. */
async function sendFetchResponse(res: express.Response, response: Response, override: Record<string, string> = {}) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel()
    return
  }
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [name, value] of response.headers.entries()) res.append(name, value)
  res.set(override)
  if (!response.body) {
    res.end()
    return
  }
  try {
    await writeBodyToResponse(response.body, res)
  } catch (err) {
    if (!(res.destroyed || res.writableEnded)) throw err
  }
}

/** Headers of a rendered page that belong to that one answer, not to a copy sent later. */
const PER_ANSWER_HEADERS = new Set(['date', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'])

/** A stored catalogue page, or 304 when the browser's copy is this one. */
function sendCachedPage(req: express.Request, res: express.Response, page: CachedPage) {
  for (const [name, value] of page.headers) res.append(name, value)
  if (page.contentSecurityPolicy) res.set('Content-Security-Policy', page.contentSecurityPolicy)
  // The browser may keep a copy but asks each time; an unchanged page costs a 304 (docs/decisions/017-page-speed.md).
  if (page.status === 200) {
    res.set('ETag', page.etag)
    // The products API says how long it may be kept; pages have said nothing.
    if (!res.get('Cache-Control')) res.set('Cache-Control', 'no-cache')
    if (matchesEtag(req.get('if-none-match'), page.etag)) {
      res.status(304).end()
      return
    }
  }
  res.status(page.status)
  if (req.method === 'HEAD') res.set('Content-Length', String(page.body.length)).end()
  else res.end(page.body)
}

/**
 * In production the build never changes, so React Router gets it resolved, once: given a function, it derives its
 * routes again (flattening and ranking every route) on each request, a tenth of a page's time (measured with
 * --cpu-prof under the server tests). In development the function is what lets Vite's edits through.
 */
function requestHandlerOfBuild(language: Language): ReturnType<typeof createRequestHandler> {
  // The Tamil pages are the same routes behind /ta: React Router's basename, so every link, form and redirect a
  // Tamil page makes stays in Tamil, on the server and in the browser (docs/decisions/074-two-languages-paraglide-and-tamil-under-ta.md).
  const load = () =>
    import('virtual:react-router/server-build').then((build) => (language === 'ta' ? { ...build, basename: TAMIL_BASE } : build))
  if (process.env.NODE_ENV !== 'production') return createRequestHandler(load, process.env.NODE_ENV)
  let handler: Promise<ReturnType<typeof createRequestHandler>> | undefined
  return async (request, context) => {
    handler ??= load().then((build) => createRequestHandler(build, 'production'))
    return (await handler)(request, context)
  }
}

/**
 * React Router's request handler. A loader or action that failed because the database is away (app/entry.server.tsx
 * marks the load context) answers 503 with a clear message rather than 500. The catalogue's pages for visitors
 * without an account come from the page cache (app/http/page-cache.server.ts).
 */
function reactRouterHandler(shop: Shop, pageCache: PageCache): express.RequestHandler {
  const handlers = { en: requestHandlerOfBuild('en'), ta: requestHandlerOfBuild('ta') }
  const shelfPaths = new Set(SHELVES.map((s) => s.path))
  const publicOrigin = shop.config.PUBLIC_URL_SET ? shop.config.PUBLIC_URL : undefined
  // Made once per database and the same on every instance, like the tracked-order cookie's secret.
  let formSecret: Promise<string> | undefined
  const formTokenSecret = () => {
    formSecret ??= appSecret(shop.db, 'form-token')
    formSecret.catch(() => (formSecret = undefined))
    return formSecret
  }
  /** `shared`: rendered for every visitor (the page cache), so it may hold no one's form token. */
  const render = async (req: express.Request, res: express.Response, signal?: AbortSignal, shared = false) => {
    const formKey = formKeyOf(req.get('cookie'))
    let issuedKey: string | undefined
    const context: AppLoadContext = {
      shop,
      clientAddress: req.ip ?? req.socket.remoteAddress ?? '',
      log: req.log ?? log,
      cspNonce: typeof res.locals.cspNonce === 'string' ? res.locals.cspNonce : undefined,
      formToken: shared
        ? undefined
        : async () => {
            // A page with this browser's token is its own: never kept by a shared cache.
            res.locals.formTokenGiven = true
            const key = formKey ?? issuedKey ?? newFormKey()
            if (formKey === null) issuedKey = key
            return formTokenFor(await formTokenSecret(), key)
          },
    }
    let refusal: BodyTooLarge | undefined
    let body =
      req.method === 'GET' || req.method === 'HEAD'
        ? undefined
        : limitedBody(req, {
            limit: bodyLimitFor(req.path),
            declaredLength: req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length']),
            onTooLarge(tooLarge) {
              refusal = tooLarge
              context.log.warn(
                { bytesRead: tooLarge.bytesRead, limit: tooLarge.limit },
                `Request body too large: ${req.method} ${req.path} stopped after ${tooLarge.bytesRead} bytes (at most ${tooLarge.limit})`,
              )
              drainThenClose(req, answered(res))
            },
          })
    if (body && needsFormToken(req.method, req.path, req.get('content-type'))) {
      // Read whole (within the route's limit) to find the token before any action sees the post.
      let bytes: Buffer | undefined
      try {
        bytes = await wholeBody(body)
      } catch (err) {
        if (!refusal) throw err
        // Too large: the route still sees the post, so its rate limit counts it (issue 14), and reads only the
        // refusal; no action can act on a body it could not read.
        const tooLarge = refusal
        body = new ReadableStream({ start: (controller) => controller.error(tooLarge) })
      }
      if (bytes) {
        const token = await formTokenInBody(req.get('content-type'), bytes)
        if (!isFormTokenValid(await formTokenSecret(), formKey, token)) {
          context.log.warn(
            { hadKey: formKey !== null, hadToken: token !== null },
            `Form post without this browser's form token refused: ${req.method} ${req.path}`,
          )
          return formTokenRefusal(req.path)
        }
        body = new Response(new Uint8Array(bytes)).body ?? undefined
      }
    }
    // By the address, not the answer's language: an API asked in Tamil is still at /api/…, outside /ta's basename.
    const handle = handlers[languageOfPath(req.path)]
    let response = await handle(fetchRequestOf(req, res, publicOrigin, signal, body), context)
    if (issuedKey) {
      response = new Response(response.body, response)
      response.headers.append(
        'Set-Cookie',
        formKeyCookie(issuedKey, req.protocol === 'https' || publicOrigin?.startsWith('https:') === true),
      )
    }
    if (refusal) return bodyRefusedResponse(req.path, response, refusal)
    if (context.databaseUnavailable && response.status >= 500) {
      await response.body?.cancel()
      return databaseUnavailableResponse(req.path)
    }
    return response
  }
  return async (req, res, next) => {
    try {
      const cacheable =
        pageCache.enabled &&
        (req.method === 'GET' || req.method === 'HEAD') &&
        isCataloguePath(req.path, shelfPaths) &&
        !hasShopCookie(req.get('cookie'))
      if (!cacheable) {
        const isChange = req.method !== 'GET' && req.method !== 'HEAD'
        let response: Response
        try {
          response = await render(req, res)
        } finally {
          // A change (an order, a payment, an admin's edit) is made once its action has answered: the catalogue's
          // copies go before a byte of the answer does, so nothing the client asks next can be older.
          if (isChange) pageCache.clear()
        }
        const personal =
          res.locals.formTokenGiven === true ||
          isPrivateAnswer({ path: req.path, cookieHeader: req.get('cookie') }, response.headers.has('set-cookie'))
        await sendFetchResponse(res, response, personal ? { 'Cache-Control': 'private, no-store' } : {})
        return
      }
      // One render serves everyone waiting for it, so it does not stop when its first visitor leaves. Keyed on the
      // whole address, host included: a page rendered for `Host: evil.example` links there (issue 14); and on the
      // language, which for the products API is the caller's Accept-Language rather than the address (decision 074).
      const key = `${req.method === 'HEAD' ? 'GET' : req.method} ${addressedUrl(req).href} ${currentLanguage()}`
      const page = await pageCache.getOrRender(key, async () => {
        const response = await render(req, res, new AbortController().signal, true)
        const body = Buffer.from(await response.arrayBuffer())
        const headers = [...response.headers.entries()].filter(([name]) => !PER_ANSWER_HEADERS.has(name))
        return {
          status: response.status,
          headers,
          body,
          etag: etagOf(body),
          contentSecurityPolicy: res.getHeader('Content-Security-Policy')?.toString(),
          shareable: !response.headers.has('set-cookie') && response.status < 500,
        }
      })
      if (page) sendCachedPage(req, res, page)
      // Not shareable: this visitor's own answer (it sets a cookie, say).
      else await sendFetchResponse(res, await render(req, res), { 'Cache-Control': 'private, no-store' })
    } catch (err) {
      next(err)
    }
  }
}

/** The methods the shop's routes answer. */
const ROUTE_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'])

/** Builds the shop's Express app around a started shop; server.js owns listening and shutdown. */
export function createShopApp(shop: Shop, options: { isClosing?: () => boolean } = {}) {
  const app = express()
  app.disable('x-powered-by')
  const pageCache = new PageCache({ freshForMs: shop.config.PAGE_CACHE_SECONDS * 1000, maxPages: 500 })
  // Which X-Forwarded-* headers to believe: only those of proxies TRUST_PROXY names (req.ip, req.protocol).
  app.set('trust proxy', shop.config.TRUST_PROXY)

  // The process is up.
  app.get('/healthz', (_req, res) => {
    res.type('text/plain').send('ok')
  })

  // Asked for by browsers and tools whatever the pages link (they link the SVG): kept a day.
  app.get('/favicon.ico', async (_req, res, next) => {
    try {
      res
        .set('Cache-Control', 'public, max-age=86400')
        .type('image/x-icon')
        .send(await faviconIco())
    } catch (err) {
      next(err)
    }
  })

  // Whether to send this instance traffic: the database answers and has this version's migrations, and the
  // process is not shutting down (a load balancer then drains it). Asked afresh each time, bounded to 2 s.
  app.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store')
    if (options.isClosing?.()) {
      res.status(503).json({ status: 'closing', reason: 'The shop is shutting down.' })
      return
    }
    const readiness = await checkDatabaseReady(shop.db, 2_000)
    if (readiness.ready) res.json({ status: 'ready' })
    else res.status(503).json({ status: 'unavailable', reason: readiness.reason })
  })

  // The language of the answer (the page's address; the API's Accept-Language), for every message worded while
  // answering; an English page asked for by a visitor who reads Tamil sends them to the Tamil one.
  app.use((req, res, next) => {
    const queryStart = req.originalUrl.indexOf('?')
    const target = languageRedirect({
      method: req.method,
      path: req.path,
      search: queryStart >= 0 ? req.originalUrl.slice(queryStart) : '',
      cookieHeader: req.get('cookie'),
      acceptLanguage: req.get('accept-language'),
      isBot: isbot(req.get('user-agent')),
    })
    if (target) {
      res.set({ 'Cache-Control': 'private, no-cache', Vary: 'Accept-Language, Cookie' }).redirect(302, target)
      return
    }
    inLanguage(languageOfRequest({ path: req.path, acceptLanguage: req.get('accept-language') }), next)
  })

  // Methods no route has (OPTIONS, TRACE, PROPFIND…: scanners send them by the thousand) get their 405 here;
  // React Router would answer the same but log each as an error with its stack.
  app.use((req, res, next) => {
    if (ROUTE_METHODS.has(req.method)) {
      next()
      return
    }
    res
      .status(405)
      .set({ Allow: [...ROUTE_METHODS].join(', '), 'Cache-Control': 'no-store' })
      .type('text/plain')
      .send('This method is not allowed here.')
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
    if (req.path.toLowerCase().startsWith('/api/')) res.json({ error: crossSiteRefusal() })
    else if (req.path.endsWith('.data')) res.type('text/plain').send(crossSiteRefusal())
    // A form posted from elsewhere (or through an address that is not the shop's) lands on a page that says why.
    else {
      // Without PUBLIC_URL the origin comes from the request's Host: escaped like anything a client sent.
      const shown = escapeHtml(ownOrigin)
      res.type('html').send(
        plainPage(m.http_refused(), `${crossSiteRefusal()} ${m.http_forms_only_from({ origin: shown })}`, {
          href: `${shown}/`,
          text: m.http_go_to_shop(),
        }),
      )
    }
  })

  // The spec's paths keep their capitals; other spellings of them redirect there.
  app.use((req, res, next) => {
    const spelled = CANONICAL_PATHS.get(pathWithoutLanguage(req.path).toLowerCase())
    const canonical = spelled && pathInLanguage(spelled, currentLanguage())
    if (canonical && canonical !== req.path && (req.method === 'GET' || req.method === 'HEAD')) {
      const queryStart = req.originalUrl.indexOf('?')
      res.redirect(301, canonical + (queryStart >= 0 ? req.originalUrl.slice(queryStart) : ''))
      return
    }
    next()
  })

  app.get('/media/:file', async (req, res) => {
    const file = req.params.file
    const requestLog = req.log ?? log
    let stored: Awaited<ReturnType<Shop['media']['open']>>
    try {
      const exists = MEDIA_FILE_PATTERN.test(file) && (await ensureImageVariant(shop.media, file))
      stored = exists ? await shop.media.open(file) : null
    } catch (err) {
      // The storage (an S3 bucket, say) did not answer: a short refusal the browser may retry later.
      requestLog.error({ err }, `Media ${file} could not be read from the storage`)
      res
        .status(503)
        .set({ 'Cache-Control': 'no-store', 'Retry-After': '10' })
        .type('text/plain')
        .send('This picture is unavailable just now.')
      return
    }
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
    // A storage error half-way ends this answer instead of the process; a client gone lets go of the storage's stream.
    pipeline(stored.stream, res, (err) => {
      if (err && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') requestLog.error({ err }, `Media ${file} failed while being sent`)
    })
  })

  app.use(reactRouterHandler(shop, pageCache))

  // Anything that reached here failed outside React Router's own handling: no stack to the client, ever.
  app.use((err: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const requestLog = req.log ?? log
    if (res.headersSent) {
      requestLog.error({ err }, 'Request failed after its answer began')
      res.destroy()
      return
    }
    if (isDatabaseUnavailable(err)) {
      requestLog.warn({ err }, 'The database is unavailable')
      void sendFetchResponse(res, databaseUnavailableResponse(req.path)).catch(() => res.destroy())
      return
    }
    requestLog.error({ err }, 'Request failed')
    res.status(500).set('Cache-Control', 'no-store')
    if (req.path.toLowerCase().startsWith('/api/')) res.json({ error: m.layout_server_error() })
    else res.type('text/plain').send(m.layout_server_error())
  })
  return app
}

export { readConfig, startShop }
// For scripts/admin-create.mjs.
export { openDatabase, DataDirectoryBusyError } from '~/db/client.server'
export { startAuth } from '~/shop.server'
export { createOrPromoteAdmin, AdminInputError } from '~/features/accounts/accounts.server'
// For scripts/db-copy.mjs, db-backup.mjs and db-restore.mjs.
export { copyDatabase, writeBackup, restoreBackup, TransferError } from '~/db/transfer.server'
