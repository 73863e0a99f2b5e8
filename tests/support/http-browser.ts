// A browser for tests over HTTP: keeps its cookies, sends forms and JSON the way pages do (with its Origin),
// and follows no redirects, so tests see where the shop sends it.

export type Answer = { status: number; location: string | null; cookies: string[]; headers: Headers; text: string }

/** The form token a page gives this browser (docs/decisions/034-form-tokens.md), read from its hidden field. */
export function formTokenIn(html: string) {
  return html.match(/name="csrf_token" value="([^"]+)"/)?.[1] ?? null
}

let addressCounter = 10
/**
 * One browser: its cookies, and its own client address. The shop runs with TRUST_PROXY, so the address goes
 * in X-Forwarded-For, which keeps the tests' attempts from sharing one rate limit.
 */
export class Browser {
  readonly cookies = new Map<string, string>()
  constructor(
    readonly base: string,
    readonly address = `198.51.100.${addressCounter++}`,
    readonly origin = base,
  ) {}

  private token: string | null = null

  /**
   * This browser's form token, as a page gives it (decision 034): the contact page's form carries it for anyone. A
   * form's post sends it unless the test sets `formToken` itself (false: none).
   */
  async formToken() {
    if (this.token && this.cookies.has('form_key')) return this.token
    const page = await this.send('/contact')
    this.token = formTokenIn(page.text)
    if (!this.token) throw new Error(`The contact page (${page.status}) gave no form token`)
    return this.token
  }

  async send(
    pathname: string,
    init: {
      method?: string
      form?: Record<string, string>
      formToken?: string | false
      json?: unknown
      raw?: string
      headers?: Record<string, string>
    } = {},
  ): Promise<Answer> {
    if (init.form && init.formToken !== false && !('csrf_token' in init.form)) {
      init = { ...init, form: { csrf_token: init.formToken ?? (await this.formToken()), ...init.form } }
    }
    const headers: Record<string, string> = { 'x-forwarded-for': this.address, ...init.headers }
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    let body: string | undefined
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(init.form).toString()
    } else if (init.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(init.json)
    } else if (init.raw !== undefined) {
      body = init.raw
    }
    const method = init.method ?? (body !== undefined ? 'POST' : 'GET')
    if (method !== 'GET' && !('origin' in headers)) headers.origin = this.origin
    const response = await fetch(`${this.base}${pathname}`, { method, headers, body, redirect: 'manual' })
    const cookies = response.headers.getSetCookie()
    for (const cookie of cookies) {
      const [pair] = cookie.split(';')
      const name = pair!.slice(0, pair!.indexOf('='))
      const value = pair!.slice(pair!.indexOf('=') + 1)
      if (!value || /max-age=0\b/i.test(cookie)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    // React's <!-- --> between text pieces would split what a reader sees as one phrase.
    const text = (await response.text()).replaceAll('<!-- -->', '')
    return { status: response.status, location: response.headers.get('location'), cookies, headers: response.headers, text }
  }

  /** The sign-up form alone: it makes the account but signs nobody in (docs/decisions/023-sign-up-does-not-tell.md). */
  signUpOnly(email: string, overrides: Record<string, string> = {}) {
    return this.send('/Signup', { form: { email, username: 'Meena', phone: '+91 98430 12345', password: 'correct-horse', ...overrides } })
  }

  /** Signs up, then, when that went through, signs in with the same password, as a customer would. Returns the sign-up's answer. */
  async signUp(email: string, overrides: Record<string, string> = {}) {
    const answer = await this.signUpOnly(email, overrides)
    if (answer.status === 200) await this.signIn(email, overrides.password ?? 'correct-horse')
    return answer
  }

  signIn(email: string, password = 'correct-horse', rememberMe = false) {
    return this.send('/Signin', { form: { email, password, ...(rememberMe ? { rememberMe: 'on' } : {}), redirectTo: '' } })
  }
}

/**
 * A form token for a test that posts with fetch (docs/decisions/034-form-tokens.md): `cookie` with this browser's
 * form key added (made when it has none), and the token its forms must carry, read from the contact page as a
 * browser would.
 */
export async function withFormToken(base: string, cookie = ''): Promise<{ cookie: string; token: string }> {
  const page = await fetch(`${base}/contact`, { headers: cookie ? { cookie } : {} })
  const key = page.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('form_key='))
  const token = formTokenIn(await page.text())
  if (!token) throw new Error(`The contact page (${page.status}) gave no form token`)
  return { cookie: [cookie, key].filter(Boolean).join('; '), token }
}

/** Puts in `form` the token for `cookie` (adding a form key to it when it has none), as a page's form would carry it; the cookie to send with it. */
export async function withTokenIn(base: string, cookie: string, form: FormData | URLSearchParams) {
  const { cookie: withKey, token } = await withFormToken(base, cookie)
  form.set('csrf_token', token)
  return withKey
}

/** The form token of a cookie that already holds a form key (as signUpThroughApi's does). */
export async function formTokenFor(base: string, cookie: string) {
  const { cookie: after, token } = await withFormToken(base, cookie)
  if (after !== cookie) throw new Error('This cookie has no form key: use withFormToken, which adds one')
  return token
}

/** Signs up and in through the accounts API and returns the session cookie it set, with a form key (decision 034). */
export async function signUpThroughApi(base: string, email: string, name = 'Owner') {
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email, password: 'correct horse battery', name, username: name, phone: '+91 98765 43210' }),
  })
  if (response.status !== 200) throw new Error(`Signing up ${email} answered ${response.status}: ${await response.text()}`)
  // Sign-up signs nobody in (docs/decisions/023-sign-up-does-not-tell.md): sign in as the page would next.
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  })
  if (signIn.status !== 200) throw new Error(`Signing in ${email} answered ${signIn.status}: ${await signIn.text()}`)
  const session = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return (await withFormToken(base, session)).cookie
}
