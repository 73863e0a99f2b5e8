import { useEffect, useId, useRef } from 'react'
import { data, Form, Link, useNavigate } from 'react-router'
import { AccountPage, FormError, SubmitButton, useFieldErrors, useFormBusy } from '~/components/accounts/account-form'
import { TextField } from '~/components/forms/fields'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { primaryButton } from '~/components/catalogue/styles'
import { useHydrated } from '~/components/layout/use-hydrated'
import { ACCOUNT_LIMITS, PASSWORD_MIN_LENGTH, signUpSchema } from '~/features/accounts/account-schemas'
import { callAuthEndpoint } from '~/features/accounts/auth.server'
import { refusalReason } from '~/features/accounts/form-actions.server'
import { weakPasswordReason } from '~/features/accounts/password-strength.server'
import { parseForm, readSmallForm } from '~/http/forms.server'
import type { FieldErrors } from '~/http/form-result'
import { privatePageMeta } from '~/features/findability/page-meta'
import type { Route } from './+types/signup'
import { formTokenOf } from '~/http/form-token.server'
import { FormTokenField } from '~/components/forms/form-token-field'
import { m } from '~/i18n/paraglide/messages.js'

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(m.accounts_signup_meta_title({ shopName: shopSettingsOf(matches).shopName }), m.accounts_signup_meta_description())

type Values = { email: string; username: string; phone: string }
type ActionResult = { ok: true; next: string } | { ok: false; error: string; reason?: string; fieldErrors?: FieldErrors; values: Values }

/** The form's token for this browser (decision 034). */
export async function loader({ context }: Route.LoaderArgs) {
  return { formToken: await formTokenOf(context) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallForm(request)
  const values: Values = { email: form?.email ?? '', username: form?.username ?? '', phone: form?.phone ?? '' }
  if (!form)
    return data<ActionResult>(
      { ok: false, error: m.accounts_sign_up_failed(), reason: m.accounts_form_too_large(), values },
      { status: 413 },
    )
  const parsed = parseForm(form, signUpSchema)
  if (!parsed.ok)
    return data<ActionResult>({ ok: false, error: m.accounts_sign_up_failed(), fieldErrors: parsed.fieldErrors, values }, { status: 400 })
  const { email, username, phone, password } = parsed.values
  const weak = await weakPasswordReason(password, [email, username])
  if (weak)
    return data<ActionResult>({ ok: false, error: m.accounts_sign_up_failed(), fieldErrors: { password: weak }, values }, { status: 400 })
  const answer = await callAuthEndpoint(context.shop.auth, request, context.clientAddress, '/sign-up/email', {
    email,
    password,
    name: username,
    username,
    phone,
  })
  if (answer.status !== 200) {
    const reason =
      refusalReason(answer) ?? (answer.status === 400 && typeof answer.body?.message === 'string' ? answer.body.message : undefined)
    if (answer.status >= 500) context.log.error({ status: answer.status, answer: answer.body }, 'Sign-up failed')
    return data<ActionResult>({ ok: false, error: m.accounts_sign_up_failed(), reason, values }, { status: Math.min(answer.status, 500) })
  }
  // The same answer whether the address was new or had an account (docs/decisions/023-sign-up-does-not-tell.md):
  // nobody is signed in, and the next step is signing in.
  return data<ActionResult>({ ok: true, next: '/Signin' })
}

export default function SignUp({ actionData }: Route.ComponentProps) {
  const busy = useFormBusy()
  const failed = actionData && !actionData.ok ? actionData : undefined
  const { errors, refusal, checkBeforeSending, clearFieldError } = useFieldErrors(signUpSchema, failed)

  return (
    <AccountPage
      title={m.accounts_sign_up()}
      intro={
        <p>
          {m.accounts_already_have_account()}{' '}
          <Link to="/Signin" className="font-medium text-leaf-800 underline underline-offset-2 hover:text-leaf-900">
            {m.accounts_log_in()}
          </Link>
        </p>
      }
    >
      <FormError message={failed?.error} reason={failed?.reason} />
      <FocusFirstError failure={refusal} />
      <Form method="post" noValidate onSubmit={checkBeforeSending} onInput={clearFieldError} className="mt-6 grid gap-5">
        <FormTokenField />
        <TextField
          required
          name="email"
          label={m.accounts_field_email_address()}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={ACCOUNT_LIMITS.email}
          defaultValue={failed?.values.email}
          error={errors.email}
        />
        <TextField
          required
          name="username"
          label={m.accounts_field_username()}
          autoComplete="nickname"
          maxLength={ACCOUNT_LIMITS.username}
          defaultValue={failed?.values.username}
          error={errors.username}
        />
        <TextField
          required
          name="phone"
          label={m.accounts_field_phone_number()}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={ACCOUNT_LIMITS.phone}
          defaultValue={failed?.values.phone}
          error={errors.phone}
        />
        <TextField
          required
          name="password"
          label={m.accounts_field_password()}
          type="password"
          autoComplete="new-password"
          maxLength={ACCOUNT_LIMITS.password}
          hint={m.accounts_password_hint({ min: PASSWORD_MIN_LENGTH })}
          error={errors.password}
        />
        <SubmitButton busy={busy} label={m.accounts_sign_up()} busyLabel={m.accounts_signing_up()} />
      </Form>
      {actionData?.ok && <SuccessDialog next={actionData.next} />}
    </AccountPage>
  )
}

/** The spec's success dialog. A modal once JavaScript runs; before that, an open dialog with a plain link. */
function SuccessDialog({ next }: { next: string }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const ok = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const hydrated = useHydrated()
  const navigate = useNavigate()

  useEffect(() => {
    const element = dialog.current
    if (!element || !hydrated) return
    if (element.open) element.close()
    element.showModal()
    ok.current?.focus()
  }, [hydrated])

  return (
    <dialog
      ref={dialog}
      open={!hydrated}
      aria-labelledby={titleId}
      onClose={() => navigate(next)}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-0 shadow-xl backdrop:bg-black/50"
    >
      <div className="p-6">
        <h2 id={titleId} className="text-xl font-bold text-earth-900">
          {m.accounts_signup_success_title()}
        </h2>
        <p className="mt-3 text-earth-800">{m.accounts_signup_success_created()}</p>
        <p className="mt-2 text-earth-800">{m.accounts_signup_success_next()}</p>
        <p className="mt-2 text-sm text-earth-700">{m.accounts_signup_success_existing()}</p>
        <div className="mt-6 flex justify-end">
          {hydrated ? (
            <button ref={ok} type="button" className={primaryButton} onClick={() => dialog.current?.close()}>
              {m.accounts_ok()}
            </button>
          ) : (
            <a href={next} className={primaryButton}>
              {m.accounts_ok()}
            </a>
          )}
        </div>
      </div>
    </dialog>
  )
}
