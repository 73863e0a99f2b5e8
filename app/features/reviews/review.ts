import { z } from '~/zod'

/**
 * What a review form sends, shared by the product pages' form (its limits become the inputs' attributes) and the
 * route action that parses it. Reviews are short: a line or a paragraph, not an essay.
 */
export const REVIEW_LIMITS = { bodyMin: 3, bodyMax: 1000 } as const

export const RATING_ERROR = 'Choose a rating from 1 to 5 stars'

// Text people type, with its line breaks; no other control characters (PostgreSQL refuses NUL in text outright).
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

export const reviewInputSchema = z.object({
  rating: z.coerce.number({ error: RATING_ERROR }).int(RATING_ERROR).min(1, RATING_ERROR).max(5, RATING_ERROR),
  body: z
    .string({ error: 'Write a few words about the product' })
    .transform((v) => v.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(REVIEW_LIMITS.bodyMin, `Write at least ${REVIEW_LIMITS.bodyMin} characters about the product`)
        .max(REVIEW_LIMITS.bodyMax, `Keep the review under ${REVIEW_LIMITS.bodyMax} characters`)
        .refine((v) => !CONTROL_CHARACTERS.test(v), 'Use letters, digits, punctuation and line breaks only'),
    ),
})
export type ReviewInput = z.infer<typeof reviewInputSchema>

export const REVIEW_FIELDS = ['rating', 'body'] as const
export type ReviewField = (typeof REVIEW_FIELDS)[number]
export type ReviewFieldErrors = Partial<Record<ReviewField, string>>

/** First message per field, for the form to show beside each field. */
export function reviewFieldErrors(error: z.ZodError): ReviewFieldErrors {
  const out: ReviewFieldErrors = {}
  for (const issue of error.issues) {
    const field = issue.path[0]
    if (field === 'rating' || field === 'body') out[field] ??= issue.message
  }
  return out
}

/** A product's rating as lists and pages show it: the mean of its visible reviews to one decimal, and how many. */
export type RatingSummary = { average: number; count: number }

export function ratingSummaryOf(count: number, sum: number): RatingSummary | null {
  return count > 0 ? { average: Math.round((sum / count) * 10) / 10, count } : null
}

/** "Rated 4.5 out of 5 from 12 reviews": what screen readers hear for the stars. */
export function ratingLabel(summary: RatingSummary) {
  return `Rated ${summary.average} out of 5 from ${summary.count} ${summary.count === 1 ? 'review' : 'reviews'}`
}

/**
 * The name a review is signed with: the username, else the account's name, never an e-mail address (an account
 * made from the command line is named after its address's local part; a name typed as an address loses its domain).
 */
export function authorName(username: string, name: string) {
  const chosen = username.trim() || name.trim()
  if (!chosen) return 'A customer'
  return chosen.includes('@') ? chosen.slice(0, chosen.indexOf('@')) || 'A customer' : chosen
}

export const REVIEW_SAVED = 'Thank you! Your review is published.'
export const REVIEW_UPDATED = 'Your review is updated.'
