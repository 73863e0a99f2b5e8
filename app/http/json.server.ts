import { m } from '~/i18n/paraglide/messages.js'
import { data } from 'react-router'
import type { z } from 'zod'

/** The one shape of every error the JSON API answers: a message, and per-field messages for forms. */
export type ApiError = { error: string; fieldErrors?: Record<string, string> }

export function apiError(status: number, error: string, fieldErrors?: Record<string, string>) {
  // A refused body may be left unread on the socket: tell the client not to reuse the connection.
  const headers = status === 413 ? { Connection: 'close' } : undefined
  return data<ApiError>(fieldErrors ? { error, fieldErrors } : { error }, { status, headers })
}

export const MAX_JSON_BODY_BYTES = 16 * 1024

export class BadRequest extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** Reads a JSON body of at most `maxBytes`, refusing other content types and oversized bodies early. */
export async function readJsonBody(request: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^application\/json\b/i.test(type)) {
    throw new BadRequest(415, m.http_json_required())
  }
  const text = (await readBodyBytes(request, maxBytes)).toString('utf8')
  try {
    return JSON.parse(text)
  } catch {
    throw new BadRequest(400, m.http_json_invalid())
  }
}

/** Reads a body of at most `maxBytes`, stopping as soon as it is exceeded, so nobody can make the server buffer megabytes. */
export async function readBodyBytes(request: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<Buffer> {
  const tooLarge = () => new BadRequest(413, m.http_body_too_large({ limit: maxBytes }))
  if (Number(request.headers.get('content-length') ?? '0') > maxBytes) throw tooLarge()
  if (!request.body) return Buffer.alloc(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw tooLarge()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

/** First message per field, keyed by the field's path, for forms to show beside each field. */
export function fieldErrorsOf(error: z.ZodError) {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'body'
    out[key] ??= issue.message
  }
  return out
}

/** Runs an API handler, turning a BadRequest into its 4xx answer. */
export async function handleApi<T>(run: () => Promise<T>) {
  try {
    return await run()
  } catch (err) {
    if (err instanceof BadRequest) return apiError(err.status, err.message)
    throw err
  }
}
