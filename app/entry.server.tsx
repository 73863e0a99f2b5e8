// React Router's default server entry for Node (from @react-router/dev), with the shop's handleError: errors
// go to the request's logger, and a database that is away is marked so server/app.ts answers 503. Scripts carry
// the answer's CSP nonce.
import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import { type AppLoadContext, type EntryContext, type HandleErrorFunction, isRouteErrorResponse, ServerRouter } from 'react-router'
import { isDatabaseUnavailable } from './db/unavailable.server'
import { CspNonce } from './http/csp-nonce'
import { log } from './log.server'

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // Crawlers get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

    // Abort the rendering stream after `streamTimeout`, so it has time to flush down the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    // The answer's CSP nonce (server/app.ts): on React Router's scripts (the streamed data's take it from
    // ServerRouter, app/root.tsx's from CspNonce) and React's own inline scripts of streamed Suspense boundaries.
    const nonce = loadContext?.cspNonce
    const page = (
      <CspNonce.Provider value={nonce ?? ''}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonce.Provider>
    )
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [readyOption]() {
        shellRendered = true
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId)
            timeoutId = undefined
            callback()
          },
        })
        const stream = createReadableStreamFromReadable(body)
        responseHeaders.set('Content-Type', 'text/html')
        pipe(body)
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
      },
      onShellError(error: unknown) {
        reject(error)
      },
      onError(error: unknown) {
        responseStatusCode = 500
        // Errors while rendering the shell reject and are logged by handleError; these came after it.
        if (shellRendered) (loadContext?.log ?? log).error({ err: error }, 'Rendering failed')
      },
    })
  })
}

/** Every error React Router caught in a loader, an action or rendering, before it is hidden from the client. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A client that went away aborts its loaders: nothing went wrong.
  if (request.signal.aborted) return
  const requestContext = context as AppLoadContext | undefined
  const requestLog = requestContext?.log ?? log
  // React Router's own 4xx (a POST to a page that has no form answers 405): the client's mistake, already on the
  // request's log line with its status. Logged as an error with a stack, a scanner filled the log (112 lines in one
  // wapiti run) and would hide real failures.
  if (isRouteErrorResponse(error) && error.status < 500) {
    requestLog.debug({ status: error.status, reason: error.statusText }, 'Request refused by the router')
    return
  }
  const cause = isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error
  if (isDatabaseUnavailable(cause)) {
    if (requestContext) requestContext.databaseUnavailable = true
    requestLog.warn({ err: cause }, 'The database is unavailable')
    return
  }
  requestLog.error({ err: cause }, 'Request failed')
}
