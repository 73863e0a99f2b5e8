import { type ReactNode, useEffect, useRef } from 'react'
import { useHydrated } from '~/components/layout/use-hydrated'

/**
 * A native modal dialog shown while the page's URL asks for it (?edit=… or ?delete=…), so it also opens without
 * JavaScript (then as a plain open dialog). Closing it (Escape) calls onClose, which leaves that URL.
 */
export function PageDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const hydrated = useHydrated()
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !hydrated) return
    if (!dialog.open) dialog.showModal()
  }, [hydrated])

  return (
    <dialog
      ref={ref}
      open={hydrated ? undefined : true}
      aria-labelledby="page-dialog-title"
      onClose={onClose}
      className="m-auto w-[min(48rem,calc(100%-2rem))] rounded-2xl bg-white p-0 text-earth-900 shadow-xl backdrop:bg-black/50"
    >
      <div className="max-h-[85vh] overflow-y-auto p-5 sm:p-8">
        <h2 id="page-dialog-title" className="font-serif text-2xl font-semibold">
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </div>
    </dialog>
  )
}
