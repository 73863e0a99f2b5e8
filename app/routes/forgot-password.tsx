import { data, Form, Link } from 'react-router'
import { AccountPage, FormError, FormNotice, SubmitButton, useFieldErrors, useFormBusy } from '~/components/accounts/account-form'
import { TextField } from '~/components/forms/fields'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { ACCOUNT_LIMITS, forgotPasswordSchema } from '~/features/accounts/account-schemas'
import { callAuthEndpoint } from '~/features/accounts/auth.server'
import { refusalReason } from '~/features/accounts/form-actions.server'
import { parseForm, readSmallForm } from '~/http/forms.server'
import type { FieldErrors } from '~/http/form-result'
import { privatePageMeta } from '~/features/findability/page-meta'
import type { Route } from './+types/forgot-password'
import { formTokenOf } from '~/http/form-token.server'
import { FormTokenField } from '~/components/forms/form-token-field'
import { m } from '~/i18n/paraglide/messages.js'

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(m.accounts_forgot_meta_title({ shopName: shopSettingsOf(matches).shopName }), m.accounts_forgot_meta_description())

type ActionResult = { ok: true; message: string } | { ok: false; error: string; fieldErrors?: FieldErrors; email: string }

/** The form's token for this browser (decision 034). */
export async function loader({ context }: Route.LoaderArgs) {
  return { formToken: await formTokenOf(context) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallForm(request)
  const email = form?.email ?? ''
  if (!form) return data<ActionResult>({ ok: false, error: m.accounts_reset_link_not_sent(), email }, { status: 413 })
  const parsed = parseForm(form, forgotPasswordSchema)
  if (!parsed.ok)
    return data<ActionResult>(
      { ok: false, error: m.accounts_reset_link_not_sent(), fieldErrors: parsed.fieldErrors, email },
      { status: 400 },
    )
  const answer = await callAuthEndpoint(context.shop.auth, request, context.clientAddress, '/request-password-reset', {
    email: parsed.values.email,
  })
  if (answer.status === 200) {
    // The same answer whether or not an account uses the address: the page tells nobody who has an account.
    return data<ActionResult>({ ok: true, message: m.accounts_reset_mail_queued() })
  }
  const reason = refusalReason(answer)
  if (!reason) context.log.error({ status: answer.status, answer: answer.body }, 'Password reset request failed')
  return data<ActionResult>(
    { ok: false, error: reason ?? m.accounts_reset_link_not_sent_our_side(), email },
    { status: Math.min(answer.status, 500) },
  )
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useFormBusy()
  const failed = actionData && !actionData.ok ? actionData : undefined
  const { errors, refusal, checkBeforeSending, clearFieldError } = useFieldErrors(forgotPasswordSchema, failed)

  return (
    <AccountPage title={m.accounts_forgot_password()} intro={<p>{m.accounts_forgot_intro()}</p>}>
      <FormNotice message={actionData?.ok ? actionData.message : undefined} />
      <FormError message={failed?.error} />
      <FocusFirstError failure={refusal} />
      <Form method="post" noValidate onSubmit={checkBeforeSending} onInput={clearFieldError} className="mt-6 grid gap-5">
        <FormTokenField />
        <TextField
          required
          name="email"
          label={m.accounts_field_email()}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={ACCOUNT_LIMITS.email}
          defaultValue={failed?.email}
          error={errors.email}
        />
        <SubmitButton busy={busy} label={m.accounts_send_reset_link()} busyLabel={m.accounts_sending()} />
      </Form>
      <p className="mt-6 text-earth-700">
        {m.accounts_remembered_it()}{' '}
        <Link to="/Signin" className="font-medium text-leaf-800 underline underline-offset-2 hover:text-leaf-900">
          {m.accounts_log_in()}
        </Link>
      </p>
    </AccountPage>
  )
}
