/** Every stored picture is kept as WebP at these widths, named by the hash of its upload. */
export const IMAGE_WIDTHS = [320, 640, 960] as const
export type ImageWidth = (typeof IMAGE_WIDTHS)[number]

export const MEDIA_FILE_PATTERN = /^([a-f0-9]{32})-(320|640|960)\.webp$/

let mediaBase = '/media'

/**
 * Where pages fetch pictures from: the shop's own /media, or PUBLIC_MEDIA_URL (a CDN or the bucket) when set.
 * One value for the whole shop: the server sets it at start, the browser from the root loader's data (root.tsx).
 */
export function setMediaBase(base: string | null | undefined) {
  mediaBase = base ? base.replace(/\/+$/, '') : '/media'
}

export function mediaUrl(key: string, width: ImageWidth = 640) {
  return `${mediaBase}/${key}-${width}.webp`
}

export function mediaSrcSet(key: string) {
  return IMAGE_WIDTHS.map((w) => `${mediaUrl(key, w)} ${w}w`).join(', ')
}
