import crypto from 'node:crypto'
import { sameSecret } from '~/features/settings/app-secrets.server'
import { FORM_TOKEN_FIELD } from './form-token'
import { webhookAt } from './webhooks'

/**
 * Form tokens (docs/decisions/034-form-tokens.md): a random key in an httpOnly cookie, and in each form the key's
 * HMAC under a secret only the server has. A page of another site can neither read the cookie nor forge the HMAC,
 * so a post that carries a token matching its own cookie came from one of the shop's pages.
 */
export const FORM_KEY_COOKIE = 'form_key'
const KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365

/** The browser's form key from its Cookie header, or null when it has none (or a malformed one). */
export function formKeyOf(cookieHeader: string | undefined | null): string | null {
  if (!cookieHeader) return null
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=')
    if (at < 0 || part.slice(0, at).trim() !== FORM_KEY_COOKIE) continue
    const value = part.slice(at + 1).trim()
    return KEY_PATTERN.test(value) ? value : null
  }
  return null
}

export function newFormKey() {
  return crypto.randomBytes(24).toString('base64url')
}

/** The Set-Cookie header for a new key: kept a year, like the buyer cookie, so a form left open overnight still sends. */
export function formKeyCookie(key: string, secure: boolean) {
  return `${FORM_KEY_COOKIE}=${key}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

export function formTokenFor(secret: string, key: string) {
  return crypto.createHmac('sha256', secret).update(`form-token:${key}`).digest('base64url')
}

/** Whether `token` is the one the shop gave for this browser's key. */
export function isFormTokenValid(secret: string, key: string | null, token: string | null) {
  return !!key && !!token && sameSecret(token, formTokenFor(secret, key))
}

/**
 * Whether this request must carry a form token: a POST (the one changing method a page of another site can send
 * without asking first) whose body is not JSON. A JSON body needs a CORS preflight from another site, which the shop
 * never grants. A webhook (webhooks.ts) proves itself instead (a signature or a token). Under /api/ only multipart bodies need it: every API reads JSON,
 * or a multipart form (the admin's uploads), and refuses any other body for its type (415), which says more.
 */
export function needsFormToken(method: string, path: string, contentType: string | undefined) {
  if (method.toUpperCase() !== 'POST' || webhookAt(path)) return false
  const type = contentType?.trim().toLowerCase() ?? ''
  if (/^application\/json\s*(;|$)/.test(type)) return false
  if (path.toLowerCase().startsWith('/api/')) return type.startsWith('multipart/form-data')
  return true
}

/** The token a posted form carries, or null when the body is not a form or has none (or two). */
export async function formTokenInBody(contentType: string | undefined, body: Uint8Array): Promise<string | null> {
  const type = contentType?.trim().toLowerCase() ?? ''
  let values: unknown[]
  if (type.startsWith('application/x-www-form-urlencoded')) {
    values = new URLSearchParams(Buffer.from(body).toString('utf8')).getAll(FORM_TOKEN_FIELD)
  } else if (type.startsWith('multipart/form-data')) {
    try {
      const form = await new Request('http://form.invalid/', {
        method: 'POST',
        headers: { 'content-type': contentType! },
        body: new Uint8Array(body),
      }).formData()
      values = form.getAll(FORM_TOKEN_FIELD)
    } catch {
      return null
    }
  } else return null
  return values.length === 1 && typeof values[0] === 'string' ? values[0] : null
}

/** For a loader whose page holds a form that posts: this browser's token, '' on a page rendered for everyone. */
export async function formTokenOf(context: { formToken?: () => Promise<string> }) {
  return context.formToken ? await context.formToken() : ''
}
