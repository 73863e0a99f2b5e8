import { languageHeaders } from '~/i18n/language'
import { useEffect, useId, useState, useSyncExternalStore } from 'react'
import { rememberedPinStore, typedPin } from '~/features/shipping/remembered-pin'
import { m } from '~/i18n/paraglide/messages.js'

/** What GET /api/delivery-estimate answers, as far as this shows it (PinDeliveryAnswer on the server). */
export type PinAnswer = { pin: string; delivers: boolean; codOffered: boolean; message: string }

/** The PIN the customer last asked about, in every tab; '' before the page has started and when there is none. */
export function useRememberedPin() {
  return useSyncExternalStore(rememberedPinStore.subscribe, rememberedPinStore.getSnapshot, rememberedPinStore.getServerSnapshot)
}

/**
 * Whether, when and with cash on delivery or not the shop delivers to a PIN: "Delivered by Thu, 4 Dec · Cash on
 * delivery available" or "We do not deliver to 744101 yet." `lines` names what is delivered, as the API takes it
 * (`product=…&size=…` or `cart=…`): the server weighs it. With `pin` the PIN is the address's and cannot be changed
 * here (the checkout); otherwise the customer types one, remembered in the browser. Without JavaScript the form is a
 * plain GET of the page (`pin` and the `hidden` fields), which answers with `initial`.
 */
export function DeliveryByPin({
  lines,
  pin: fixedPin,
  initial = null,
  hidden = {},
  className = '',
}: {
  lines: string
  pin?: string
  initial?: PinAnswer | null
  hidden?: Record<string, string>
  className?: string
}) {
  const remembered = useRememberedPin()
  const pin = fixedPin ?? remembered
  const [answer, setAnswer] = useState<PinAnswer | null>(initial)
  const [problem, setProblem] = useState<string | null>(null)
  const [typed, setTyped] = useState(initial?.pin ?? '')
  const id = useId()
  // The remembered PIN fills the box once the page has started (the server cannot know it).
  useEffect(() => {
    if (remembered) setTyped((now) => now || remembered)
  }, [remembered])

  useEffect(() => {
    if (!pin) return
    const controller = new AbortController()
    fetch(`/api/delivery-estimate?pin=${pin}${lines ? `&${lines}` : ''}`, { signal: controller.signal, headers: languageHeaders() })
      .then(async (res) => {
        const body = await res.json().catch(() => null)
        if (controller.signal.aborted) return
        if (!res.ok || !body) throw new Error(body?.error ?? m.catalogue_pin_check_failed())
        setAnswer(body as PinAnswer)
        setProblem(null)
      })
      .catch((err: Error) => {
        if (!controller.signal.aborted) setProblem(err.message)
      })
    return () => controller.abort()
  }, [pin, lines])

  const shown = answer && answer.pin === pin ? answer : pin ? null : answer
  const result = (
    <p
      id={`${id}-result`}
      aria-live="polite"
      className={shown && !shown.delivers ? 'text-sm font-medium text-red-700' : 'text-sm text-leaf-800'}
    >
      {problem ?? shown?.message ?? ''}
    </p>
  )
  if (fixedPin !== undefined) return <div className={className}>{result}</div>

  return (
    <form
      method="get"
      className={`grid gap-2 ${className}`}
      onSubmit={(event) => {
        event.preventDefault()
        const next = typedPin(typed)
        if (!next) {
          setProblem(m.catalogue_pin_help())
          return
        }
        setProblem(null)
        try {
          rememberedPinStore.write(next)
        } catch (err) {
          setProblem((err as Error).message)
        }
      }}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={`${id}-pin`} className="text-sm font-medium text-earth-900">
        {m.catalogue_delivery_to_pin()}
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-pin`}
          name="pin"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={7}
          placeholder="600001"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          aria-describedby={`${id}-result`}
          className="w-32 rounded-md border border-stone-400 px-3 py-2"
        />
        <button type="submit" className="rounded-md border border-leaf-700 px-4 py-2 font-medium text-leaf-800 hover:bg-leaf-50">
          {m.catalogue_check()}
        </button>
      </div>
      {result}
    </form>
  )
}

/** The cart's lines as GET /api/delivery-estimate takes them: `cart=<product>:<size>:<quantity>,…`. */
export function cartLinesQuery(lines: ReadonlyArray<{ id: string; size?: string; quantity: number }>) {
  return lines.length ? `cart=${lines.map((line) => `${line.id}:${line.size ?? 'one'}:${line.quantity}`).join(',')}` : ''
}
