import { useState } from 'react'
import { ProductImage } from './product-image'
import { focusRing } from './styles'

const DETAIL_IMAGE_SIZES = '(min-width: 768px) 480px, 100vw'

/** The front of the pack; a click (or Enter/Space) turns it to show the back, and again to the front. */
export function ImageToggle({ name, front, back }: { name: string; front: string | null; back: string | null }) {
  const [side, setSide] = useState<'front' | 'back'>('front')
  const frontImage = (
    <ProductImage
      imageKey={front}
      alt={`${name}, front of the pack`}
      sizes={DETAIL_IMAGE_SIZES}
      loading="eager"
      priority="high"
      hidden={side !== 'front'}
      className="rounded-lg"
    />
  )
  if (!back) return <div className="overflow-hidden rounded-lg border border-stone-200">{frontImage}</div>

  return (
    <div>
      <button
        type="button"
        onClick={() => setSide(side === 'front' ? 'back' : 'front')}
        aria-label={side === 'front' ? 'Show the back of the pack' : 'Show the front of the pack'}
        className={`block w-full cursor-pointer overflow-hidden rounded-lg border border-stone-200 ${focusRing}`}
      >
        {frontImage}
        {/* Loaded with the page, at low priority, so the turn is instant. */}
        <ProductImage
          imageKey={back}
          alt={`${name}, back of the pack`}
          sizes={DETAIL_IMAGE_SIZES}
          loading="eager"
          priority="low"
          hidden={side !== 'back'}
          className="rounded-lg"
        />
      </button>
      <p className="mt-2 text-center text-sm text-stone-700">
        {side === 'front' ? 'Click the image to see the backside' : 'Click the image to see the front'}
      </p>
    </div>
  )
}
