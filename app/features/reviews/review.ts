import { m } from '../../i18n/paraglide/messages.js'

// What pages show of reviews, without Zod: the shelves and the home page load this (review-schema.ts parses input).

/** A review's text: a line or a paragraph, not an essay. The form's inputs carry these limits too. */
export const REVIEW_LIMITS = { bodyMin: 3, bodyMax: 1000 } as const

/** A product's rating as lists and pages show it: the mean of its visible reviews to one decimal, and how many. */
export type RatingSummary = { average: number; count: number }

export function ratingSummaryOf(count: number, sum: number): RatingSummary | null {
  return count > 0 ? { average: Math.round((sum / count) * 10) / 10, count } : null
}

/** "Rated 4.5 out of 5 from 12 reviews": what screen readers hear for the stars. */
export function ratingLabel(summary: RatingSummary) {
  return m.reviews_rating_label({ average: summary.average, count: summary.count })
}

/**
 * The name a review is signed with: the username, else the account's name, never an e-mail address (an account
 * made from the command line is named after its address's local part; a name typed as an address loses its domain).
 */
export function authorName(username: string, name: string) {
  const chosen = username.trim() || name.trim()
  if (!chosen) return m.reviews_a_customer()
  return chosen.includes('@') ? chosen.slice(0, chosen.indexOf('@')) || m.reviews_a_customer() : chosen
}

/** What the form says once a review is saved: published for the first time, or updated. */
export const reviewSavedMessage = (created: boolean) => (created ? m.reviews_saved() : m.reviews_updated())
