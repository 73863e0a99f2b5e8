import { onServerOnly, settingsSlice } from '../settings/settings-slice'

/**
 * What the home page claims of the shop (issue 39): the tagline above the welcome, the three promises below it and
 * the story at the end. The owner's words: a claim of "organic" needs certification (FSSAI Food Safety and Standards
 * (Organic Foods) Regulations, 2017), so the demo's claims are marked as demo text until the owner confirms them.
 */
export type BrandClaims = {
  /** Above the welcome heading, in capitals; blank for none. */
  tagline: string
  /** Up to three, each a title and a line; `{free delivery}` in a line stands for the threshold of the moment. */
  promises: { title: string; text: string }[]
  /** The "About" section's paragraphs, split at blank lines; blank for none. */
  story: string
  /** Whether the owner has confirmed them: until then the home page marks them as demo text. */
  confirmed: boolean
}

export type HomeClaims = { claims: BrandClaims }

/** The demo shop's claims, as its home page has always made them. */
const DEMO_CLAIMS: HomeClaims = {
  claims: {
    tagline: 'Organic · Non-GMO · Farm direct',
    promises: [
      { title: 'Certified organic, non-GMO', text: 'Grown without synthetic pesticides or fertilisers, and never genetically modified.' },
      {
        title: 'Straight from small farms',
        text: 'Bought directly from farming families in Tamil Nadu, Kerala, Karnataka and Andhra Pradesh.',
      },
      { title: 'Delivered across India', text: 'Packed fresh in Coimbatore. Free delivery on orders of {free delivery} or more.' },
    ],
    story:
      'We started in Coimbatore with a handful of farming families who grew far more than the local market could take before it spoiled. Freeze-drying and slow, low-temperature dehydrating let us keep that harvest at its peak, with its colour, taste and nutrients, and without preservatives.\n\n' +
      'Today we work with small, certified organic and non-GMO farms across Tamil Nadu, Kerala, Karnataka and Andhra Pradesh. We pay them fairly, pack every order ourselves, and answer every message.',
    confirmed: false,
  },
}

/** The story's paragraphs. */
export function storyParagraphs(story: string) {
  return story
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
}

const CLAIM_FIELDS = [
  'claimTagline',
  'promise1Title',
  'promise1Text',
  'promise2Title',
  'promise2Text',
  'promise3Title',
  'promise3Text',
  'story',
  'confirmClaims',
] as const
export type ClaimField = (typeof CLAIM_FIELDS)[number]

/** The claims' section of /dash/shop: the home page shows them at once, marked as demo text until confirmed. */
export const homeClaimsSettings = settingsSlice({
  key: 'claims',
  defaults: DEMO_CLAIMS,
  fields: CLAIM_FIELDS,
  form: async () => (import.meta.env.SSR ? (await import('./home-claims-form')).homeClaimsForm : onServerOnly()),
})

/** Whether these are still the demo shop's claims, word for word and unconfirmed. */
export function isDemoClaims(claims: BrandClaims) {
  return JSON.stringify(claims) === JSON.stringify(DEMO_CLAIMS.claims)
}
