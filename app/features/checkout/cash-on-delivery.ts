import { formatRupees } from '../money/money'
import { m } from '~/i18n/paraglide/messages.js'

/**
 * The owner's rules for cash on delivery (issue 19, decision 043). Money in paise. `refusedPins`: whole PIN codes
 * (6 digits) or prefixes (1 to 5 digits: "6824" refuses 682400–682499).
 */
export type CodRules = {
  enabled: boolean
  feePaise: number
  minOrderPaise: number
  /** null for no maximum. */
  maxOrderPaise: number | null
  refusedPins: string[]
  /** A customer (by e-mail or phone) with this many COD parcels returned to origin is offered online payment only. */
  maxReturnedParcels: number
  /** An order not confirmed within this many hours cancels itself and gives its stock back. */
  confirmWithinHours: number
}

export const DEFAULT_COD_RULES: CodRules = {
  enabled: true,
  feePaise: 3_000,
  minOrderPaise: 0,
  maxOrderPaise: 500_000,
  refusedPins: [],
  maxReturnedParcels: 2,
  confirmWithinHours: 48,
}

/** The most a list of refused PIN codes may be as typed: the settings form it comes in holds 16 KiB in all. */
export const MAX_REFUSED_PINS_TEXT = 12_000

export type CodRefusal = 'off' | 'below-minimum' | 'above-maximum' | 'pin-refused' | 'too-many-returns'

export type CodAvailability = { ok: true; feePaise: number } | { ok: false; refusal: CodRefusal; message: string }

/**
 * Whether this order may be paid on delivery, and why not. `orderValuePaise` is what the customer would pay without
 * the COD fee (goods after the coupon, and delivery): the minimum and maximum are on what the courier collects less
 * its own fee. The messages are the customer's: each says which rule and what to do.
 */
export function codAvailability(
  rules: CodRules,
  order: { orderValuePaise: number; postalCode: string; returnedParcels: number },
): CodAvailability {
  const refuse = (refusal: CodRefusal, message: string): CodAvailability => ({ ok: false, refusal, message })
  if (!rules.enabled) return refuse('off', m.checkout_cod_off())
  if (order.orderValuePaise < rules.minOrderPaise) {
    return refuse(
      'below-minimum',
      m.checkout_cod_below_minimum({
        minimum: formatRupees(rules.minOrderPaise),
        more: formatRupees(rules.minOrderPaise - order.orderValuePaise),
      }),
    )
  }
  if (rules.maxOrderPaise !== null && order.orderValuePaise > rules.maxOrderPaise) {
    return refuse('above-maximum', m.checkout_cod_above_maximum({ maximum: formatRupees(rules.maxOrderPaise) }))
  }
  const pin = order.postalCode.trim()
  if (rules.refusedPins.some((refused) => pin.startsWith(refused))) {
    return refuse('pin-refused', m.checkout_cod_pin_refused({ pin }))
  }
  if (order.returnedParcels >= rules.maxReturnedParcels) {
    return refuse('too-many-returns', m.checkout_cod_too_many_returns())
  }
  return { ok: true, feePaise: rules.feePaise }
}

/**
 * The owner's list of refused PIN codes and prefixes as typed (commas, spaces or lines between them), or the entries
 * that are not a PIN code or a prefix of one. Duplicates go; a prefix makes the codes it covers needless, so they go too.
 */
export function parseRefusedPins(typed: string): { ok: true; pins: string[] } | { ok: false; wrong: string[] } {
  const entries = typed.split(/[\s,;]+/).filter(Boolean)
  const wrong = entries.filter((entry) => !/^[1-9]\d{0,5}$/.test(entry))
  if (wrong.length) return { ok: false, wrong }
  const unique = [...new Set(entries)].sort((a, b) => a.length - b.length || a.localeCompare(b))
  const pins = unique.filter((pin, i) => !unique.slice(0, i).some((shorter) => shorter.length < pin.length && pin.startsWith(shorter)))
  return { ok: true, pins: pins.sort() }
}
