import { m } from '~/i18n/paraglide/messages.js'
import type { z } from 'zod'
import { FORM_TOKEN_FIELD } from './form-token'

/**
 * What a form post answers, in one shape for every form of the shop and the admin: the typed values, or a message
 * per field (shown beside it by the field components) and perhaps one for the whole form. Used on both sides: the
 * server's parseForm and the page's check before sending make the same messages from the same schema.
 */

/** The first message for each field, by its name. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>

/** A refused form: the messages, and what was typed (text only, without the form token) to show it again. */
export type FormFailure<K extends string = string> = {
  ok: false
  fieldErrors: FieldErrors<K>
  formError?: string
  input: Record<string, string>
}
export type FormResult<T, K extends string = string> = { ok: true; values: T } | FormFailure<K>

/**
 * The first message per field, keyed by the field's name (the first step of the issue's path); an issue about the
 * form as a whole (no path) becomes its formError.
 */
export function formErrorsOf<K extends string = string>(error: z.ZodError): { fieldErrors: FieldErrors<K>; formError?: string } {
  const fieldErrors: Record<string, string> = {}
  let formError: string | undefined
  for (const issue of error.issues) {
    const key = issue.path[0]
    if (key === undefined) formError ??= issue.message
    else fieldErrors[String(key)] ??= issue.message
  }
  return formError === undefined
    ? { fieldErrors: fieldErrors as FieldErrors<K> }
    : { fieldErrors: fieldErrors as FieldErrors<K>, formError }
}

/** A form's fields as text: files are left out, a repeated name keeps its last value (as the browser's FormData reads it). */
export function formTexts(form: FormData | URLSearchParams | Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  const entries = form instanceof FormData || form instanceof URLSearchParams ? form.entries() : Object.entries(form)
  for (const [key, value] of entries) if (typeof value === 'string') out[key] = value
  return out
}

/**
 * Parses a posted form with a Zod schema: `{ ok: true, values }` typed by the schema, or the messages per field.
 * A field sent as a file, or not sent at all, reaches the schema as missing.
 */
export function parseForm<S extends z.ZodType, K extends string = string>(
  form: FormData | URLSearchParams | Record<string, unknown>,
  schema: S,
): FormResult<z.output<S>, K> {
  const texts = formTexts(form)
  const parsed = schema.safeParse(texts)
  if (parsed.success) return { ok: true, values: parsed.data }
  const { [FORM_TOKEN_FIELD]: _, ...input } = texts
  return { ok: false, ...formErrorsOf<K>(parsed.error), input }
}

/** The first message of a refused form, for forms that show one message rather than one per field. */
export function firstError(failure: Pick<FormFailure, 'fieldErrors' | 'formError'>): string {
  return failure.formError ?? Object.values(failure.fieldErrors).find((m) => m !== undefined) ?? m.http_form_not_understood()
}
