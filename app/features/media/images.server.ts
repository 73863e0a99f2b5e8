import crypto from 'node:crypto'
import sharp from 'sharp'
import { IMAGE_WIDTHS } from './media-url'
import type { MediaStorage } from './storage.server'

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'tiff'])
/** Refuse decompression bombs: no upload may decode to more than this many pixels. */
const MAX_INPUT_PIXELS = 40_000_000

export class ImageRejectedError extends Error {}

/**
 * Checks an upload by its content, converts it to WebP at every width and stores it by content hash.
 * Returns the media key. Storing the same picture twice costs nothing.
 */
export async function storeImage(storage: MediaStorage, upload: Buffer): Promise<string> {
  let format: string | undefined
  try {
    format = (await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format
  } catch {
    throw new ImageRejectedError('The file is not an image we can read.')
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new ImageRejectedError('Please upload a JPEG, PNG, WebP or AVIF image.')
  }
  const key = crypto.createHash('sha256').update(upload).digest('hex').slice(0, 32)
  for (const width of IMAGE_WIDTHS) {
    const name = `${key}-${width}.webp`
    if (await storage.has(name)) continue
    try {
      const webp = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer()
      await storage.put(name, webp)
    } catch {
      throw new ImageRejectedError('The image could not be processed; it may be damaged.')
    }
  }
  return key
}
