import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { MAX_UPLOAD_BODY_BYTES } from '~/features/admin/uploads.server'
import { BodyTooLarge, DEFAULT_BODY_LIMIT, DRAIN_BYTES, bodyLimitFor, drainThenClose, limitedBody } from './body-reader.server'
import { BadRequest } from './json.server'

const KiB = 1024

/** A request body of `chunks` chunks of `size` bytes, counting how many were taken from it. */
function body(chunks: number, size: number) {
  const taken = { chunks: 0 }
  const source = Readable.from(
    (function* () {
      for (let i = 0; i < chunks; i++) {
        taken.chunks++
        yield Buffer.alloc(size, 'a')
      }
    })(),
    { objectMode: false },
  )
  return { source, taken }
}

async function readAll(stream: ReadableStream<Uint8Array>) {
  let bytes = 0
  const reader = stream.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return bytes
    bytes += value.byteLength
  }
}

describe('bodyLimitFor', () => {
  it('gives each route its limit, whatever the casing, with .data or a trailing slash', () => {
    expect(bodyLimitFor('/contact')).toBe(32 * KiB)
    expect(bodyLimitFor('/Contact.data')).toBe(32 * KiB)
    expect(bodyLimitFor('/api/payment/webhook')).toBe(64 * KiB)
    expect(bodyLimitFor('/api/payment/webhook/')).toBe(64 * KiB)
    expect(bodyLimitFor('/Signin')).toBe(DEFAULT_BODY_LIMIT)
    expect(bodyLimitFor('/api/contact')).toBe(16 * KiB)
    expect(bodyLimitFor('/contact/more')).toBe(DEFAULT_BODY_LIMIT)
  })

  it('lets the product form with its pictures through to its own, finer checks', () => {
    for (const path of ['/Admin', '/admin.data', '/Delete', '/api/admin/products', '/api/admin/products/ragi-malt']) {
      expect(bodyLimitFor(path), path).toBeGreaterThanOrEqual(MAX_UPLOAD_BODY_BYTES)
    }
    expect(bodyLimitFor('/api/admin/products/a/b')).toBe(DEFAULT_BODY_LIMIT)
  })
})

describe('limitedBody', () => {
  it('passes a body within its limit through whole', async () => {
    const { source } = body(4, 4 * KiB)
    let refused = false
    expect(await readAll(limitedBody(source, { limit: 16 * KiB, onTooLarge: () => (refused = true) }))).toBe(16 * KiB)
    expect(refused).toBe(false)
  })

  it('stops a body without a declared length after its limit plus one chunk, and says so once', async () => {
    const { source, taken } = body(10_000, 64 * KiB)
    const refusals: BodyTooLarge[] = []
    const read = readAll(limitedBody(source, { limit: 16 * KiB, onTooLarge: (r) => refusals.push(r) }))
    const error = await read.catch((err: unknown) => err)
    expect(error).toBeInstanceOf(BodyTooLarge)
    // The readers of forms and JSON answer any BadRequest with its status.
    expect(error).toBeInstanceOf(BadRequest)
    expect((error as BodyTooLarge).status).toBe(413)
    expect(refusals).toHaveLength(1)
    expect(refusals[0]!.bytesRead).toBeLessThanOrEqual(16 * KiB + 64 * KiB)
    // Readable.from reads one chunk ahead of what it hands out: two chunks taken of ten thousand.
    expect(taken.chunks).toBeLessThanOrEqual(2)
  })

  it('refuses a declared length over the limit before reading a byte', async () => {
    const { source, taken } = body(100, 64 * KiB)
    let refusal: BodyTooLarge | undefined
    const error = await readAll(
      limitedBody(source, { limit: 16 * KiB, declaredLength: 6_400 * KiB, onTooLarge: (r) => (refusal = r) }),
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BodyTooLarge)
    expect(refusal?.bytesRead).toBe(0)
    expect(taken.chunks).toBe(0)
  })

  it('reads nothing until the route asks for the body', async () => {
    const { source, taken } = body(100, 64 * KiB)
    let refused = false
    limitedBody(source, { limit: 16 * KiB, onTooLarge: () => (refused = true) })
    await new Promise((r) => setTimeout(r, 20))
    expect(taken.chunks).toBe(0)
    expect(refused).toBe(false)
  })
})

describe('drainThenClose', () => {
  it('reads nothing more until the answer is sent, then drops a little more and cuts the connection', async () => {
    // A client that never stops sending.
    const taken = { chunks: 0 }
    const chunk = Buffer.alloc(64 * KiB, 'a')
    const source = new Readable({
      read() {
        taken.chunks++
        setImmediate(() => this.push(chunk))
      },
    })
    let destroyed = false
    Object.assign(source, { socket: { destroy: () => (destroyed = true) } })
    let answer!: () => void
    drainThenClose(source as Readable & { socket: { destroy(): void } }, new Promise<void>((r) => (answer = r)))
    const atRefusal = taken.chunks
    await new Promise((r) => setTimeout(r, 20))
    // Not before the 413 is sent: a reset could overtake it. Nor read meanwhile: a slow answer is no reason to take more.
    expect(destroyed).toBe(false)
    expect(taken.chunks - atRefusal).toBeLessThan(3)
    const before = taken.chunks
    answer()
    await expect.poll(() => destroyed, { timeout: 1000, interval: 5 }).toBe(true)
    // DRAIN_BYTES more read and dropped after the answer, not the 640 MB on offer.
    expect(taken.chunks - before).toBeLessThan(DRAIN_BYTES / chunk.length + 3)
  })
})
