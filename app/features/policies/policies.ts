import { m } from '~/i18n/paraglide/messages.js'

/**
 * The shop's policy pages (docs/decisions/036-policy-pages.md): what Razorpay asks to see before it activates a live
 * account, and what the Consumer Protection (E-Commerce) Rules, 2020 ask an online seller to show (rule 4(4)–(5),
 * a grievance officer who acknowledges a complaint within 48 hours; rule 7, an inventory seller's return, refund,
 * exchange, delivery, payment and grievance terms). The owner edits each at /dash/policies; until then a template
 * (policy-templates.server.ts) is shown, marked as one. This module is in every page's script: keep it small.
 */
export const POLICY_SLUGS = ['privacy', 'terms', 'shipping', 'returns', 'grievance'] as const
export type PolicySlug = (typeof POLICY_SLUGS)[number]

export type Policy = { slug: PolicySlug; title: string; body: string; isTemplate: boolean; updatedAt: string | null }

export function isPolicySlug(value: string): value is PolicySlug {
  return (POLICY_SLUGS as readonly string[]).includes(value)
}

export const policyPath = (slug: PolicySlug) => `/policies/${slug}`

/** How the footer and the checkout name each page (the page's own title is the owner's). */
export const POLICY_LINKS: ReadonlyArray<{ readonly slug: PolicySlug; readonly label: string }> = [
  // Getters: each label reads in the language of the page that shows it.
  {
    slug: 'shipping',
    get label() {
      return m.policies_link_shipping()
    },
  },
  {
    slug: 'returns',
    get label() {
      return m.policies_link_returns()
    },
  },
  {
    slug: 'terms',
    get label() {
      return m.policies_link_terms()
    },
  },
  {
    slug: 'privacy',
    get label() {
      return m.policies_link_privacy()
    },
  },
  {
    slug: 'grievance',
    get label() {
      return m.policies_link_grievance()
    },
  },
]

export const POLICY_LIMITS = { title: 100, body: 30_000 }
