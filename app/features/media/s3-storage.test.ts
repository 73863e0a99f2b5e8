import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { S3RVER_KEYS, startTestS3, type TestS3 } from '../../../tests/support/s3-server'
import { ensureImageVariant, storeImage, storeImageSource } from './images.server'
import { type S3MediaStorage, s3Storage } from './s3-storage.server'

let s3: TestS3
let storage: S3MediaStorage

beforeAll(async () => {
  s3 = await startTestS3('media')
  storage = s3Storage({ bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', ...S3RVER_KEYS })
})
afterAll(async () => {
  storage?.close()
  await s3?.stop()
})

const png = (width: number, height: number, background = '#3f7a2e') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()

const readAll = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

describe('media on an S3-compatible server (s3rver on loopback)', () => {
  it('reaches the bucket, and names a missing one', async () => {
    await expect(storage.check()).resolves.toBeUndefined()
    const wrong = s3Storage({ bucket: 'no-such-bucket', endpoint: s3.endpoint, region: 'us-east-1', ...S3RVER_KEYS })
    await expect(wrong.check()).rejects.toThrow(/"no-such-bucket" at http:\/\/127\.0\.0\.1/)
    wrong.close()
  })

  it('puts, finds, reads and opens an object, with its type and a year of caching', async () => {
    const body = Buffer.from('RIFF\0\0\0\0WEBPVP8 some bytes')
    const name = `${'a'.repeat(32)}-320.webp`
    expect(await storage.has(name)).toBe(false)
    await storage.put(name, body)
    expect(await storage.has(name)).toBe(true)
    expect(await storage.read(name)).toEqual(body)
    const opened = await storage.open(name)
    expect(opened?.size).toBe(body.length)
    expect(await readAll(opened!.stream)).toEqual(body)
    const stored = await s3.object(name)
    expect(stored.contentType).toBe('image/webp')
    expect(stored.cacheControl).toBe('public, max-age=31536000, immutable')
  })

  it('answers null or false for a missing object, and throws for other errors', async () => {
    const name = `${'b'.repeat(32)}-640.webp`
    expect(await storage.has(name)).toBe(false)
    expect(await storage.read(name)).toBeNull()
    expect(await storage.open(name)).toBeNull()
    // A missing bucket is a setup error, not a missing picture.
    const wrong = s3Storage({ bucket: 'no-such-bucket', endpoint: s3.endpoint, region: 'us-east-1', ...S3RVER_KEYS })
    await expect(wrong.read(name)).rejects.toThrow()
    await expect(wrong.put(name, Buffer.from('x'))).rejects.toThrow()
    wrong.close()
    // Unknown keys are refused by the server, not taken for an absent object.
    const stranger = s3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      accessKeyId: 'STRANGER',
      secretAccessKey: 'STRANGER',
    })
    await expect(stranger.read(name)).rejects.toThrow(/access key/i)
    await expect(stranger.has(name)).rejects.toThrow()
    stranger.close()
  })

  it('gives up on a server that does not answer, within its bounds', async () => {
    // Nothing listens on port 1 of loopback: refused at once, after the SDK's few retries.
    const nowhere = s3Storage({ bucket: 'media', endpoint: 'http://127.0.0.1:1', region: 'us-east-1', ...S3RVER_KEYS })
    await expect(nowhere.has('x')).rejects.toThrow()
    nowhere.close()
  })

  it('stores an upload through the image pipeline as WebP objects at every width, and its source', async () => {
    const upload = await png(1000, 800, '#aa3311')
    const key = await storeImage(storage, upload)
    const keys = await s3.keys()
    expect(keys).toEqual(expect.arrayContaining([`${key}-320.webp`, `${key}-640.webp`, `${key}-960.webp`, `${key}-source`]))
    for (const width of [320, 640, 960]) {
      const object = await s3.object(`${key}-${width}.webp`)
      expect(object.contentType).toBe('image/webp')
      const meta = await sharp(object.bytes).metadata()
      expect(meta.format).toBe('webp')
      expect(meta.width).toBe(width)
    }
    const source = await s3.object(`${key}-source`)
    expect(source.bytes).toEqual(upload)
    expect(source.contentType).toBe('image/png')
  })

  it('makes a width on first request from a source in the bucket, or every width at once when asked', async () => {
    const lazy = await storeImageSource(storage, await png(700, 700, '#1133aa'))
    expect(await storage.has(`${lazy}-640.webp`)).toBe(false)
    expect(await ensureImageVariant(storage, `${lazy}-640.webp`)).toBe(true)
    expect((await sharp((await storage.read(`${lazy}-640.webp`))!).metadata()).width).toBe(640)
    expect(await ensureImageVariant(storage, `${'c'.repeat(32)}-640.webp`)).toBe(false)

    const eager = await storeImageSource(storage, await png(700, 700, '#33aa11'), { allWidths: true })
    const keys = await s3.keys()
    for (const width of [320, 640, 960]) expect(keys).toContain(`${eager}-${width}.webp`)
  })
})
