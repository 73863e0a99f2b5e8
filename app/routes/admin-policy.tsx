import { data, Form, Link, useNavigation } from 'react-router'
import { ActionOutcome, AdminPage, inputClass } from '~/components/admin/admin-page'
import { focusRing, primaryButton } from '~/components/catalogue/styles'
import { TextareaField, TextField } from '~/components/forms/fields'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import { FormTokenField } from '~/components/forms/form-token-field'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { isPolicySlug, POLICY_LIMITS, policyPath } from '~/features/policies/policies'
import { getPolicy, policyFormSchema, savePolicy } from '~/features/policies/policies.server'
import { POLICY_FORM_MAX_BYTES } from '~/http/body-reader.server'
import { formTooLargeMessage, formTooLarge, parseForm, readSmallForm } from '~/http/forms.server'
import type { FieldErrors } from '~/http/form-result'
import { m } from '~/i18n/paraglide/messages.js'
import type { Route } from './+types/admin-policy'

export const meta: Route.MetaFunction = ({ data: page, matches }) => [
  {
    title: m.policies_edit_title({
      page: page?.policy ? m.policies_edit_named({ title: page.policy.title }) : m.policies_page_title(),
      shop: shopSettingsOf(matches).shopName,
    }),
  },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context)
  if (!isPolicySlug(params.slug)) throw data(m.policies_not_found(), { status: 404 })
  return { policy: await getPolicy(context.shop.db, params.slug) }
}

type Field = 'title' | 'body'
type ActionResult =
  | { ok: true; message: string }
  | { ok: false; error: string; fieldErrors: FieldErrors<Field>; values: Record<Field, string> }

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context)
  if (!isPolicySlug(params.slug)) throw data(m.policies_not_found(), { status: 404 })
  const fields = await readSmallForm(request, POLICY_FORM_MAX_BYTES)
  const values = { title: fields?.title ?? '', body: fields?.body ?? '' }
  if (!fields) return formTooLarge<ActionResult>({ ok: false, error: formTooLargeMessage(), fieldErrors: {}, values })
  const parsed = parseForm<typeof policyFormSchema, Field>({ ...fields, slug: params.slug }, policyFormSchema)
  if (!parsed.ok) {
    return data<ActionResult>({ ok: false, error: m.policies_not_saved(), fieldErrors: parsed.fieldErrors, values }, { status: 400 })
  }
  await savePolicy(context.shop.db, parsed.values, admin.email)
  return data<ActionResult>({ ok: true, message: m.policies_saved({ title: parsed.values.title }) })
}

const linkClass = `font-medium text-leaf-800 underline underline-offset-2 ${focusRing}`

export default function AdminPolicy({ loaderData, actionData }: Route.ComponentProps) {
  const { policy } = loaderData
  const busy = useNavigation().state === 'submitting'
  const failed = actionData && !actionData.ok ? actionData : undefined
  const errors = failed?.fieldErrors ?? {}
  return (
    <AdminPage title={m.policies_edit_named({ title: policy.title })} back={{ to: '/dash/policies', label: m.policies_list_heading() }}>
      <p className="mt-2 max-w-2xl text-earth-700">
        {m.policies_shown_at()}{' '}
        <Link to={policyPath(policy.slug)} className={linkClass}>
          {policyPath(policy.slug)}
        </Link>
        {m.policies_write_markdown()} <code>## Heading</code>, <code>- item</code>, <code>**bold**</code>, <code>[text](https://…)</code>
        {m.policies_html_as_text()}
      </p>
      {policy.isTemplate && (
        <p className="mt-4 max-w-2xl rounded-lg border border-turmeric-400 bg-turmeric-100 p-3 text-earth-900">
          {m.policies_is_template()}
        </p>
      )}
      <ActionOutcome message={actionData?.ok ? actionData.message : undefined} error={failed?.error} />
      <FocusFirstError failure={failed} />
      <Form method="post" className="mt-6 grid max-w-3xl gap-5 rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm" noValidate>
        <FormTokenField />
        <TextField
          id="policy-title"
          name="title"
          label={m.policies_field_title()}
          required
          maxLength={POLICY_LIMITS.title}
          defaultValue={failed?.values.title ?? policy.title}
          error={errors.title}
        />
        <TextareaField
          id="policy-body"
          name="body"
          label={m.policies_body_label()}
          required
          rows={24}
          maxLength={POLICY_LIMITS.body}
          defaultValue={failed?.values.body ?? policy.body}
          error={errors.body}
          hint={m.policies_body_hint({ max: POLICY_LIMITS.body.toLocaleString('en-IN') })}
          inputClassName={`${inputClass} font-mono text-sm ${errors.body ? 'border-red-600' : 'border-stone-300'}`}
        />
        <div>
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? m.policies_saving() : m.policies_save()}
          </button>
        </div>
      </Form>
    </AdminPage>
  )
}
