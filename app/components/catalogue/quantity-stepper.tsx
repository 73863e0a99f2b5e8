import { useEffect, useState } from 'react'
import { focusRing } from './styles'
import { m } from '~/i18n/paraglide/messages.js'

type Props = {
  id: string
  value: number
  /** Units in stock: the stepper never goes above it (nor below 1). */
  max: number
  onChange: (quantity: number) => void
  label?: string
}

export function clampQuantity(n: number, max: number) {
  if (!Number.isFinite(n)) return 1
  return Math.min(Math.max(1, Math.floor(n)), Math.max(1, max))
}

const stepButton = `flex h-11 w-11 items-center justify-center text-xl font-bold text-leaf-800 hover:bg-leaf-50 aria-disabled:cursor-not-allowed aria-disabled:text-stone-500 aria-disabled:hover:bg-transparent ${focusRing}`

/**
 * Minus / number / plus. Typing is allowed; the number settles within 1..max when the field is left.
 * At a limit the buttons are aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page.
 * What a button did is said in a live region, since focus stays on the button, not on the number.
 */
export function QuantityStepper({ id, value, max, onChange, label = m.catalogue_quantity() }: Props) {
  const [draft, setDraft] = useState(String(value))
  const [said, setSaid] = useState('')
  useEffect(() => setDraft(String(value)), [value])
  const step = (by: 1 | -1) => {
    const next = clampQuantity(value + by, max)
    if (next !== value) onChange(next)
    const said = { label, quantity: next }
    if (by > 0 && next >= max)
      setSaid(max === 1 ? m.catalogue_quantity_said_only_one(said) : m.catalogue_quantity_said_all({ ...said, max }))
    else if (by < 0 && next <= 1) setSaid(m.catalogue_quantity_said_least(said))
    else setSaid(m.catalogue_quantity_said(said))
  }

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <div className="inline-flex w-fit items-center rounded-md border border-stone-400">
        <button
          type="button"
          className={`${stepButton} rounded-l-md`}
          aria-label={m.catalogue_quantity_decrease()}
          aria-controls={id}
          aria-disabled={value <= 1}
          onClick={() => step(-1)}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, max)}
          step={1}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value)
            const n = Number.parseInt(e.target.value, 10)
            if (!Number.isNaN(n)) onChange(clampQuantity(n, max))
          }}
          onBlur={() => setDraft(String(value))}
          className={`h-11 w-16 border-x border-stone-400 text-center text-lg tabular-nums [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none ${focusRing}`}
        />
        <button
          type="button"
          className={`${stepButton} rounded-r-md`}
          aria-label={m.catalogue_quantity_increase()}
          aria-controls={id}
          aria-disabled={value >= max}
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
      <span aria-live="polite" className="sr-only">
        {said}
      </span>
      <p className="text-xs text-stone-700">{max === 1 ? m.catalogue_only_one_left() : m.catalogue_up_to_in_stock({ max })}</p>
    </div>
  )
}
