import { Readable } from 'node:stream'
import { GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import type { MediaStorage } from './storage.server'

export type S3StorageOptions = {
  bucket: string
  /** An S3-compatible server (MinIO, s3rver, …); without it, AWS's own endpoint for the region. */
  endpoint?: string
  region: string
  /** Both or neither: without them the SDK finds credentials itself (environment, instance role, …). */
  accessKeyId?: string
  secretAccessKey?: string
}

export type S3MediaStorage = MediaStorage & {
  /** Fails with a message naming the bucket when it cannot be reached; the shop checks this at start. */
  check(): Promise<void>
  /** Closes the client's kept-alive connections. */
  close(): void
}

/** Names are content hashes, so a stored object never changes: browsers and CDNs may keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/** The stored type of a picture: widths are WebP; a source is whatever was uploaded, known by its first bytes. */
export function contentTypeOf(name: string, body: Buffer) {
  if (name.endsWith('.webp')) return 'image/webp'
  if (body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return 'image/jpeg'
  if (body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png'
  if (body.toString('latin1', 0, 4) === 'RIFF' && body.toString('latin1', 8, 12) === 'WEBP') return 'image/webp'
  if (body.toString('latin1', 4, 8) === 'ftyp' && /^avi[fs]$/.test(body.toString('latin1', 8, 12))) return 'image/avif'
  return 'application/octet-stream'
}

/** An absent object (HEAD answers a bare 404; GET names it NoSuchKey). A missing bucket is not: that is a setup error. */
function isMissing(err: unknown) {
  if (!(err instanceof S3ServiceException)) return false
  if (err.name === 'NoSuchBucket') return false
  return err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata?.httpStatusCode === 404
}

/**
 * Media in an S3 bucket (AWS or any S3-compatible server), through the official SDK. Objects are named as on
 * local disk, at the bucket's root, so PUBLIC_MEDIA_URL can point at the bucket or a CDN in front of it.
 */
export function s3Storage(options: S3StorageOptions): S3MediaStorage {
  const { bucket, endpoint, region, accessKeyId, secretAccessKey } = options
  const client = new S3Client({
    region,
    endpoint,
    // S3-compatible servers on a plain host name (MinIO, s3rver) address buckets by path, not by subdomain.
    forcePathStyle: Boolean(endpoint),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // Bounded waits: a stalled storage server fails the request instead of holding it open forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true, socketTimeout: 30_000 },
    maxAttempts: 3,
    // Newer SDKs add CRC checksums to every request; several S3-compatible servers do not understand them.
    ...(endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const } : {}),
  })

  async function get(name: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: name }))
    } catch (err) {
      if (isMissing(err)) return null
      throw err
    }
  }

  return {
    async has(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: name }))
        return true
      } catch (err) {
        if (isMissing(err)) return false
        throw err
      }
    },
    async put(name, body) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: name, Body: body, ContentType: contentTypeOf(name, body), CacheControl: IMMUTABLE }),
      )
    },
    async read(name) {
      const object = await get(name)
      if (!object?.Body) return null
      const bytes = await object.Body.transformToByteArray()
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    },
    async open(name) {
      const object = await get(name)
      if (!object?.Body) return null
      if (object.ContentLength !== undefined) return { stream: object.Body as Readable, size: object.ContentLength }
      // Without a length from the server, read it whole to know the size.
      const bytes = Buffer.from(await object.Body.transformToByteArray())
      return { stream: Readable.from([bytes]), size: bytes.length }
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }))
      } catch (err) {
        const where = endpoint ? ` at ${endpoint}` : ` in ${region}`
        const reason = err instanceof Error ? `${err.name}: ${err.message || 'no details'}` : String(err)
        throw new Error(`The media bucket "${bucket}"${where} cannot be used (S3_BUCKET, S3_ENDPOINT, S3_REGION, S3 keys): ${reason}`)
      }
    },
    close() {
      client.destroy()
    },
  }
}
