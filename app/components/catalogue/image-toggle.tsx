import { useState } from 'react'
import { ProductImage } from './product-image'
import { focusRing } from './styles'
import { m } from '~/i18n/paraglide/messages.js'

const DETAIL_IMAGE_SIZES = '(min-width: 768px) 480px, 100vw'

/** The front of the pack; a click (or Enter/Space) turns it to show the back, and again to the front. */
export function ImageToggle({ name, front, back }: { name: string; front: string | null; back: string | null }) {
  const [side, setSide] = useState<'front' | 'back'>('front')
  // The back is fetched only once the visitor reaches for the picture (pointer, touch or focus), so the page
  // loads one picture; the turn that follows still finds it ready.
  const [backWanted, setBackWanted] = useState(false)
  const wantBack = () => setBackWanted(true)
  const frontImage = (
    <ProductImage
      imageKey={front}
      productName={name}
      side="front"
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
        onPointerEnter={wantBack}
        onTouchStart={wantBack}
        onFocus={wantBack}
        aria-label={side === 'front' ? m.catalogue_show_back() : m.catalogue_show_front()}
        className={`block w-full cursor-pointer overflow-hidden rounded-lg border border-stone-200 ${focusRing}`}
      >
        {frontImage}
        <ProductImage
          imageKey={back}
          productName={name}
          side="back"
          sizes={DETAIL_IMAGE_SIZES}
          loading={backWanted || side === 'back' ? 'eager' : 'lazy'}
          priority="low"
          hidden={side !== 'back'}
          className="rounded-lg"
        />
      </button>
      {/* The spec's words for a mouse; a touch screen is tapped (pointer: coarse). */}
      <p className="mt-2 text-center text-sm text-stone-700">
        <span className="pointer-coarse:hidden">{side === 'front' ? m.catalogue_click_for_back() : m.catalogue_click_for_front()}</span>
        <span className="hidden pointer-coarse:inline">{side === 'front' ? m.catalogue_tap_for_back() : m.catalogue_tap_for_front()}</span>
      </p>
    </div>
  )
}
