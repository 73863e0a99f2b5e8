import { z } from 'zod'
import { m } from '~/i18n/paraglide/messages.js'
import { formatRupees } from '~/features/money/money'

// Every module takes Zod from here, so this runs before any schema is made, in the browser as on the server.
// Zod compiles object parsers with `new Function`, probing for eval as each object schema is made. The shop's
// Content-Security-Policy forbids eval (docs/decisions/015-security-headers.md), and the browser reports even the
// failed probe as a violation: in the browser, parse without compiling. The server has no CSP to mind and keeps
// Zod's compiled parsers. Pages whose scripts make no schema (the shelves, the home page) load no Zod at all.
if (typeof document !== 'undefined') z.config({ jitless: true })

export { z }

/**
 * A field's name as messages show it, in the language being answered: a message function (`m.checkout_field_city`)
 * or, while a form still words its own, a string. Worded when a message is made, never when the schema is.
 */
export type FieldLabel = string | (() => string)
export const labelText = (label: FieldLabel) => (typeof label === 'function' ? label() : label)

/** A UTF-16 half without its other half: no text encoding can store it, and PostgreSQL refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
/** C0 and C1 controls (tab and line breaks included), and the Unicode line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u

type TextOptions = {
  /** How the field is called in messages: "Name", "Message". */
  label: FieldLabel
  max: number
  /** Blank is refused with "<label> is required" (default); `false` lets it through as ''. */
  required?: boolean
  /** Refuse line breaks and other controls too (one-line fields: names, cities). Tabs and newlines pass otherwise. */
  oneLine?: boolean
  /** The messages for blank and too long text, when a form words them its own way. */
  missing?: FieldLabel
  tooLong?: FieldLabel
}

/**
 * Text from outside the shop: trimmed, length-limited, and never a NUL or a lone surrogate, which PostgreSQL
 * cannot store (they used to reach the database and come back as a 500). Multi-line text keeps its tabs and
 * line breaks; other control characters are refused there too.
 */
export function text({ label, max, required = true, oneLine = false, missing, tooLong }: TextOptions) {
  const name = () => labelText(label)
  const blank = () => (missing ? labelText(missing) : m.field_required({ label: name() }))
  return z
    .string({ error: () => (required ? blank() : m.field_not_text({ label: name() })) })
    .refine((v) => !v.includes('\u0000'), { error: () => m.field_nul_refused({ label: name() }), abort: true })
    .refine((v) => !LONE_SURROGATE.test(v), { error: () => m.field_broken_character({ label: name() }), abort: true })
    .trim()
    .refine((v) => !required || v.length > 0, { error: blank, abort: true })
    .refine((v) => v.length <= max, { error: () => (tooLong ? labelText(tooLong) : m.field_too_long({ label: name(), max })), abort: true })
    .refine((v) => !(oneLine ? CONTROL : /[^\P{Cc}\t\n\r]/u).test(v), { error: () => m.field_control_refused({ label: name() }) })
}

/** A person's name as they type it: one line, no controls, no angle brackets (it goes into mails and pages). */
export function personName({ label = m.field_name, max = 100, required = true }: Partial<Omit<TextOptions, 'oneLine'>> = {}) {
  return text({ label, max, required, oneLine: true }).refine((v) => !/[<>]/.test(v), {
    error: () => m.field_angle_brackets_refused({ label: labelText(label) }),
  })
}

/** For names set where refusing is not possible (imports, the command line): controls out, length cut. */
export function cleanName(value: string, max = 100) {
  return value
    .replace(/\u0000/g, '')
    .replace(new RegExp(LONE_SURROGATE.source, 'g'), '')
    .replace(new RegExp(CONTROL.source, 'gu'), ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
}

export function hasLoneSurrogate(value: string) {
  return LONE_SURROGATE.test(value)
}

/** Whether a string can be stored and shown as it is (no NUL, no lone surrogate). */
export function isWellFormedText(value: string) {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value)
}

/**
 * The admin's search boxes: blank means "everything". What no search can hold (a NUL, a lone surrogate) is
 * refused; other controls become spaces, and a search longer than the box allows (100) is dropped, as before.
 */
export const adminSearchText = z
  .string()
  .refine((v) => !v.includes('\u0000'), { error: () => m.field_nul_refused({ label: m.field_search() }), abort: true })
  .refine((v) => !hasLoneSurrogate(v), { error: () => m.field_broken_character({ label: m.field_search() }), abort: true })
  .transform((v) => v.replace(new RegExp(CONTROL.source, 'gu'), ' ').trim())
  .transform((v) => (v.length > 100 ? '' : v))
  .optional()
  .default('')

/** An amount the admin types in rupees ("40", "40.50", "1,000", "₹40"): whole paise, within `maxRupees`. */
export function rupeesField(label: FieldLabel, maxRupees: number) {
  const name = () => labelText(label)
  // At a sentence's start the label takes a capital (English; Tamil has none).
  const capitalised = () => name().charAt(0).toUpperCase() + name().slice(1)
  const enter = () => m.field_enter_amount({ label: name() })
  return z
    .string({ error: enter })
    .transform((value) => value.replace(/[\s,₹]/g, ''))
    .pipe(
      z
        .string()
        .min(1, { error: enter })
        .regex(/^\d+(\.\d{1,2})?$/, { error: () => m.field_amount_in_rupees({ label: capitalised() }) })
        .transform((value) => Math.round(Number(value) * 100))
        .refine((paise) => paise <= maxRupees * 100, {
          error: () => m.field_amount_too_large({ label: capitalised(), max: formatRupees(maxRupees * 100) }),
        }),
    )
}
