import { data, Form, Link } from 'react-router'
import { AccountPage, FormError, FormNotice, SubmitButton, useFieldErrors, useFormBusy } from '~/components/accounts/account-form'
import { TextField } from '~/components/forms/fields'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { ACCOUNT_LIMITS, PASSWORD_MIN_LENGTH, resetPasswordSchema, resetTokenSchema } from '~/features/accounts/account-schemas'
import { callAuthEndpoint, isResetTokenUsable } from '~/features/accounts/auth.server'
import { refusalReason } from '~/features/accounts/form-actions.server'
import { weakPasswordReason } from '~/features/accounts/password-strength.server'
import { parseForm, readSmallForm } from '~/http/forms.server'
import type { FieldErrors } from '~/http/form-result'
import { privatePageMeta } from '~/features/findability/page-meta'
import type { Route } from './+types/reset-password'
import { formTokenOf } from '~/http/form-token.server'
import { FormTokenField } from '~/components/forms/form-token-field'
import { m } from '~/i18n/paraglide/messages.js'

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(m.accounts_reset_meta_title({ shopName: shopSettingsOf(matches).shopName }), m.accounts_reset_intro())

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = resetTokenSchema.safeParse(new URL(request.url).searchParams.get('token') ?? '')
  const formToken = await formTokenOf(context)
  if (!token.success) return { token: '', usable: false, formToken }
  return { token: token.data, usable: await isResetTokenUsable(context.shop.auth, request, context.clientAddress, token.data), formToken }
}

type ActionResult = { ok: true } | { ok: false; error: string; reason?: string; fieldErrors?: FieldErrors; linkDead?: boolean }

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallForm(request)
  if (!form) return data<ActionResult>({ ok: false, error: m.accounts_form_too_large() }, { status: 413 })
  const parsed = parseForm(form, resetPasswordSchema)
  if (!parsed.ok) {
    const { fieldErrors } = parsed
    if (fieldErrors.token) return data<ActionResult>({ ok: false, error: m.accounts_reset_link_dead(), linkDead: true }, { status: 400 })
    return data<ActionResult>({ ok: false, error: m.accounts_password_not_changed(), fieldErrors }, { status: 400 })
  }
  const weak = await weakPasswordReason(parsed.values.password)
  if (weak)
    return data<ActionResult>({ ok: false, error: m.accounts_password_not_changed(), fieldErrors: { password: weak } }, { status: 400 })
  const answer = await callAuthEndpoint(context.shop.auth, request, context.clientAddress, '/reset-password', {
    token: parsed.values.token,
    newPassword: parsed.values.password,
  })
  if (answer.status === 200) return data<ActionResult>({ ok: true })
  if (answer.body?.code === 'INVALID_TOKEN')
    return data<ActionResult>({ ok: false, error: m.accounts_reset_link_dead(), linkDead: true }, { status: 400 })
  const reason = refusalReason(answer)
  if (!reason) context.log.error({ status: answer.status, answer: answer.body }, 'Password reset failed')
  return data<ActionResult>(
    {
      ok: false,
      error: m.accounts_password_not_changed(),
      reason: reason ?? m.accounts_problem_our_side(),
    },
    { status: Math.min(answer.status, 500) },
  )
}

const linkClass = 'font-medium text-leaf-800 underline underline-offset-2 hover:text-leaf-900'

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useFormBusy()
  const failed = actionData && !actionData.ok ? actionData : undefined
  const { errors, refusal, checkBeforeSending, clearFieldError } = useFieldErrors(resetPasswordSchema, failed)

  if (actionData?.ok) {
    return (
      <AccountPage title={m.accounts_password_changed_title()}>
        <FormNotice message={m.accounts_password_changed()}>
          <p className="mt-2">
            <Link to="/Signin" className={linkClass}>
              {m.accounts_log_in_with_new_password()}
            </Link>
          </p>
        </FormNotice>
      </AccountPage>
    )
  }

  if (!loaderData.usable || failed?.linkDead) {
    return (
      <AccountPage title={m.accounts_set_new_password_title()}>
        <FormError message={m.accounts_reset_link_dead()} reason={m.accounts_reset_link_rule()} />
        <FocusFirstError failure={failed} />
        <p className="mt-6">
          <Link to="/forgot-password" className={linkClass}>
            {m.accounts_ask_new_link()}
          </Link>
        </p>
      </AccountPage>
    )
  }

  return (
    <AccountPage title={m.accounts_set_new_password_title()} intro={<p>{m.accounts_reset_intro()}</p>}>
      <FormError message={failed?.error} reason={failed?.reason} />
      <FocusFirstError failure={refusal} />
      <Form method="post" noValidate onSubmit={checkBeforeSending} onInput={clearFieldError} className="mt-6 grid gap-5">
        <FormTokenField />
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField
          required
          name="password"
          label={m.accounts_field_new_password()}
          type="password"
          autoComplete="new-password"
          maxLength={ACCOUNT_LIMITS.password}
          hint={m.accounts_password_hint({ min: PASSWORD_MIN_LENGTH })}
          error={errors.password}
        />
        <TextField
          required
          name="confirmPassword"
          label={m.accounts_field_new_password_again()}
          type="password"
          autoComplete="new-password"
          maxLength={ACCOUNT_LIMITS.password}
          error={errors.confirmPassword}
        />
        <SubmitButton busy={busy} label={m.accounts_set_new_password()} busyLabel={m.accounts_saving()} />
      </Form>
    </AccountPage>
  )
}
