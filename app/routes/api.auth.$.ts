import { CLIENT_ADDRESS_HEADER } from '~/features/accounts/auth.server'
import { handleApi, MAX_JSON_BODY_BYTES, readBodyBytes } from '~/http/json.server'
import type { Route } from './+types/api.auth.$'

/**
 * /api/auth/*: better-auth's own endpoints (sign-up, sign-in, sign-out, get-session, password reset, the
 * admin plugin's user management). Our pages post to their own actions, which call these the same way.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return context.shop.auth.handler(withClientAddress(request, context.clientAddress, null))
}

export async function action({ request, context }: Route.ActionArgs) {
  // Auth requests are small JSON: read at most MAX_JSON_BODY_BYTES.
  return handleApi(async () => {
    const body = await readBodyBytes(request, MAX_JSON_BODY_BYTES)
    return context.shop.auth.handler(withClientAddress(request, context.clientAddress, body))
  })
}

/** The same request, with the client address as the server saw it in place of anything the client claimed. */
function withClientAddress(request: Request, clientAddress: string, body: Buffer | null) {
  const headers = new Headers(request.headers)
  headers.set(CLIENT_ADDRESS_HEADER, clientAddress)
  return new Request(request.url, {
    method: request.method,
    headers,
    body: body?.byteLength ? new Uint8Array(body) : undefined,
    signal: request.signal,
  })
}
