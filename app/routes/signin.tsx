import { useEffect } from 'react'
import { data, Form, Link, useHref, useNavigate } from 'react-router'
import { AccountPage, FormError, FormNotice, SubmitButton, useFieldErrors, useFormBusy } from '~/components/accounts/account-form'
import { CheckboxField, TextField } from '~/components/forms/fields'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import { useHydrated } from '~/components/layout/use-hydrated'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { ACCOUNT_LIMITS, safeRedirectPath, signInSchema } from '~/features/accounts/account-schemas'
import { roleOf } from '~/features/accounts/accounts.server'
import { callAuthEndpoint, cookieHeaders } from '~/features/accounts/auth.server'
import { refusalReason } from '~/features/accounts/form-actions.server'
import { parseForm, readSmallForm } from '~/http/forms.server'
import type { FieldErrors } from '~/http/form-result'
import { privatePageMeta } from '~/features/findability/page-meta'
import type { Route } from './+types/signin'
import { formTokenOf } from '~/http/form-token.server'
import { FormTokenField } from '~/components/forms/form-token-field'
import { m } from '~/i18n/paraglide/messages.js'
import { chosenLanguageOfUser } from '~/i18n/language-choice.server'
import { chosenLanguageOf, languageCookie } from '~/i18n/request-language.server'

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(m.accounts_signin_meta_title({ shopName: shopSettingsOf(matches).shopName }), m.accounts_signin_meta_description())

/** The spec's pause on "Logged in successfully!" before moving on. */
const NOTICE_MS = 1500

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get('redirectTo')
  return { redirectTo: redirectTo ? safeRedirectPath(redirectTo, '') : '', formToken: await formTokenOf(context) }
}

type ActionResult =
  | { ok: true; message: string; next: string }
  | { ok: false; error: string; reason?: string; fieldErrors?: FieldErrors; email: string; rememberMe: boolean }

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallForm(request)
  const email = form?.email ?? ''
  const rememberMe = form?.rememberMe === 'on'
  if (!form) return data<ActionResult>({ ok: false, error: m.accounts_sign_in_failed(), email, rememberMe }, { status: 413 })
  const parsed = parseForm(form, signInSchema)
  if (!parsed.ok)
    return data<ActionResult>(
      { ok: false, error: m.accounts_sign_in_failed(), fieldErrors: parsed.fieldErrors, email, rememberMe },
      { status: 400 },
    )
  const answer = await callAuthEndpoint(context.shop.auth, request, context.clientAddress, '/sign-in/email', {
    email: parsed.values.email,
    password: parsed.values.password,
    rememberMe: parsed.values.rememberMe,
  })
  if (answer.status !== 200) {
    if (answer.status >= 500) context.log.error({ status: answer.status, answer: answer.body }, 'Sign-in failed')
    const reason = refusalReason(answer) ?? undefined
    // The button comes back: the page is rendered again with the message.
    return data<ActionResult>(
      { ok: false, error: m.accounts_sign_in_failed(), reason, email, rememberMe },
      { status: Math.min(answer.status, 500) },
    )
  }
  const userId = (answer.body?.user as { id?: string } | undefined)?.id
  // Read again: ADMIN_EMAILS may have made the account an admin just now.
  const role = userId ? await roleOf(context.shop.db, userId) : null
  const next = safeRedirectPath(parsed.values.redirectTo, role === 'admin' ? '/dash' : '/')
  const headers = cookieHeaders(answer)
  // A language chosen on another browser comes with the account to this one, unless this one chose already (decision 074).
  const chosen =
    userId && !chosenLanguageOf(request.headers.get('cookie') ?? undefined) ? await chosenLanguageOfUser(context.shop.db, userId) : null
  if (chosen) headers.append('Set-Cookie', languageCookie(chosen, new URL(request.url).protocol === 'https:'))
  return data<ActionResult>({ ok: true, message: m.accounts_signed_in(), next }, { headers })
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useFormBusy()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const failed = actionData && !actionData.ok ? actionData : undefined
  const succeeded = actionData?.ok ? actionData : undefined
  // The page's own address for it (with /ta on a Tamil page), for the browser without JavaScript.
  const nextHref = useHref(succeeded?.next ?? '/')
  const { errors, refusal, checkBeforeSending, clearFieldError } = useFieldErrors(signInSchema, failed)

  useEffect(() => {
    if (!succeeded) return
    const timer = setTimeout(() => navigate(succeeded.next, { replace: true }), NOTICE_MS)
    return () => clearTimeout(timer)
  }, [succeeded, navigate])

  return (
    <AccountPage
      title={m.accounts_log_in()}
      intro={
        <p>
          {m.accounts_new_here()}{' '}
          <Link to="/Signup" className="font-medium text-leaf-800 underline underline-offset-2 hover:text-leaf-900">
            {m.accounts_create_an_account()}
          </Link>
        </p>
      }
    >
      <FormNotice message={succeeded?.message}>
        {/* Without JavaScript the browser moves on by itself after the same pause. */}
        {succeeded && !hydrated && <meta httpEquiv="refresh" content={`${NOTICE_MS / 1000};url=${nextHref}`} />}
      </FormNotice>
      <FormError message={failed?.error} reason={failed?.reason} />
      <FocusFirstError failure={refusal} />
      <Form method="post" noValidate onSubmit={checkBeforeSending} onInput={clearFieldError} className="mt-6 grid gap-5">
        <FormTokenField />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <TextField
          name="email"
          label={m.accounts_field_email()}
          required
          type="email"
          inputMode="email"
          autoComplete="username"
          maxLength={ACCOUNT_LIMITS.email}
          defaultValue={failed?.email}
          error={errors.email}
        />
        <TextField
          name="password"
          label={m.accounts_field_password()}
          type="password"
          required
          autoComplete="current-password"
          maxLength={ACCOUNT_LIMITS.password}
          error={errors.password}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CheckboxField
            name="rememberMe"
            label={m.accounts_remember_me()}
            defaultChecked={failed?.rememberMe}
            className="inline-flex items-center gap-2 text-earth-900"
            inputClassName="size-4 rounded border-stone-400 accent-leaf-700 focus-visible:outline-3 focus-visible:outline-turmeric-700"
          />
          <Link to="/forgot-password" className="font-medium text-leaf-800 underline underline-offset-2 hover:text-leaf-900">
            {m.accounts_forgot_password()}
          </Link>
        </div>
        <SubmitButton busy={busy || !!succeeded} label={m.accounts_log_in()} busyLabel={m.accounts_logging_in()} />
      </Form>
    </AccountPage>
  )
}
