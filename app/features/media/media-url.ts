/** Every stored picture is kept as WebP at these widths, named by the hash of its upload. */
export const IMAGE_WIDTHS = [320, 640, 960] as const
export type ImageWidth = (typeof IMAGE_WIDTHS)[number]

export const MEDIA_FILE_PATTERN = /^([a-f0-9]{32})-(320|640|960)\.webp$/

export function mediaUrl(key: string, width: ImageWidth = 640) {
  return `/media/${key}-${width}.webp`
}

export function mediaSrcSet(key: string) {
  return IMAGE_WIDTHS.map((w) => `${mediaUrl(key, w)} ${w}w`).join(', ')
}
