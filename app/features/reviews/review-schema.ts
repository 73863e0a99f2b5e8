import { m } from '~/i18n/paraglide/messages.js'
import { hasLoneSurrogate, z } from '~/zod'
import { REVIEW_LIMITS } from './review'

export const RATING_ERROR = 'Choose a rating from 1 to 5 stars'

// Text people type, with its line breaks; no other control characters (PostgreSQL refuses NUL in text outright).
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** What the product pages' review form sends, as the route action parses it. */
export const reviewInputSchema = z.object({
  rating: z.coerce.number({ error: RATING_ERROR }).int(RATING_ERROR).min(1, RATING_ERROR).max(5, RATING_ERROR),
  body: z
    .string({ error: 'Write a few words about the product' })
    .refine((v) => !hasLoneSurrogate(v), { error: () => m.field_broken_character({ label: 'The review' }), abort: true })
    .transform((v) => v.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(REVIEW_LIMITS.bodyMin, `Write at least ${REVIEW_LIMITS.bodyMin} characters about the product`)
        .max(REVIEW_LIMITS.bodyMax, `Keep the review to ${REVIEW_LIMITS.bodyMax} characters or fewer`)
        .refine((v) => !CONTROL_CHARACTERS.test(v), 'Use letters, digits, punctuation and line breaks only'),
    ),
})
export type ReviewInput = z.infer<typeof reviewInputSchema>

export const REVIEW_FIELDS = ['rating', 'body'] as const
export type ReviewField = (typeof REVIEW_FIELDS)[number]
export type ReviewFieldErrors = Partial<Record<ReviewField, string>>
