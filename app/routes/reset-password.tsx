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

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(`Set a new password · ${shopSettingsOf(matches).shopName}`, 'Choose a new password for your account.')

const LINK_DEAD = 'This reset link has already been used or has expired.'

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = resetTokenSchema.safeParse(new URL(request.url).searchParams.get('token') ?? '')
  const formToken = await formTokenOf(context)
  if (!token.success) return { token: '', usable: false, formToken }
  return { token: token.data, usable: await isResetTokenUsable(context.shop.auth, request, context.clientAddress, token.data), formToken }
}

type ActionResult = { ok: true } | { ok: false; error: string; reason?: string; fieldErrors?: FieldErrors; linkDead?: boolean }

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallForm(request)
  if (!form) return data<ActionResult>({ ok: false, error: 'The form was too large.' }, { status: 413 })
  const parsed = parseForm(form, resetPasswordSchema)
  if (!parsed.ok) {
    const { fieldErrors } = parsed
    if (fieldErrors.token) return data<ActionResult>({ ok: false, error: LINK_DEAD, linkDead: true }, { status: 400 })
    return data<ActionResult>({ ok: false, error: 'The password was not changed', fieldErrors }, { status: 400 })
  }
  const weak = await weakPasswordReason(parsed.values.password)
  if (weak)
    return data<ActionResult>({ ok: false, error: 'The password was not changed', fieldErrors: { password: weak } }, { status: 400 })
  const answer = await callAuthEndpoint(context.shop.auth, request, context.clientAddress, '/reset-password', {
    token: parsed.values.token,
    newPassword: parsed.values.password,
  })
  if (answer.status === 200) return data<ActionResult>({ ok: true })
  if (answer.body?.code === 'INVALID_TOKEN') return data<ActionResult>({ ok: false, error: LINK_DEAD, linkDead: true }, { status: 400 })
  const reason = refusalReason(answer)
  if (!reason) context.log.error({ status: answer.status, answer: answer.body }, 'Password reset failed')
  return data<ActionResult>(
    {
      ok: false,
      error: 'The password was not changed',
      reason: reason ?? 'A problem on our side stopped it. Please try again in a moment.',
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
      <AccountPage title="Password changed">
        <FormNotice message="Your password has been changed. You are signed out everywhere else.">
          <p className="mt-2">
            <Link to="/Signin" className={linkClass}>
              Log in with your new password
            </Link>
          </p>
        </FormNotice>
      </AccountPage>
    )
  }

  if (!loaderData.usable || failed?.linkDead) {
    return (
      <AccountPage title="Set a new password">
        <FormError message={LINK_DEAD} reason="Each link works once, for one hour after it was sent." />
        <FocusFirstError failure={failed} />
        <p className="mt-6">
          <Link to="/forgot-password" className={linkClass}>
            Ask for a new link
          </Link>
        </p>
      </AccountPage>
    )
  }

  return (
    <AccountPage title="Set a new password" intro={<p>Choose a new password for your account.</p>}>
      <FormError message={failed?.error} reason={failed?.reason} />
      <FocusFirstError failure={refusal} />
      <Form method="post" noValidate onSubmit={checkBeforeSending} onInput={clearFieldError} className="mt-6 grid gap-5">
        <FormTokenField />
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField
          required
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          maxLength={ACCOUNT_LIMITS.password}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.password}
        />
        <TextField
          required
          name="confirmPassword"
          label="New password again"
          type="password"
          autoComplete="new-password"
          maxLength={ACCOUNT_LIMITS.password}
          error={errors.confirmPassword}
        />
        <SubmitButton busy={busy} label="Set new password" busyLabel="Saving..." />
      </Form>
    </AccountPage>
  )
}
