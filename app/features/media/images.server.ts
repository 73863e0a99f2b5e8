import crypto from 'node:crypto'
import sharp, { type Metadata } from 'sharp'
import { IMAGE_WIDTHS, LOGO_BOX, MEDIA_FILE_PATTERN } from './media-url'
import type { MediaStorage } from './storage.server'
import { m } from '~/i18n/paraglide/messages.js'

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif'])
/** Refuse decompression bombs: no upload may decode to more than this many pixels. */
const MAX_INPUT_PIXELS = 40_000_000

export class ImageRejectedError extends Error {}

const sourceName = (key: string) => `${key}-source`

const svgRefused = () => m.media_svg_refused()

/** An SVG (or any XML) by its first characters, whether or not the image library could read it. */
const looksLikeSvg = (upload: Buffer) =>
  /^\s*(<\?xml|<!--|<!doctype svg|<svg)/i.test(
    upload
      .subarray(0, 512)
      .toString('utf8')
      .replace(/^\uFEFF/, ''),
  )

async function checkedKey(upload: Buffer) {
  // A drawing may carry script and links that run where it is opened as a page: never kept (decision 070).
  if (looksLikeSvg(upload)) throw new ImageRejectedError(svgRefused())
  let metadata: Metadata
  try {
    metadata = await sharp(upload).metadata()
  } catch {
    throw new ImageRejectedError(m.media_not_an_image())
  }
  if (metadata.format === 'svg') throw new ImageRejectedError(svgRefused())
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new ImageRejectedError(m.media_wrong_format())
  }
  if (!metadata.width || !metadata.height || metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw new ImageRejectedError(m.media_too_many_pixels())
  }
  return crypto.createHash('sha256').update(upload).digest('hex').slice(0, 32)
}

async function renderVariant(source: Buffer, width: number) {
  return sharp(source, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer()
}

/**
 * Checks an upload by its content, keeps it as the source, converts it to WebP at every width and stores it
 * all by content hash. Returns the media key. Storing the same picture twice costs nothing.
 */
export async function storeImage(storage: MediaStorage, upload: Buffer): Promise<string> {
  const key = await checkedKey(upload)
  // Render every width before storing anything, so a damaged upload leaves nothing behind.
  let variants: Buffer[]
  try {
    variants = await Promise.all(IMAGE_WIDTHS.map((width) => renderVariant(upload, width)))
  } catch {
    throw new ImageRejectedError(m.media_damaged())
  }
  await storage.put(sourceName(key), upload)
  await Promise.all(IMAGE_WIDTHS.map((width, i) => storage.put(`${key}-${width}.webp`, variants[i]!)))
  return key
}

/**
 * Makes a logo from an upload (issue 39): checked like any picture, then drawn again at most LOGO_BOX in size (its
 * shape kept, never enlarged, transparency kept) as a PNG, which is stored as a picture is. Only pixels survive:
 * no metadata, no script, whatever the upload held. Returns its media key and size.
 */
export async function storeLogo(storage: MediaStorage, upload: Buffer): Promise<{ key: string; width: number; height: number }> {
  await checkedKey(upload)
  let logo: { data: Buffer; info: { width: number; height: number } }
  try {
    logo = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: LOGO_BOX.width, height: LOGO_BOX.height, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw new ImageRejectedError(m.media_damaged())
  }
  const key = await storeImage(storage, logo.data)
  return { key, width: logo.info.width, height: logo.info.height }
}

/**
 * Checks and keeps only the source; the widths are made when first asked for (see `ensureImageVariant`).
 * For loading many known-good pictures at once, such as the demo catalogue, without a long start.
 * `allWidths` makes the missing widths now instead: with PUBLIC_MEDIA_URL browsers fetch from a CDN or the
 * bucket, which cannot make them on request.
 */
export async function storeImageSource(storage: MediaStorage, upload: Buffer, options: { allWidths?: boolean } = {}): Promise<string> {
  const key = await checkedKey(upload)
  if (!(await storage.has(sourceName(key)))) await storage.put(sourceName(key), upload)
  if (options.allWidths) {
    for (const width of IMAGE_WIDTHS) {
      const name = `${key}-${width}.webp`
      if (!(await storage.has(name))) await storage.put(name, await renderVariant(upload, width))
    }
  }
  return key
}

/** Makes a missing width of a stored picture from its source. False when there is no such picture. */
export async function ensureImageVariant(storage: MediaStorage, fileName: string) {
  const match = fileName.match(MEDIA_FILE_PATTERN)
  if (!match) return false
  if (await storage.has(fileName)) return true
  const source = await storage.read(sourceName(match[1]!))
  if (!source) return false
  await storage.put(fileName, await renderVariant(source, Number(match[2])))
  return true
}
