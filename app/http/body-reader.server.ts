import { m } from '~/i18n/paraglide/messages.js'
import type { Readable } from 'node:stream'
import { BadRequest, MAX_JSON_BODY_BYTES } from './json.server'
import { webhookAt } from './webhooks'

/** The owner's policy page form (routes/admin-policy.tsx reads up to this). */
export const POLICY_FORM_MAX_BYTES = 384 * 1024

/**
 * The most any route reads of a request body, counted on the bytes actually read, whether the client declared a
 * Content-Length or sent chunks (issue 14). server/app.ts hands React Router only a body that stops here. A route
 * may refuse earlier with a message of its own (readSmallForm, readJsonBody); this is the backstop that also
 * holds for code that reads a body whole (request.formData(), request.text()).
 */
export const BODY_LIMITS: ReadonlyArray<{ path: RegExp; limit: number; why: string }> = [
  // The product form with its two pictures: features/admin/uploads.server.ts checks each part and stops at about
  // 21.3 MiB (MAX_UPLOAD_BODY_BYTES, which body-reader.server.test.ts keeps below this).
  { path: /^\/(admin|delete|api\/admin\/products(\/[^/]+)?)$/i, limit: 24 * 1024 * 1024, why: 'product form with pictures' },
  // The home page's hero picture, read by the same reader (one picture).
  { path: /^\/dash\/shop$/i, limit: 24 * 1024 * 1024, why: 'shop details with the hero picture' },
  // A message of up to 5,000 characters, up to 4 bytes each once encoded, and the other fields.
  { path: /^\/contact$/i, limit: 32 * 1024, why: 'contact form' },
  // A policy page of up to 30,000 characters; form-encoded, a line break or a rupee sign takes 6 or 9 bytes.
  { path: /^\/dash\/policies\/[^/]+$/i, limit: POLICY_FORM_MAX_BYTES, why: 'policy page' },
]

/** Every other form and JSON body: a few short fields. */
export const DEFAULT_BODY_LIMIT = MAX_JSON_BODY_BYTES

/**
 * The limit for a request to this path; `.data` (React Router's client requests) and a trailing slash aside. A webhook's
 * is in its declaration (webhooks.ts).
 */
export function bodyLimitFor(path: string) {
  const route = path.replace(/\.data$/, '').replace(/(.)\/+$/, '$1')
  return webhookAt(route)?.maxBodyBytes ?? BODY_LIMITS.find((entry) => entry.path.test(route))?.limit ?? DEFAULT_BODY_LIMIT
}

/** The refusal a reader of an over-long body meets: the same 413 every form and JSON reader already answers. */
export class BodyTooLarge extends BadRequest {
  constructor(
    readonly limit: number,
    readonly bytesRead: number,
  ) {
    super(413, m.http_body_too_large({ limit }))
  }
}

/**
 * The request's body as a web stream that never delivers more than `limit` bytes. It reads only when its reader
 * asks, one chunk at a time, so at most the limit plus one chunk is ever read; a declared Content-Length over the
 * limit is refused before a byte is read. Past the limit the stream fails with BodyTooLarge and `onTooLarge`
 * hears of it (the caller answers 413 and lets the rest of the body drain without keeping it).
 */
export function limitedBody(
  source: Readable,
  options: { limit: number; declaredLength?: number; onTooLarge: (refusal: BodyTooLarge) => void },
) {
  const { limit, declaredLength, onTooLarge } = options
  let bytesRead = 0
  let listening = false
  let finished = false
  const stop = () => {
    finished = true
    source.off('data', onData).off('end', onEnd).off('error', onError)
    source.pause()
  }
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const refuse = () => {
    const refusal = new BodyTooLarge(limit, bytesRead)
    stop()
    controller.error(refusal)
    onTooLarge(refusal)
  }
  function onData(chunk: Buffer) {
    bytesRead += chunk.length
    if (bytesRead > limit) return refuse()
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
    // One chunk per pull: the next is read when the reader asks for it.
    source.pause()
  }
  function onEnd() {
    if (finished) return
    stop()
    controller.close()
  }
  function onError(err: Error) {
    if (finished) return
    stop()
    controller.error(err)
  }
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c
      },
      pull() {
        if (finished) return
        if (!listening) {
          if (declaredLength !== undefined && declaredLength > limit) return refuse()
          listening = true
          source.on('data', onData).on('end', onEnd).on('error', onError)
        }
        source.resume()
      },
      cancel() {
        stop()
      },
    },
    // Nothing is read ahead of the reader.
    { highWaterMark: 0 },
  )
}

/**
 * How much of a refused body's remainder is read and dropped after the answer, so the client sees the 413 rather than a
 * reset. More than the bytes already in flight (the client's send buffer, up to 4 MiB on Linux, and ours): with 1 MiB
 * the shop read what was buffered in a millisecond and cut, and a client writing without pause met the reset before
 * it had read the answer (seen in the chunked-webhook test under load). nginx and Apache linger by time alone.
 */
export const DRAIN_BYTES = 16 * 1024 * 1024
export const DRAIN_MS = 2_000

/**
 * Reads and drops what is left of a refused body: a socket closed with unread bytes sends a reset that can overtake
 * the answer. Until `answered` settles (the 413 is on its way) nothing more is read: the client waits on its own
 * buffers, however long the route takes to answer. Then the rest is dropped as it comes for at most DRAIN_BYTES or
 * DRAIN_MS; then the connection is cut.
 */
export function drainThenClose(source: Readable & { socket?: { destroy(): void } | null }, answered: Promise<unknown>) {
  let drained = 0
  let timer: NodeJS.Timeout | undefined
  const cut = () => {
    clearTimeout(timer)
    source.off('data', onData)
    source.pause()
    source.socket?.destroy()
  }
  const onData = (chunk: Buffer) => {
    drained += chunk.length
    if (drained > DRAIN_BYTES) cut()
  }
  source.pause()
  void answered.finally(() => {
    if (source.readableEnded) return
    source.on('data', onData)
    source.once('end', () => {
      clearTimeout(timer)
      source.off('data', onData)
    })
    source.resume()
    timer = setTimeout(cut, DRAIN_MS)
    timer.unref()
  })
}
