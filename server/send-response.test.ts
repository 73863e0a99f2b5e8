import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import compression from 'compression'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { writeBodyToResponse } from './send-response'

// server.js compresses every answer (the `compression` middleware); pages are React streams written into it.
// A long page written faster than the client reads made each wait for 'drain' leave a listener on the zlib stream.

const servers: http.Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))))
})

/** A page of many pieces that compress badly (random text), as a long product list streams from React. */
function longPage(pieces: number) {
  let sent = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ === pieces) return controller.close()
      controller.enqueue(new TextEncoder().encode(`<tr><td>${crypto.getRandomValues(new Uint8Array(6000)).join(',')}</td></tr>`))
    },
  })
}

async function serve(write: (body: ReadableStream<Uint8Array>, res: express.Response) => Promise<void>, page = () => longPage(400)) {
  const app = express()
  app.use(compression())
  app.get('/page', async (_req, res) => {
    res.type('html')
    await write(page(), res)
  })
  const server = app.listen(0, '127.0.0.1')
  servers.push(server)
  await new Promise((r) => server.once('listening', r))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** Reads the answer slowly, so the server's writes wait for 'drain'. */
function readSlowly(url: string, encoding: 'br' | 'gzip') {
  return new Promise<Buffer>((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk)
          res.pause()
          setTimeout(() => res.resume(), 2)
        })
        res.on('end', () => resolve(Buffer.concat(chunks)))
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

describe('writing a streamed page through compression', () => {
  it.each(['br', 'gzip'] as const)(
    'adds no drain listener per wait (%s), and the page arrives whole',
    async (encoding) => {
      const warnings: Error[] = []
      const onWarning = (w: Error) => warnings.push(w)
      process.on('warning', onWarning)
      try {
        const url = await serve(writeBodyToResponse)
        const body = await readSlowly(`${url}/page`, encoding)
        const html = (encoding === 'br' ? zlib.brotliDecompressSync(body) : zlib.gunzipSync(body)).toString()
        expect(html.match(/<tr>/g)).toHaveLength(400)
        // Warnings are emitted on the next tick.
        await new Promise((r) => setTimeout(r, 50))
        expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning').map((w) => w.message)).toEqual([])
      } finally {
        process.off('warning', onWarning)
      }
    },
    60_000,
  )

  it('stops reading the page when the client goes away while the writer waits', async () => {
    let cancelled: (() => void) | undefined
    const cancelledAt = new Promise<void>((resolve) => (cancelled = resolve))
    let finished: Promise<void> | undefined
    const url = await serve((body, res) => {
      const page = body.getReader()
      const watched = new ReadableStream<Uint8Array>({
        pull: async (controller) => {
          const { done, value } = await page.read()
          if (done) controller.close()
          else controller.enqueue(value)
        },
        cancel: () => cancelled!(),
      })
      finished = writeBodyToResponse(watched, res)
      return finished
    })
    await new Promise<void>((resolve) => {
      const request = http.get(`${url}/page`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        // Reads one piece, then hangs up.
        res.once('data', () => {
          request.destroy()
          resolve()
        })
      })
      request.on('error', () => {})
    })
    await cancelledAt
    await expect(finished).resolves.toBeUndefined()
  }, 60_000)

  it('sends what React rendered at once in one compressed piece, and what it renders later in another', async () => {
    const encode = (text: string) => new TextEncoder().encode(text)
    let renderLater!: () => void
    // A page whose shell renders at once in 20 pieces, and a part (a Suspense boundary) that comes later.
    const page = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 20; i++) controller.enqueue(encode(`<p>piece ${i}</p>`))
          renderLater = () => {
            controller.enqueue(encode('<p>later</p>'))
            controller.close()
          }
        },
      })
    const url = await serve(writeBodyToResponse, page)
    const received = await new Promise<Buffer[]>((resolve, reject) => {
      http
        .get(`${url}/page`, { headers: { 'accept-encoding': 'br' } }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => {
            // The shell arrives before the rest is rendered: the page still streams.
            if (chunks.push(chunk) === 1) renderLater()
          })
          res.on('end', () => resolve(chunks))
          res.on('error', reject)
        })
        .on('error', reject)
    })
    const shell = zlib.brotliDecompressSync(received[0]!, { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }).toString()
    expect(shell).toBe(Array.from({ length: 20 }, (_, i) => `<p>piece ${i}</p>`).join(''))
    expect(received).toHaveLength(2)
    expect(zlib.brotliDecompressSync(Buffer.concat(received)).toString()).toBe(`${shell}<p>later</p>`)
  })
})
