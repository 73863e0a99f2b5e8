import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { ShopConfig } from '~/config.server'

/** Where media files live: local disk under DATA_DIR by default, or an S3 bucket (s3-storage.server.ts). */
export interface MediaStorage {
  has(name: string): Promise<boolean>
  put(name: string, body: Buffer): Promise<void>
  read(name: string): Promise<Buffer | null>
  /** A stream for serving, or null when absent. */
  open(name: string): Promise<{ stream: NodeJS.ReadableStream; size: number } | null>
  /** Lets go of connections, when the storage holds any. */
  close?(): void
}

type MediaConfig = Pick<ShopConfig, 'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>

/** The S3 bucket when S3_BUCKET is set (checked reachable, so a wrong setting stops start-up), else local disk. */
export async function openMediaStorage(config: MediaConfig): Promise<{ media: MediaStorage; description: string }> {
  if (!config.S3_BUCKET) {
    const dir = path.join(config.DATA_DIR, 'media')
    return { media: localDiskStorage(dir), description: `local disk in ${dir}` }
  }
  // Loaded only for a bucket: the SDK is a quarter of a second of every start that keeps pictures on disk.
  const { s3Storage } = await import('./s3-storage.server')
  const media = s3Storage({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  })
  try {
    await media.check()
  } catch (err) {
    media.close()
    throw err
  }
  const where = config.S3_ENDPOINT ? `at ${config.S3_ENDPOINT}` : `in ${config.S3_REGION}`
  return { media, description: `S3 bucket ${config.S3_BUCKET} ${where}` }
}

export function localDiskStorage(dir: string): MediaStorage {
  fs.mkdirSync(dir, { recursive: true })
  const file = (name: string) => path.join(dir, path.basename(name))
  return {
    async has(name) {
      return fs.existsSync(file(name))
    },
    async put(name, body) {
      // Write then rename, so a reader never sees half a file; a failed write (a full disk) leaves no part behind.
      const tmp = `${file(name)}.${process.pid}-${crypto.randomBytes(4).toString('hex')}.tmp`
      try {
        await fs.promises.writeFile(tmp, body)
        await fs.promises.rename(tmp, file(name))
      } catch (err) {
        await fs.promises.rm(tmp, { force: true }).catch(() => {})
        throw err
      }
    },
    async read(name) {
      try {
        return await fs.promises.readFile(file(name))
      } catch {
        return null
      }
    },
    async open(name) {
      try {
        const stat = await fs.promises.stat(file(name))
        return { stream: fs.createReadStream(file(name)), size: stat.size }
      } catch {
        return null
      }
    },
  }
}
