import type { ServerResponse } from 'node:http'

/**
 * Writes a page's streamed body to the response, flushing compression whenever React has sent all it has so far, so
 * a streamed page arrives as React renders it, and waiting for 'drain' when the client reads slower than we write.
 *
 * One 'drain' listener for the whole answer, not one per wait: the `compression` middleware hands a response's
 * 'drain' listeners to its zlib stream but cannot take them back (its res.on is proxied, res.off is not), so a
 * listener added and removed per wait — as @react-router/node's writeReadableStreamToWritable does — stays on the
 * stream, and a long page (/Delete lists every product) passed ten of them: MaxListenersExceededWarning.
 */
export async function writeBodyToResponse(body: ReadableStream<Uint8Array>, res: ServerResponse & { flush?: () => void }) {
  let wake: (() => void) | undefined
  const wakeWriter = () => {
    const waiting = wake
    wake = undefined
    waiting?.()
  }
  res.on('drain', wakeWriter)
  res.once('close', wakeWriter)
  const reader = body.getReader()
  const gone = () => res.destroyed || res.writableEnded
  // React hands over a page rendered at once in a few dozen pieces of about 2 KB, each a read here: flushed one by one,
  // each cost a compressed block of its own and a write to the socket. Flushed once nothing more is ready (after the
  // reads that are already settled), a page arrives in as many pieces as React had moments to send, as before.
  let flushing: NodeJS.Immediate | undefined
  const flushSoon = () => {
    flushing ??= setImmediate(() => {
      flushing = undefined
      if (!gone()) res.flush?.()
    })
  }
  try {
    for (;;) {
      if (gone()) {
        await reader.cancel()
        return
      }
      const { done, value } = await reader.read()
      if (done) break
      if (gone()) {
        await reader.cancel()
        return
      }
      const more = res.write(value)
      flushSoon()
      if (!more && !gone()) await new Promise<void>((resolve) => (wake = resolve))
    }
    res.end()
  } catch (err) {
    await reader.cancel(err).catch(() => {})
    if (!gone()) res.destroy(err as Error)
    throw err
  } finally {
    clearImmediate(flushing)
    res.off('close', wakeWriter)
    reader.releaseLock()
  }
}
