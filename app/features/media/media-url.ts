/** Every stored picture is kept as WebP at these widths, named by the hash of its upload. */
export const IMAGE_WIDTHS = [320, 640, 960] as const
export type ImageWidth = (typeof IMAGE_WIDTHS)[number]

/**
 * The box a logo is made to fit (storeLogo): twice the header's 36 px height with room to spare, and a wordmark's
 * width. Its picture is the 640 px width's file, which is never enlarged past the logo's own width.
 */
export const LOGO_BOX = { width: 480, height: 96 } as const

export const MEDIA_FILE_PATTERN = /^([a-f0-9]{32})-(320|640|960)\.webp$/

/**
 * Where pages fetch pictures from: the shop's own /media, or PUBLIC_MEDIA_URL (a CDN or the bucket) when set.
 * Passed to every helper that writes a picture's address: from the shop's config on the server, from the root
 * loader's data in the browser (components/layout/use-shop-settings.ts), never kept in a module.
 */
export function mediaBaseFor(publicMediaUrl: string | null | undefined) {
  return publicMediaUrl ? publicMediaUrl.replace(/\/+$/, '') : '/media'
}

export function mediaUrl(mediaBase: string, key: string, width: ImageWidth = 640) {
  return `${mediaBase}/${key}-${width}.webp`
}

export function mediaSrcSet(mediaBase: string, key: string) {
  return IMAGE_WIDTHS.map((w) => `${mediaUrl(mediaBase, key, w)} ${w}w`).join(', ')
}
