import { m } from '~/i18n/paraglide/messages.js'
import { hasLoneSurrogate, z } from '~/zod'
import { REVIEW_LIMITS } from './review'

/** The rating's error in English, as the tests compare it; the form words it with m.reviews_rating_error. */
export const RATING_ERROR = 'Choose a rating from 1 to 5 stars'
const ratingError = { error: () => m.reviews_rating_error() }

// Text people type, with its line breaks; no other control characters (PostgreSQL refuses NUL in text outright).
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** What the product pages' review form sends, as the route action parses it. */
export const reviewInputSchema = z.object({
  rating: z.coerce.number(ratingError).int(ratingError).min(1, ratingError).max(5, ratingError),
  body: z
    .string({ error: () => m.reviews_body_missing() })
    .refine((v) => !hasLoneSurrogate(v), { error: () => m.field_broken_character({ label: m.reviews_field_review() }), abort: true })
    .transform((v) => v.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(REVIEW_LIMITS.bodyMin, { error: () => m.reviews_body_too_short({ min: REVIEW_LIMITS.bodyMin }) })
        .max(REVIEW_LIMITS.bodyMax, { error: () => m.reviews_body_too_long({ max: REVIEW_LIMITS.bodyMax }) })
        .refine((v) => !CONTROL_CHARACTERS.test(v), { error: () => m.reviews_body_characters() }),
    ),
})
export type ReviewInput = z.infer<typeof reviewInputSchema>

export const REVIEW_FIELDS = ['rating', 'body'] as const
export type ReviewField = (typeof REVIEW_FIELDS)[number]
export type ReviewFieldErrors = Partial<Record<ReviewField, string>>
