import { useEffect, useRef } from 'react'
import { formatRupees } from '~/features/money/money'
import { m } from '~/i18n/paraglide/messages.js'

/** The built-in provider's payment window, plainly marked as test mode. */
export function TestPaymentWindow(props: {
  open: boolean
  amountPaise: number
  busy: boolean
  onComplete: () => void
  onFail: () => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const d = dialog.current
    if (!d) return
    if (props.open && !d.open) d.showModal()
    if (!props.open && d.open) d.close()
  }, [props.open])
  return (
    <dialog
      ref={dialog}
      aria-labelledby="test-payment-title"
      onCancel={(e) => {
        e.preventDefault()
        props.onFail()
      }}
      className="m-auto w-[min(28rem,92vw)] rounded-xl p-0 backdrop:bg-black/50"
    >
      <div className="bg-amber-400 px-5 py-2 text-center text-sm font-bold tracking-wide text-earth-900 uppercase">
        {m.checkout_test_mode_banner()}
      </div>
      <div className="p-5">
        <h2 id="test-payment-title" className="text-xl font-semibold">
          {m.checkout_test_payment()}
        </h2>
        <p className="mt-2">
          {m.checkout_test_amount()}
          <strong>{formatRupees(props.amountPaise)}</strong>
        </p>
        <p className="mt-2 text-sm text-gray-700">{m.checkout_test_explain()}</p>
        <div className="mt-5 flex flex-wrap gap-3">
          <button
            type="button"
            disabled={props.busy}
            onClick={props.onComplete}
            className="rounded-md bg-leaf-700 px-4 py-2 font-medium text-white hover:bg-leaf-800 disabled:opacity-50"
          >
            {m.checkout_complete_test_payment()}
          </button>
          <button
            type="button"
            disabled={props.busy}
            onClick={props.onFail}
            className="rounded-md border border-red-700 px-4 py-2 font-medium text-red-800 hover:bg-red-50 disabled:opacity-50"
          >
            {m.checkout_fail_test_payment()}
          </button>
        </div>
      </div>
    </dialog>
  )
}
