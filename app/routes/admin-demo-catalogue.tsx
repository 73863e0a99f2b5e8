import { data, Form, Link, useNavigation } from 'react-router'
import { ActionOutcome, AdminPage } from '~/components/admin/admin-page'
import { focusRing, primaryButton } from '~/components/catalogue/styles'
import { CheckboxField } from '~/components/forms/fields'
import { FormTokenField } from '~/components/forms/form-token-field'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { demoCatalogueLeft, removeDemoCatalogue } from '~/features/catalogue/demo-removal.server'
import { formTooLargeMessage, formTooLarge, parseForm, readSmallForm } from '~/http/forms.server'
import { z } from '~/zod'
import { m } from '~/i18n/paraglide/messages.js'
import type { Route } from './+types/admin-demo-catalogue'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.admin_demo_title({ shop: shopSettingsOf(matches).shopName }) },
  { name: 'robots', content: 'noindex' },
]

/** /dash/demo-catalogue: what removing the demo catalogue would do, and the one confirmed step that does it (decision 071). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context)
  return { left: await demoCatalogueLeft(context.shop.db) }
}

const confirmSchema = z.object({
  confirm: z.literal('yes', { error: () => m.admin_demo_confirm_required() }),
})

type ActionResult = { ok: true; message: string } | { ok: false; error: string; fieldErrors: { confirm?: string } }

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context)
  const fields = await readSmallForm(request)
  if (!fields) return formTooLarge<ActionResult>({ ok: false, error: formTooLargeMessage(), fieldErrors: {} })
  const parsed = parseForm(fields, confirmSchema)
  if (!parsed.ok) {
    return data<ActionResult>({ ok: false, error: m.admin_demo_nothing_removed(), fieldErrors: parsed.fieldErrors }, { status: 400 })
  }
  const { removed, hidden } = await removeDemoCatalogue(context.shop.db, admin.email)
  const removedText = m.admin_demo_n_products({ count: removed })
  const message =
    removed + hidden === 0
      ? m.admin_demo_already_gone()
      : hidden
        ? m.admin_demo_removed_hidden({ removed: removedText, hidden })
        : m.admin_demo_removed({ removed: removedText })
  return data<ActionResult>({ ok: true, message })
}

const linkClass = `font-medium text-leaf-800 underline underline-offset-2 ${focusRing}`

export default function RemoveDemoCatalogue({ loaderData, actionData }: Route.ComponentProps) {
  const { toRemove, toHide } = loaderData.left
  const busy = useNavigation().state === 'submitting'
  const failed = actionData && !actionData.ok ? actionData : undefined
  const gone = toRemove + toHide === 0
  return (
    <AdminPage title={m.admin_go_live_remove_demo()}>
      <ActionOutcome message={actionData?.ok ? actionData.message : undefined} error={failed?.error} />
      {gone ? (
        <p className="mt-4 max-w-2xl text-earth-700">
          {m.admin_demo_gone()}{' '}
          <Link to="/Admin" className={linkClass}>
            {m.admin_demo_add_product()}
          </Link>{' '}
          {m.admin_demo_or_back()}{' '}
          <Link to="/dash" className={linkClass}>
            {m.admin_demo_dashboard()}
          </Link>
          {m.admin_demo_end()}
        </p>
      ) : (
        <>
          <p className="mt-4 max-w-2xl text-earth-700">{m.admin_demo_intro()}</p>
          <ul className="mt-3 max-w-2xl list-disc space-y-1 pl-5 text-earth-700">
            <li>{m.admin_demo_to_remove({ count: toRemove })}</li>
            {toHide > 0 && <li>{m.admin_demo_to_hide({ count: toHide })}</li>}
            <li>{m.admin_demo_own_stay()}</li>
          </ul>
          <Form method="post" className="mt-6 grid max-w-2xl gap-4 rounded-2xl border border-red-200 bg-white p-5 shadow-sm" noValidate>
            <FormTokenField />
            <CheckboxField
              id="confirm"
              name="confirm"
              value="yes"
              required
              error={failed?.fieldErrors.confirm}
              label={m.admin_demo_confirm()}
            />
            <div>
              <button type="submit" className={primaryButton} disabled={busy}>
                {busy ? m.admin_demo_removing() : m.admin_go_live_remove_demo()}
              </button>
            </div>
          </Form>
        </>
      )}
    </AdminPage>
  )
}
