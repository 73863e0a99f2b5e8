import { useEffect, useRef, useState } from 'react'
import { type StorefrontSettings, whatsappHref } from '~/features/settings/shop-settings'
import { WhatsAppIcon } from './icons'
import { m } from '~/i18n/paraglide/messages.js'

/** Elements a floating button must never cover: the button each page exists for (Add to Cart, Proceed to Payment…). */
export const MAIN_ACTION_SELECTOR = '[data-main-action]'

/** Whether two boxes overlap, with `gap` pixels of air around the first. */
function overlaps(a: DOMRect, b: DOMRect, gap: number) {
  return a.left - gap < b.right && a.right + gap > b.left && a.top - gap < b.bottom && a.bottom + gap > b.top
}

/**
 * Steps out of the way (hidden, and no longer under the finger) while a page's main action passes beneath it: on a
 * phone the floating button sat on the right third of "Add to Cart" and "Proceed to Payment" (issue 18).
 */
function useStepsAside() {
  const ref = useRef<HTMLAnchorElement>(null)
  const [aside, setAside] = useState(false)
  useEffect(() => {
    let frame = 0
    const check = () => {
      frame = 0
      const own = ref.current?.getBoundingClientRect()
      if (!own) return
      const covered = [...document.querySelectorAll(MAIN_ACTION_SELECTOR)].some((el) => overlaps(own, el.getBoundingClientRect(), 8))
      setAside(covered)
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check)
    }
    check()
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    // Pages change under it without a scroll: a client navigation, a cart that finished loading, a dialog.
    const observer = new MutationObserver(schedule)
    observer.observe(document.body, { childList: true, subtree: true })
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
      observer.disconnect()
    }
  }, [])
  return { ref, aside }
}

/** The floating chat button of the shared frame: opens WhatsApp with the support number. */
export function WhatsAppButton({ settings }: { settings: StorefrontSettings }) {
  const { ref, aside } = useStepsAside()
  return (
    <a
      ref={ref}
      href={whatsappHref(settings)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={m.layout_whatsapp()}
      title={m.layout_whatsapp()}
      data-stepped-aside={aside ? '' : undefined}
      className={`fixed right-4 bottom-4 z-30 inline-flex size-14 items-center justify-center rounded-full bg-[#1f8f4e] text-white shadow-lg ring-4 ring-white/80 transition hover:scale-105 hover:bg-[#187a41] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-turmeric-700 motion-reduce:transition-none sm:right-6 sm:bottom-6 ${aside ? 'invisible opacity-0' : 'visible opacity-100'}`}
    >
      <WhatsAppIcon />
    </a>
  )
}
