import { Link } from 'react-router'
import { AdminPage, Time } from '~/components/admin/admin-page'
import { focusRing } from '~/components/catalogue/styles'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { POLICY_LINKS, policyPath } from '~/features/policies/policies'
import { listPolicies } from '~/features/policies/policies.server'
import { m } from '~/i18n/paraglide/messages.js'
import type { Route } from './+types/admin-policies'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.policies_list_title({ shop: shopSettingsOf(matches).shopName }) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context)
  const policies = await listPolicies(context.shop.db)
  return { policies: policies.map(({ slug, title, isTemplate, updatedAt }) => ({ slug, title, isTemplate, updatedAt })) }
}

const linkClass = `font-medium text-leaf-800 underline underline-offset-2 ${focusRing}`

export default function AdminPolicies({ loaderData }: Route.ComponentProps) {
  const templates = loaderData.policies.filter((p) => p.isTemplate).length
  return (
    <AdminPage title={m.policies_list_heading()}>
      <p className="mt-2 max-w-2xl text-earth-700">{m.policies_list_intro()}</p>
      {templates > 0 && (
        <p className="mt-4 max-w-2xl rounded-lg border border-turmeric-400 bg-turmeric-100 p-3 text-earth-900">
          {m.policies_templates_left({ count: templates })}
        </p>
      )}
      <ul className="mt-6 grid max-w-2xl gap-3">
        {loaderData.policies.map((policy) => (
          <li
            key={policy.slug}
            className="flex flex-wrap items-baseline justify-between gap-2 rounded-2xl border border-leaf-100 bg-white p-4 shadow-sm"
          >
            <div>
              <Link to={`/dash/policies/${policy.slug}`} className={linkClass}>
                {m.policies_edit_named({
                  // A page the owner has not adapted is the shop's template: its title reads in the page's language.
                  title: (policy.isTemplate && POLICY_LINKS.find((link) => link.slug === policy.slug)?.label) || policy.title,
                })}
              </Link>
              <p className="mt-1 text-sm text-earth-700">
                {policy.isTemplate ? m.policies_template_state() : m.policies_adapted()}
                {policy.updatedAt ? (
                  <>
                    {m.policies_saved_at()}
                    <Time value={policy.updatedAt} />
                  </>
                ) : null}
              </p>
            </div>
            <Link to={policyPath(policy.slug)} className={linkClass}>
              {m.policies_view({ path: policyPath(policy.slug) })}
            </Link>
          </li>
        ))}
      </ul>
    </AdminPage>
  )
}
