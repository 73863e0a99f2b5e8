import { CLIENT_ADDRESS_HEADER } from '~/features/accounts/auth.server'
import { apiError, MAX_JSON_BODY_BYTES } from '~/http/json.server'
import type { Route } from './+types/api.auth.$'

/**
 * /api/auth/*: better-auth's own endpoints (sign-up, sign-in, sign-out, get-session, password reset, the
 * admin plugin's user management). Our pages post to their own actions, which call these the same way.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return context.shop.auth.handler(withClientAddress(request, context.clientAddress, null))
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readLimitedBody(request)
  if (body === 'too-large') return apiError(413, `The request body is too large (at most ${MAX_JSON_BODY_BYTES} bytes).`)
  return context.shop.auth.handler(withClientAddress(request, context.clientAddress, body))
}

/** The same request, with the client address as the server saw it in place of anything the client claimed. */
function withClientAddress(request: Request, clientAddress: string, body: Uint8Array<ArrayBuffer> | null) {
  const headers = new Headers(request.headers)
  headers.set(CLIENT_ADDRESS_HEADER, clientAddress)
  return new Request(request.url, { method: request.method, headers, body: body && body.byteLength ? body : undefined, signal: request.signal })
}

/** Auth requests are small JSON: read at most MAX_JSON_BODY_BYTES, so nobody can make the server buffer megabytes. */
async function readLimitedBody(request: Request): Promise<Uint8Array<ArrayBuffer> | 'too-large'> {
  if (Number(request.headers.get('content-length') ?? '0') > MAX_JSON_BODY_BYTES) return 'too-large'
  if (!request.body) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_JSON_BODY_BYTES) {
      await reader.cancel()
      return 'too-large'
    }
    chunks.push(value)
  }
  const all = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    all.set(chunk, at)
    at += chunk.byteLength
  }
  return all
}
