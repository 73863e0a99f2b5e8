import { data } from 'react-router'
import { GrievanceOfficerCard } from '~/components/policies/grievance-officer'
import { siteOf } from '~/components/layout/use-shop-settings'
import { formatIndiaDate } from '~/features/dates/india-time'
import { pageMeta, SHOP_SHARE_IMAGE } from '~/features/findability/page-meta'
import { isPolicySlug, policyPath } from '~/features/policies/policies'
import { getPolicy, renderPolicyMarkdown } from '~/features/policies/policies.server'
import type { Route } from './+types/policy'
import { m } from '~/i18n/paraglide/messages.js'

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isPolicySlug(params.slug)) throw data(m.contact_policy_page_not_found(), { status: 404 })
  const policy = await getPolicy(context.shop.db, params.slug)
  // Rendered here: the browser gets HTML made from the owner's Markdown with raw HTML and unsafe links refused.
  return { slug: policy.slug, title: policy.title, html: renderPolicyMarkdown(policy.body), updatedAt: policy.updatedAt }
}

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const site = siteOf(matches)
  if (!page) return [{ title: m.contact_policy_not_found_title({ shopName: site.shopName }) }]
  return pageMeta({
    ...site,
    title: m.contact_policy_meta_title({ title: page.title, shopName: site.shopName }),
    description: m.contact_policy_meta_description({ title: page.title, shopName: site.shopName }),
    path: policyPath(page.slug),
    image: SHOP_SHARE_IMAGE,
  })
}

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-8" aria-labelledby="policy-title">
      <h1 id="policy-title" className="text-3xl font-bold text-leaf-800">
        {loaderData.title}
      </h1>
      {loaderData.updatedAt ? (
        <p className="mt-1 text-sm text-earth-700">{m.contact_policy_last_updated({ date: formatIndiaDate(loaderData.updatedAt) })}</p>
      ) : null}
      {/* From the shop settings, so the page names the officer of the moment whatever its text says. */}
      {loaderData.slug === 'grievance' && <GrievanceOfficerCard headingLevel={2} />}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the owner's Markdown, rendered by markdown-it with HTML off (decision 036) */}
      <div className="policy-text mt-6" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
    </article>
  )
}
