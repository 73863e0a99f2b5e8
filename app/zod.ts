import { z } from 'zod'

// Every module takes Zod from here, so this runs before any schema is made, in the browser as on the server.
// Zod compiles object parsers with `new Function`, probing for eval as each object schema is made. The shop's
// Content-Security-Policy forbids eval (docs/decisions/015-security-headers.md), and the browser reports even the
// failed probe as a violation: in the browser, parse without compiling. The server has no CSP to mind and keeps
// Zod's compiled parsers. Pages whose scripts make no schema (the shelves, the home page) load no Zod at all.
if (typeof document !== 'undefined') z.config({ jitless: true })

export { z }

export const NUL_REFUSED = 'must not contain a NUL character'
export const BROKEN_TEXT = 'contains a broken character (a lone surrogate); please type it again'
export const CONTROL_REFUSED = 'must not contain control characters or line breaks'

/** A UTF-16 half without its other half: no text encoding can store it, and PostgreSQL refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
/** C0 and C1 controls (tab and line breaks included), and the Unicode line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u

type TextOptions = {
  /** How the field is called in messages: "Name", "Message". */
  label: string
  max: number
  /** Blank is refused with "<label> is required" (default); `false` lets it through as ''. */
  required?: boolean
  /** Refuse line breaks and other controls too (one-line fields: names, cities). Tabs and newlines pass otherwise. */
  oneLine?: boolean
  /** The messages for blank and too long text, when a form words them its own way. */
  missing?: string
  tooLong?: string
}

/**
 * Text from outside the shop: trimmed, length-limited, and never a NUL or a lone surrogate, which PostgreSQL
 * cannot store (they used to reach the database and come back as a 500). Multi-line text keeps its tabs and
 * line breaks; other control characters are refused there too.
 */
export function text({ label, max, required = true, oneLine = false, missing = `${label} is required`, tooLong }: TextOptions) {
  return z
    .string({ error: required ? missing : `${label} must be text` })
    .refine((v) => !v.includes('\u0000'), { error: `${label} ${NUL_REFUSED}`, abort: true })
    .refine((v) => !LONE_SURROGATE.test(v), { error: `${label} ${BROKEN_TEXT}`, abort: true })
    .trim()
    .refine((v) => !required || v.length > 0, { error: missing, abort: true })
    .refine((v) => v.length <= max, { error: tooLong ?? `${label} is too long (at most ${max} characters)`, abort: true })
    .refine((v) => !(oneLine ? CONTROL : /[^\P{Cc}\t\n\r]/u).test(v), `${label} ${CONTROL_REFUSED}`)
}

/** A person's name as they type it: one line, no controls, no angle brackets (it goes into mails and pages). */
export function personName({ label = 'Name', max = 100, required = true }: Partial<Omit<TextOptions, 'oneLine'>> = {}) {
  return text({ label, max, required, oneLine: true }).refine((v) => !/[<>]/.test(v), `${label} must not contain < or >`)
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
  .refine((v) => !v.includes('\u0000'), { error: `The search ${NUL_REFUSED}`, abort: true })
  .refine((v) => !hasLoneSurrogate(v), { error: `The search ${BROKEN_TEXT}`, abort: true })
  .transform((v) => v.replace(new RegExp(CONTROL.source, 'gu'), ' ').trim())
  .transform((v) => (v.length > 100 ? '' : v))
  .optional()
  .default('')

/** An amount the admin types in rupees ("40", "40.50", "1,000", "₹40"): whole paise, within `maxRupees`. */
export function rupeesField(label: string, maxRupees: number) {
  const Label = `${label[0]!.toUpperCase()}${label.slice(1)}`
  return z
    .string({ error: `Enter ${label}.` })
    .transform((value) => value.replace(/[\s,₹]/g, ''))
    .pipe(
      z
        .string()
        .min(1, `Enter ${label}.`)
        .regex(/^\d+(\.\d{1,2})?$/, `${Label} must be in rupees, like 40 or 40.50.`)
        .transform((value) => Math.round(Number(value) * 100))
        .refine((paise) => paise <= maxRupees * 100, `${Label} must be at most ₹${maxRupees.toLocaleString('en-IN')}.`),
    )
}
