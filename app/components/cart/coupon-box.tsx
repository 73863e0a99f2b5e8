import { useEffect, useId, useRef, useState } from 'react'
import { secondaryButton } from '~/components/catalogue/styles'
import { controlProps, Field, FieldError } from '~/components/forms/fields'
import { focusFirstError } from '~/components/forms/focus-first-error'
import type { CartQuote } from '~/features/checkout/quote.server'
import { formatRupees } from '~/features/money/money'
import { m } from '~/i18n/paraglide/messages.js'

/**
 * The coupon code box of the cart: the code is kept in the browser with the cart, and the server says at every
 * quote what it takes off, or why nothing (the browser never sets a discount).
 */
export function CouponBox({
  code,
  quote,
  onApply,
  onRemove,
}: {
  code: string | null
  quote: CartQuote | null
  onApply: (code: string) => void
  onRemove: () => void
}) {
  const id = useId()
  const [typed, setTyped] = useState('')
  const coupon = quote?.coupon ?? null
  const form = useRef<HTMLFormElement>(null)
  // Set when Apply sends a code: the server's next word on the code, if a refusal, takes the keyboard to it.
  const asked = useRef(false)
  useEffect(() => {
    if (!asked.current || !coupon) return
    asked.current = false
    if (!coupon.applied) focusFirstError(form.current)
  }, [coupon])
  if (code && coupon?.applied) {
    return (
      <div className="flex flex-wrap items-center justify-end gap-3 rounded-md bg-leaf-50 p-3 text-leaf-900" data-testid="coupon-applied">
        <p>
          {m.cart_coupon_applied_before()}
          <strong>{coupon.code}</strong>
          {m.cart_coupon_applied_middle()}
          <strong>{formatRupees(coupon.discountPaise)}</strong>
          {m.cart_coupon_applied_after()}
        </p>
        <button type="button" onClick={onRemove} className="font-medium text-leaf-800 underline underline-offset-2">
          {m.cart_remove_code()}
        </button>
      </div>
    )
  }
  const refused = code && coupon && !coupon.applied ? coupon.message : null
  return (
    <form
      ref={form}
      className="flex w-full max-w-md flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        const next = typed.trim()
        if (!next) return
        // The same code again gets no new answer: its refusal is already there.
        if (refused && next === code) return focusFirstError(event.currentTarget)
        asked.current = true
        onApply(next)
      }}
    >
      <Field id={`${id}-code`} label={m.cart_coupon_code()} labelClassName="font-medium text-earth-900" className="flex flex-col gap-2">
        <div className="flex gap-2">
          <input
            {...controlProps(`${id}-code`, refused ?? undefined)}
            name="couponCode"
            value={typed || (refused ? (code ?? '') : '')}
            onChange={(e) => setTyped(e.target.value)}
            maxLength={32}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            className={`min-h-11 flex-1 rounded-md border px-3 uppercase ${refused ? 'border-red-600' : 'border-stone-300'}`}
          />
          <button type="submit" className={secondaryButton}>
            {m.cart_apply()}
          </button>
        </div>
      </Field>
      <FieldError id={`${id}-code`} error={refused ?? undefined} role="alert" className="text-sm font-medium text-red-700">
        {' '}
        <button type="button" onClick={onRemove} className="underline underline-offset-2">
          {m.cart_remove_code()}
        </button>
      </FieldError>
    </form>
  )
}
