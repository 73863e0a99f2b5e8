import { useId, useRef } from 'react'
import { telHref } from '~/features/settings/shop-settings'
import { primaryButton, secondaryButton } from './styles'
import { m } from '~/i18n/paraglide/messages.js'

/**
 * The spec's Checkout button on sized products, named for what it opens (decision 072): large quantities are sold by phone. A native modal
 * dialog: Escape closes it, focus stays inside, and returns to the button when it closes.
 */
export function BulkOrderDialog({ phone }: { phone: string }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const close = () => dialog.current?.close()
  const open = () => {
    dialog.current?.showModal()
    // The safe choice first: Enter on open must not dial.
    cancel.current?.focus()
  }

  return (
    <>
      <button ref={opener} type="button" className={secondaryButton} onClick={open}>
        {m.catalogue_bulk_open()}
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; Escape closes a dialog by itself */}
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClose={() => opener.current?.focus()}
        onClick={(e) => {
          // A click on the backdrop (the dialog element itself, outside its box) closes it.
          if (e.target === dialog.current) close()
        }}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-0 shadow-xl backdrop:bg-black/50"
      >
        <div className="p-6">
          <h2 id={titleId} className="text-xl font-bold">
            {m.catalogue_bulk_title()}
          </h2>
          <p className="mt-3">
            {m.catalogue_bulk_call_before()}
            <a href={telHref(phone)} className="font-semibold text-leaf-800 underline underline-offset-2">
              {phone}
            </a>
            {m.catalogue_bulk_call_after()}
          </p>
          <div className="mt-6 flex justify-end gap-3">
            <button ref={cancel} type="button" className={secondaryButton} onClick={close}>
              {m.catalogue_cancel()}
            </button>
            <a href={telHref(phone)} className={primaryButton} onClick={close}>
              {m.catalogue_ok()}
              <span className="sr-only">{m.catalogue_call_phone({ phone })}</span>
            </a>
          </div>
        </div>
      </dialog>
    </>
  )
}
