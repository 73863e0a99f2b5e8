import { type AppLoadContext, data } from 'react-router'
import { getSignedInUser, requireSignedIn } from '~/features/accounts/guards.server'
import { PRODUCT_ID_PATTERN } from '~/features/catalogue/product'
import { formTooLargeMessage, formTooLarge, parseForm, readSmallForm } from '~/http/forms.server'
import { authorName, REVIEW_LIMITS, reviewSavedMessage } from './review'
import { type ReviewField, type ReviewFieldErrors, reviewInputSchema } from './review-schema'
import { ReviewedProductNotFoundError, productReviews, writeReview } from './reviews.server'
import { m } from '~/i18n/paraglide/messages.js'

export type ReviewActionResult =
  | { ok: true; message: string }
  | { ok: false; error: string; fieldErrors?: ReviewFieldErrors; values?: { rating: string; body: string } }

/**
 * The product pages' review form (both pages post here, a plain form post that works without JavaScript): a
 * visitor is sent to sign in and back; bad input answers 400 with a message per field and what was typed; a
 * product not in the shop answers 404. The page cache empties on any post (server/app.ts), so the review shows
 * to every visitor at once.
 */
export async function reviewAction(request: Request, context: AppLoadContext, productId: string) {
  const user = await requireSignedIn(request, context)
  if (!PRODUCT_ID_PATTERN.test(productId)) throw data(m.reviews_not_reviewable(), { status: 404 })
  const fields = await readSmallForm(request)
  if (!fields) {
    return formTooLarge<ReviewActionResult>({ ok: false, error: formTooLargeMessage() })
  }
  const parsed = parseForm<typeof reviewInputSchema, ReviewField>(fields, reviewInputSchema)
  if (!parsed.ok) {
    return data<ReviewActionResult>(
      {
        ok: false,
        error: m.reviews_not_saved(),
        fieldErrors: parsed.fieldErrors,
        // Give back what was typed (bounded), so nothing is lost.
        values: { rating: (fields.rating ?? '').slice(0, 2), body: (fields.body ?? '').slice(0, REVIEW_LIMITS.bodyMax * 2) },
      },
      { status: 400 },
    )
  }
  try {
    const saved = await writeReview(context.shop.db, user, productId, parsed.values)
    return data<ReviewActionResult>({ ok: true, message: reviewSavedMessage(saved.created) })
  } catch (err) {
    if (err instanceof ReviewedProductNotFoundError) throw data(m.reviews_not_reviewable(), { status: 404 })
    throw err
  }
}

/**
 * What a product page shows of reviews: the newest visible ones, their summary (`summary`, null without reviews:
 * the same `{ average, count }` as ratingSummary()), and the signed-in viewer's own review for the form.
 */
export async function reviewsForProductPage(request: Request, context: AppLoadContext, productId: string) {
  const viewer = await getSignedInUser(request, context)
  const reviews = await productReviews(context.shop.db, productId, viewer?.id ?? null)
  return {
    ...reviews,
    // The name the viewer's review is signed with, and whether their orders count (a confirmed address).
    viewer: viewer && { signedAs: authorName('', viewer.displayName), emailVerified: viewer.emailVerified },
  }
}

export type ProductPageReviews = Awaited<ReturnType<typeof reviewsForProductPage>>
