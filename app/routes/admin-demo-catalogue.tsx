import { data, Form, Link, useNavigation } from 'react-router'
import { ActionOutcome, AdminPage } from '~/components/admin/admin-page'
import { focusRing, primaryButton } from '~/components/catalogue/styles'
import { CheckboxField } from '~/components/forms/fields'
import { FormTokenField } from '~/components/forms/form-token-field'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { demoCatalogueLeft, removeDemoCatalogue } from '~/features/catalogue/demo-removal.server'
import { FORM_TOO_LARGE, formTooLarge, parseForm, readSmallForm } from '~/http/forms.server'
import { z } from '~/zod'
import type { Route } from './+types/admin-demo-catalogue'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Remove the demo catalogue · ${shopSettingsOf(matches).shopName}` },
  { name: 'robots', content: 'noindex' },
]

/** /dash/demo-catalogue: what removing the demo catalogue would do, and the one confirmed step that does it (decision 071). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context)
  return { left: await demoCatalogueLeft(context.shop.db) }
}

const confirmSchema = z.object({
  confirm: z.literal('yes', { error: 'Tick the box to confirm: the demo products are removed for good.' }),
})

type ActionResult = { ok: true; message: string } | { ok: false; error: string; fieldErrors: { confirm?: string } }

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`)

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context)
  const fields = await readSmallForm(request)
  if (!fields) return formTooLarge<ActionResult>({ ok: false, error: FORM_TOO_LARGE, fieldErrors: {} })
  const parsed = parseForm(fields, confirmSchema)
  if (!parsed.ok) {
    return data<ActionResult>({ ok: false, error: 'Nothing was removed.', fieldErrors: parsed.fieldErrors }, { status: 400 })
  }
  const { removed, hidden } = await removeDemoCatalogue(context.shop.db, admin.email)
  const message =
    removed + hidden === 0
      ? 'Nothing to remove: the demo catalogue was already gone.'
      : `Removed ${plural(removed, 'demo product', 'demo products')}${hidden ? `; ${plural(hidden, 'product', 'products')} that orders name ${hidden === 1 ? 'is' : 'are'} hidden from the shop instead` : ''}.`
  return data<ActionResult>({ ok: true, message })
}

const linkClass = `font-medium text-leaf-800 underline underline-offset-2 ${focusRing}`

export default function RemoveDemoCatalogue({ loaderData, actionData }: Route.ComponentProps) {
  const { toRemove, toHide } = loaderData.left
  const busy = useNavigation().state === 'submitting'
  const failed = actionData && !actionData.ok ? actionData : undefined
  const gone = toRemove + toHide === 0
  return (
    <AdminPage title="Remove the demo catalogue">
      <ActionOutcome message={actionData?.ok ? actionData.message : undefined} error={failed?.error} />
      {gone ? (
        <p className="mt-4 max-w-2xl text-earth-700">
          The demo catalogue is gone: every product on sale is one of yours.{' '}
          <Link to="/Admin" className={linkClass}>
            Add a product
          </Link>{' '}
          or go back to the{' '}
          <Link to="/dash" className={linkClass}>
            dashboard
          </Link>
          .
        </p>
      ) : (
        <>
          <p className="mt-4 max-w-2xl text-earth-700">
            The shop came with a demo catalogue, to try it with. Before you take real orders, remove it in one step:
          </p>
          <ul className="mt-3 max-w-2xl list-disc space-y-1 pl-5 text-earth-700">
            <li>
              {plural(toRemove, 'demo product is', 'demo products are')} removed, with {toRemove === 1 ? 'its' : 'their'} packs, stock and
              reviews.
            </li>
            {toHide > 0 && (
              <li>
                {plural(toHide, 'demo product that an order names is', 'demo products that orders name are')} hidden from the shop instead,
                so those orders keep what they were for.
              </li>
            )}
            <li>Your own products, and demo products you have edited, stay as they are.</li>
          </ul>
          <Form method="post" className="mt-6 grid max-w-2xl gap-4 rounded-2xl border border-red-200 bg-white p-5 shadow-sm" noValidate>
            <FormTokenField />
            <CheckboxField
              id="confirm"
              name="confirm"
              value="yes"
              required
              error={failed?.fieldErrors.confirm}
              label="I understand: the demo products are removed for good"
            />
            <div>
              <button type="submit" className={primaryButton} disabled={busy}>
                {busy ? 'Removing...' : 'Remove the demo catalogue'}
              </button>
            </div>
          </Form>
        </>
      )}
    </AdminPage>
  )
}
