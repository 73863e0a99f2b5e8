import { Link } from 'react-router'
import type { CartNotice } from './use-add-to-cart'
import { m } from '~/i18n/paraglide/messages.js'

/** Always in the page (empty until something happens), so screen readers announce each change. */
export function CartNoticeRegion({ notice, className = '' }: { notice: CartNotice | null; className?: string }) {
  const tone = notice?.kind === 'added' ? 'text-leaf-800' : notice?.kind === 'short' ? 'text-amber-900' : 'text-red-800'
  return (
    <p role="status" aria-live="polite" className={`min-h-5 text-sm font-medium ${tone} ${className}`}>
      {notice && (
        <>
          {notice.kind === 'added' && <span aria-hidden="true">✓ </span>}
          {notice.text}
          {notice.kind === 'added' && (
            <>
              {' '}
              <Link to="/Cart-page" className="relative z-10 underline underline-offset-2">
                {m.catalogue_view_cart()}
              </Link>
            </>
          )}
        </>
      )}
    </p>
  )
}
