import { Form, Link, useNavigation } from 'react-router'
import type { ProductPageReviews, ReviewActionResult } from '~/features/reviews/product-page.server'
import { REVIEW_LIMITS, type RatingSummary, ratingLabel } from '~/features/reviews/review'
import { focusRing, primaryButton } from '../catalogue/styles'
import { Stars } from './stars'
import { formatIndiaDate } from '~/features/dates/india-time'
import { FieldError, TextareaField } from '~/components/forms/fields'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import { FormTokenField } from '~/components/forms/form-token-field'
import { m } from '~/i18n/paraglide/messages.js'

const linkClass = `font-semibold text-leaf-800 underline underline-offset-2 ${focusRing}`

/** Beside the product's name: its stars and how many reviews, a link down to them. */
export function RatingSummaryLink({ summary }: { summary: RatingSummary | null }) {
  if (!summary) {
    return (
      <p className="text-sm text-earth-700">
        <a href="#reviews" className={linkClass}>
          {m.reviews_none_yet_link()}
        </a>
      </p>
    )
  }
  return (
    <p>
      <a
        href="#reviews"
        aria-label={m.reviews_read_the_reviews({ rating: ratingLabel(summary) })}
        className={`inline-flex items-center gap-2 rounded-sm text-earth-800 hover:underline ${focusRing}`}
      >
        <Stars rating={summary.average} className="text-lg" />
        <span className="font-semibold">{summary.average.toFixed(1)}</span>
        <span className="text-leaf-800 underline underline-offset-2">{m.reviews_count({ count: summary.count })}</span>
      </a>
    </p>
  )
}

/** Sign in, then back to the product page's review form. */
export function reviewSignInPath(productPath: string) {
  return `/Signin?redirectTo=${encodeURIComponent(`${productPath}#write-review`)}`
}

/**
 * A product page's reviews: the summary, the newest reviews ("Verified purchase" where the author bought it), and
 * the form to write or edit one's own (or a link to sign in first).
 */
export function ReviewsSection({
  reviews,
  signInPath,
  actionData,
}: {
  reviews: ProductPageReviews
  /** Where "Sign in to write a review" goes: sign in, then back to this page's form. */
  signInPath: string
  actionData: ReviewActionResult | undefined
}) {
  const { summary, viewer } = reviews
  const total = summary?.count ?? 0
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-12 scroll-mt-20 border-t border-stone-200 pt-8">
      <h2 id="reviews-heading" className="text-2xl font-semibold text-earth-900">
        {m.reviews_heading()}
      </h2>
      {summary ? (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-earth-800">
          <Stars rating={summary.average} className="text-xl" />
          <span>
            <span className="font-semibold">{m.reviews_average_out_of_5({ average: summary.average.toFixed(1) })}</span> ·{' '}
            {m.reviews_count({ count: total })}
          </span>
        </p>
      ) : (
        <p className="mt-2 text-earth-700">{m.reviews_none_yet()}</p>
      )}

      <div className="mt-6 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div>
          {reviews.reviews.length > 0 && (
            <ol aria-label={m.reviews_list_label()} className="grid gap-4">
              {reviews.reviews.map((r) => (
                <li key={r.id}>
                  <article aria-labelledby={`review-${r.id}-author`} className="rounded-xl border border-stone-200 bg-white p-4 shadow-xs">
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <span role="img" aria-label={m.reviews_stars_out_of_5({ rating: r.rating })}>
                        <Stars rating={r.rating} />
                      </span>
                      <h3 id={`review-${r.id}-author`} className="font-semibold text-earth-900">
                        {r.author}
                      </h3>
                      {r.verifiedPurchase && (
                        <span className="rounded-full bg-leaf-100 px-2.5 py-0.5 text-sm font-semibold text-leaf-900">
                          {m.reviews_verified_purchase()}
                        </span>
                      )}
                    </div>
                    <p className="mt-1 text-sm text-earth-700">
                      <time dateTime={new Date(r.createdAt).toISOString()}>{formatIndiaDate(r.createdAt)}</time>
                      {r.edited && ` · ${m.reviews_edited()}`}
                    </p>
                    {/* A customer's words: rendered as text, line breaks kept. */}
                    <p className="mt-2 break-words whitespace-pre-line text-earth-900">{r.body}</p>
                  </article>
                </li>
              ))}
            </ol>
          )}
          {total > reviews.reviews.length && (
            <p className="mt-4 text-sm text-earth-700">{m.reviews_showing_newest({ shown: reviews.reviews.length, total })}</p>
          )}
        </div>

        <div id="write-review" className="scroll-mt-20 rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm">
          {viewer ? (
            <ReviewForm reviews={reviews} viewer={viewer} actionData={actionData} />
          ) : (
            <>
              <h3 className="text-lg font-semibold text-earth-900">{m.reviews_write_a_review()}</h3>
              <p className="mt-2 text-earth-700">
                <Link to={signInPath} className={linkClass}>
                  {m.reviews_sign_in_to_write()}
                </Link>
              </p>
            </>
          )}
        </div>
      </div>
    </section>
  )
}

