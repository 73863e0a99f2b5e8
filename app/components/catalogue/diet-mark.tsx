import { dietMarkLabel } from '~/features/catalogue/declarations'
import type { DietMark as Mark } from '~/features/catalogue/product'

/**
 * FSSAI's food mark (Labelling and Display Regulations, 2020): a green filled circle in a green square for
 * vegetarian food, a brown triangle in a brown square for non-vegetarian; nothing for what is not food.
 */
export function DietMark({ mark, withLabel = false, className = 'size-4' }: { mark: Mark; withLabel?: boolean; className?: string }) {
  if (mark === 'none') return withLabel ? <span className="text-sm text-stone-700">{dietMarkLabel('none')}</span> : null
  const colour = mark === 'veg' ? '#15803d' : '#7c2d12'
  return (
    <span className="inline-flex items-center gap-1.5">
      <svg viewBox="0 0 20 20" className={`shrink-0 ${className}`} role="img" aria-label={dietMarkLabel(mark)}>
        <rect x="1" y="1" width="18" height="18" fill="#fff" stroke={colour} strokeWidth="2" />
        {mark === 'veg' ? <circle cx="10" cy="10" r="5" fill={colour} /> : <path d="M10 4.5 15.5 14.5H4.5Z" fill={colour} />}
      </svg>
      {withLabel && <span className="text-sm text-stone-800">{dietMarkLabel(mark)}</span>}
    </span>
  )
}
