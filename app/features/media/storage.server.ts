import fs from 'node:fs'
import path from 'node:path'

/** Where media files live: local disk by default; an S3 driver joins later with the same shape. */
export interface MediaStorage {
  has(name: string): Promise<boolean>
  put(name: string, body: Buffer): Promise<void>
  read(name: string): Promise<Buffer | null>
  /** A stream for serving, or null when absent. */
  open(name: string): Promise<{ stream: NodeJS.ReadableStream; size: number } | null>
}

export function localDiskStorage(dir: string): MediaStorage {
  fs.mkdirSync(dir, { recursive: true })
  const file = (name: string) => path.join(dir, path.basename(name))
  return {
    async has(name) {
      return fs.existsSync(file(name))
    },
    async put(name, body) {
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file(name)}.${process.pid}.tmp`
      await fs.promises.writeFile(tmp, body)
      await fs.promises.rename(tmp, file(name))
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
