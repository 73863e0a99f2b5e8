import { type RatingSummary, ratingLabel } from '~/features/reviews/review'

// One star in a 20-unit cell; five side by side make the row.
const STAR = 'M10 1.6l2.5 5.2 5.7.8-4.1 4 1 5.7-5.1-2.7-5.1 2.7 1-5.7-4.1-4 5.7-.8z'

function StarRow({ className }: { className: string }) {
  return (
    <svg
      viewBox="0 0 100 20"
      className={className}
      aria-hidden="true"
      focusable="false"
      fill="currentColor"
      strokeWidth={1.2}
      strokeLinejoin="round"
    >
      {[0, 1, 2, 3, 4].map((i) => (
        <path key={i} d={STAR} transform={`translate(${i * 20} 0)`} />
      ))}
    </svg>
  )
}

/**
 * Five stars filled to `rating` (4.5 fills four and a half), drawn, not scripted: grey stars with gold ones over
 * them, cut to the rating's width. Decorative: the text or label beside them says the rating.
 */
export function Stars({ rating, className = '' }: { rating: number; className?: string }) {
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100))
  return (
    <span aria-hidden="true" className={`relative inline-block h-[1em] w-[5em] shrink-0 align-[-0.15em] ${className}`}>
      <StarRow className="absolute inset-0 h-full w-full stroke-stone-500 text-stone-200" />
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${percent}%` }}>
        <StarRow className="h-full w-[5em] max-w-none stroke-amber-700 text-amber-500" />
      </span>
    </span>
  )
}

/** A list card's rating: stars and the count, named in words for screen readers ("Rated 4.5 out of 5 from 12 reviews"). */
export function CardRating({ summary }: { summary: RatingSummary }) {
  return (
    <p className="text-sm text-earth-700">
      <span role="img" aria-label={ratingLabel(summary)} className="inline-flex items-center gap-1.5">
        <Stars rating={summary.average} />
        <span>
          {summary.average.toFixed(1)} ({summary.count})
        </span>
      </span>
    </p>
  )
}