function ReviewForm({
  reviews,
  viewer,
  actionData,
}: {
  reviews: ProductPageReviews
  viewer: NonNullable<ProductPageReviews['viewer']>
  actionData: ReviewActionResult | undefined
}) {
  const { mine } = reviews
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.has('body') === true
  const failed = actionData && !actionData.ok ? actionData : undefined
  const rating = failed?.values?.rating ?? (mine ? String(mine.rating) : '')
  const body = failed?.values?.body ?? mine?.body ?? ''
  const ratingError = failed?.fieldErrors?.rating
  const bodyError = failed?.fieldErrors?.body
  return (
    // Keyed by the saved review: after a save the fields show what was saved.
    <Form
      method="post"
      preventScrollReset
      key={mine ? new Date(mine.updatedAt).toISOString() : 'new'}
      aria-labelledby="review-form-heading"
    >
      <FormTokenField />
      <h3 id="review-form-heading" className="text-lg font-semibold text-earth-900">
        {mine ? m.reviews_edit_yours() : m.reviews_write_a_review()}
      </h3>
      <div role="status" aria-live="polite" className="mt-2">
        {actionData?.ok && (
          <p className="rounded-lg border border-leaf-200 bg-leaf-50 p-3 font-medium text-leaf-900">{actionData.message}</p>
        )}
      </div>
      <div role="alert">
        {failed && (
          <p data-form-error className="mt-2 rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-800">
            {failed.error}
          </p>
        )}
      </div>
      <FocusFirstError failure={failed} />
      {mine?.hidden && <p className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">{m.reviews_hidden_by_shop()}</p>}

      <fieldset className="mt-3" aria-describedby={ratingError ? 'review-rating-error' : undefined}>
        <legend className="text-sm font-medium text-earth-900">{m.reviews_your_rating()}</legend>
        {/* Radio buttons drawn as stars: a checked star fills itself and those before it (CSS :has, no script).
            Arrow keys move between them; the focused star shows a ring. */}
        <div className="mt-1 flex">
          {[1, 2, 3, 4, 5].map((stars, i) => (
            <label
              key={stars}
              className="cursor-pointer rounded-md p-1 text-stone-200 hover:text-amber-400 has-checked:text-amber-500 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-leaf-700 [&:has(~label:hover)]:text-amber-400 [&:has(~label_input:checked)]:text-amber-500"
            >
              <input
                type="radio"
                name="rating"
                value={i + 1}
                defaultChecked={rating === String(i + 1)}
                required
                aria-invalid={ratingError ? true : undefined}
                className="sr-only"
              />
              <svg
                viewBox="0 0 20 20"
                className="size-8 stroke-stone-500"
                aria-hidden="true"
                focusable="false"
                fill="currentColor"
                strokeWidth={1.2}
                strokeLinejoin="round"
              >
                <path d="M10 1.6l2.5 5.2 5.7.8-4.1 4 1 5.7-5.1-2.7-5.1 2.7 1-5.7-4.1-4 5.7-.8z" />
              </svg>
              <span className="sr-only">{m.reviews_star_count({ count: stars })}</span>
            </label>
          ))}
        </div>
        <FieldError id="review-rating" error={ratingError} className="mt-1 text-sm font-medium text-red-700" />
      </fieldset>

      <TextareaField
        id="review-body"
        name="body"
        label={m.reviews_your_review()}
        rows={5}
        required
        minLength={REVIEW_LIMITS.bodyMin}
        maxLength={REVIEW_LIMITS.bodyMax}
        defaultValue={body}
        error={bodyError}
        hint={m.reviews_body_hint({ min: REVIEW_LIMITS.bodyMin, max: REVIEW_LIMITS.bodyMax, name: viewer.signedAs })}
        className="mt-3"
        inputClassName={`mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-earth-900 shadow-xs focus:outline-3 focus:outline-offset-0 focus:outline-turmeric-400 ${
          bodyError ? 'border-red-600' : 'border-stone-300'
        }`}
        errorClassName="mt-1 text-sm font-medium text-red-700"
      />

      {!viewer.emailVerified && (
        <p className="mt-3 text-sm text-earth-700">
          {m.reviews_confirm_email_before()}
          <Link to="/my-orders" className={linkClass}>
            {m.reviews_my_orders()}
          </Link>
          {m.reviews_confirm_email_after()}
        </p>
      )}

      <button type="submit" disabled={busy} className={`${primaryButton} mt-4 w-full rounded-full disabled:cursor-wait`}>
        {busy ? m.reviews_saving() : mine ? m.reviews_save_changes() : m.reviews_publish()}
      </button>
    </Form>
  )
}
