import { data, Form, Link, useNavigation } from 'react-router'
import { ActionOutcome, AdminPage, FilterLinks, smallButton, Time } from '~/components/admin/admin-page'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import { focusRing } from '~/components/catalogue/styles'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { Stars } from '~/components/reviews/stars'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { productPath } from '~/features/catalogue/product'
import { listReviewsForAdmin, reviewHidingSchema, reviewListQuerySchema, setReviewHidden } from '~/features/reviews/reviews.server'
import { formTooLargeMessage, formTooLarge, readSmallForm } from '~/http/forms.server'
import { m } from '~/i18n/paraglide/messages.js'
import type { Route } from './+types/admin-reviews'
import { FormTokenField } from '~/components/forms/form-token-field'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.admin_reviews_title({ shop: shopSettingsOf(matches).shopName }) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context)
  const query = reviewListQuerySchema.parse({ show: new URL(request.url).searchParams.get('show') ?? undefined })
  return { query, ...(await listReviewsForAdmin(context.shop.db, query)) }
}

type ActionResult = { ok: true; message: string } | { ok: false; error: string }

/** Hides a review from the shop, or shows it again (the buttons below post here). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context)
  const fields = await readSmallForm(request)
  if (!fields) return formTooLarge<ActionResult>({ ok: false, error: formTooLargeMessage() })
  const parsed = reviewHidingSchema.safeParse(fields)
  if (!parsed.success) return data<ActionResult>({ ok: false, error: parsed.error.issues[0]!.message }, { status: 400 })
  if (!(await setReviewHidden(context.shop.db, parsed.data, admin.email))) {
    return data<ActionResult>({ ok: false, error: m.admin_reviews_no_such() }, { status: 404 })
  }
  return data<ActionResult>({ ok: true, message: parsed.data.hidden ? m.admin_reviews_hidden_done() : m.admin_reviews_shown_done() })
}

const linkClass = `font-semibold text-leaf-800 underline underline-offset-2 ${focusRing}`

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { query, reviews, hidden } = loaderData
  const navigation = useNavigation()
  const busyId = navigation.state === 'submitting' ? navigation.formData?.get('reviewId') : null
  return (
    <AdminPage title={m.admin_tile_reviews()}>
      <p className="mt-2 text-earth-700">{m.admin_reviews_intro()}</p>
      <FilterLinks
        label={m.admin_reviews_filter()}
        links={[
          { to: '/dash/reviews', label: m.admin_filter_all(), current: query.show === 'all' },
          { to: '/dash/reviews?show=hidden', label: m.admin_reviews_filter_hidden({ count: hidden }), current: query.show === 'hidden' },
        ]}
      />
      <ActionOutcome
        message={actionData?.ok ? actionData.message : undefined}
        error={actionData && !actionData.ok ? actionData.error : undefined}
      />
      <FocusFirstError failure={actionData && !actionData.ok ? actionData : undefined} />

      {reviews.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-leaf-100 bg-white p-6 text-earth-900">
          {query.show === 'hidden' ? m.admin_reviews_none_hidden() : m.admin_reviews_none()}
        </p>
      ) : (
        <ol className="mt-6 grid gap-4" aria-label={m.admin_reviews_list()}>
          {reviews.map((r) => (
            <li key={r.id}>
              <article
                aria-labelledby={`review-${r.id}-title`}
                className={`rounded-2xl border bg-white p-5 shadow-sm ${r.hiddenAt ? 'border-stone-300 bg-stone-50' : 'border-leaf-100'}`}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 id={`review-${r.id}-title`} className="text-lg font-semibold text-earth-900">
                    {r.product.archivedAt ? (
                      m.admin_reviews_no_longer_sold({ name: r.product.name })
                    ) : (
                      <Link to={productPath(r.product)} className={linkClass}>
                        {r.product.name}
                      </Link>
                    )}
                  </h2>
                  <p className="text-sm text-earth-700">
                    <Time value={r.createdAt} />
                  </p>
                </div>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-earth-800">
                  <span role="img" aria-label={m.admin_reviews_stars({ rating: r.rating })}>
                    <Stars rating={r.rating} />
                  </span>
                  <span>
                    {r.author} ·{' '}
                    <a href={`mailto:${r.email}`} className={linkClass}>
                      {r.email}
                    </a>
                  </span>
                  {r.verifiedPurchase && (
                    <span className="rounded-full bg-leaf-100 px-2.5 py-0.5 font-semibold text-leaf-900">{m.admin_reviews_verified()}</span>
                  )}
                </p>
                {/* A customer's words: rendered as text, line breaks kept. */}
                <p className="mt-3 break-words whitespace-pre-line text-earth-900">{r.body}</p>
                <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
                  <p className="text-sm text-earth-700">
                    {r.hiddenAt ? (
                      <>
                        <span className="rounded-full bg-stone-200 px-2.5 py-0.5 font-semibold text-earth-900">
                          {m.admin_reviews_hidden()}
                        </span>{' '}
                        {m.admin_reviews_hidden_by({ who: r.hiddenBy ?? m.admin_reviews_an_admin() })} · <Time value={r.hiddenAt} />
                      </>
                    ) : (
                      m.admin_reviews_shown()
                    )}
                  </p>
                  <Form method="post" preventScrollReset>
                    <FormTokenField />
                    <input type="hidden" name="reviewId" value={r.id} />
                    <input type="hidden" name="hidden" value={r.hiddenAt ? 'false' : 'true'} />
                    <button
                      type="submit"
                      disabled={busyId === String(r.id)}
                      aria-describedby={`review-${r.id}-title`}
                      className={`${smallButton} ${r.hiddenAt ? 'border-leaf-700 bg-leaf-700 text-white hover:bg-leaf-800' : 'border-leaf-700 bg-white text-leaf-800 hover:bg-leaf-50'}`}
                    >
                      {r.hiddenAt ? m.admin_reviews_show() : m.admin_reviews_hide()}
                    </button>
                  </Form>
                </div>
              </article>
            </li>
          ))}
        </ol>
      )}
    </AdminPage>
  )
}
