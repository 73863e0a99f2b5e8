import { useEffect, useState } from 'react'
import { focusRing } from './styles'

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

const stepButton = `flex h-11 w-11 items-center justify-center text-xl font-bold text-leaf-800 hover:bg-leaf-50 disabled:cursor-not-allowed disabled:text-stone-400 disabled:hover:bg-transparent ${focusRing}`

/** Minus / number / plus. Typing is allowed; the number settles within 1..max when the field is left. */
export function QuantityStepper({ id, value, max, onChange, label = 'Quantity' }: Props) {
  const [draft, setDraft] = useState(String(value))
  useEffect(() => setDraft(String(value)), [value])

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <div className="inline-flex w-fit items-center rounded-md border border-stone-400">
        <button
          type="button"
          className={`${stepButton} rounded-l-md`}
          aria-label="Decrease quantity"
          aria-controls={id}
          disabled={value <= 1}
          onClick={() => onChange(clampQuantity(value - 1, max))}
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
          aria-label="Increase quantity"
          aria-controls={id}
          disabled={value >= max}
          onClick={() => onChange(clampQuantity(value + 1, max))}
        >
          +
        </button>
      </div>
      <p className="text-xs text-stone-700">{max === 1 ? 'Only 1 left in stock' : `Up to ${max} in stock`}</p>
    </div>
  )
}
