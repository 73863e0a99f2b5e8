import { mediaSrcSet, mediaUrl } from '~/features/media/media-url'
import { useMediaBase } from '../layout/use-shop-settings'
import { m } from '~/i18n/paraglide/messages.js'

/** `sizes` for a card in the shelf grid (1 to 6 columns). */
export const CARD_IMAGE_SIZES =
  '(min-width: 1536px) 16vw, (min-width: 1280px) 20vw, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw'

type Props = {
  imageKey: string | null
  productName: string
  /** Which side of the pack the picture shows: its alt text says so. */
  side: 'front' | 'back'
  sizes: string
  /** Eager images are above the fold; `high` also asks the browser to fetch this one first. */
  loading?: 'eager' | 'lazy'
  priority?: 'high' | 'low' | 'auto'
  className?: string
  hidden?: boolean
}

/** What a product picture shows, for its alt text: the product and the side of its pack. */
export function productImageAlt(productName: string, side: 'front' | 'back') {
  return side === 'front' ? m.catalogue_image_front({ name: productName }) : m.catalogue_image_back({ name: productName })
}

/** A product picture in every stored width, square; a lettered tile when there is none yet. */
export function ProductImage({ imageKey, productName, side, sizes, loading = 'lazy', priority = 'auto', className = '', hidden }: Props) {
  const mediaBase = useMediaBase()
  if (!imageKey) {
    // No picture of the pack to describe: the tile says so.
    return (
      <div
        role="img"
        aria-label={m.catalogue_image_missing({ name: productName })}
        hidden={hidden}
        className={`flex aspect-square w-full items-center justify-center bg-leaf-50 p-4 text-center font-semibold text-leaf-800 ${className}`}
      >
        {productName}
      </div>
    )
  }
  const alt = productImageAlt(productName, side)
  return (
    <img
      src={mediaUrl(mediaBase, imageKey, 640)}
      srcSet={mediaSrcSet(mediaBase, imageKey)}
      sizes={sizes}
      width={640}
      height={640}
      alt={alt}
      loading={loading}
      fetchPriority={priority}
      decoding="async"
      hidden={hidden}
      className={`aspect-square w-full bg-leaf-50 object-cover ${className}`}
    />
  )
}
