import { m } from '~/i18n/paraglide/messages.js'
import { data } from 'react-router'
import type { z } from 'zod'
import { type FormResult, parseForm } from './form-result'
import { BadRequest, readBodyBytes } from './json.server'

/** Our plain forms (accounts, the admin's order, message and user forms) hold a few short fields; a bigger post is not one of them. */
const MAX_FORM_BYTES = 16 * 1024

/**
 * The posted form's text fields, or null when the post is too large to be one of our forms (read no further
 * than the limit, declared length or not). A body that is not a form reads as no fields.
 */
export async function readSmallForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<Record<string, string> | null> {
  let bytes: Buffer
  try {
    bytes = await readBodyBytes(request, maxBytes)
  } catch (err) {
    if (err instanceof BadRequest) return null
    throw err
  }
  let form: FormData
  try {
    form = await new Request('http://form.invalid/', {
      method: 'POST',
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      body: new Uint8Array(bytes),
    }).formData()
  } catch {
    return {}
  }
  const out: Record<string, string> = {}
  for (const [key, value] of form) if (typeof value === 'string') out[key] = value
  return out
}

export const formTooLargeMessage = () => m.http_form_too_large()

/** The 413 for a post readSmallForm refused. The rest of its body may still be on the socket: the connection is not reused. */
export function formTooLarge<T>(answer: T) {
  return data<T>(answer, { status: 413, headers: { Connection: 'close' } })
}

export { parseForm }

/** A small form read (readSmallForm) and parsed with `schema` (parseForm); null when the post is too large to be one of ours. */
export async function readForm<S extends z.ZodType, K extends string = string>(
  request: Request,
  schema: S,
  maxBytes = MAX_FORM_BYTES,
): Promise<FormResult<z.output<S>, K> | null> {
  const form = await readSmallForm(request, maxBytes)
  return form && parseForm<S, K>(form, schema)
}
