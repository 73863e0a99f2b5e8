import { type FieldLabel, labelText, text, z } from '~/zod'
import type { SliceForm } from '../settings/settings-slice'
import type { BrandClaims, ClaimField, HomeClaims } from './home-claims'
import { m } from '~/i18n/paraglide/messages.js'

const MAX_PROMISES = 3
const LIMITS = { tagline: 80, title: 60, text: 200, story: 2000 }

/** A claim as plain text: no markup (the page shows it as text anyway), one line unless it is the story. */
const plain = (label: FieldLabel, max: number, oneLine = true) =>
  text({ label, max, required: false, oneLine }).refine((v) => !/[<>]/.test(v), {
    error: () => m.field_angle_brackets_refused({ label: labelText(label) }),
  })

const promiseNumbers = [1, 2, 3] as const

const claimsForm = z
  .object({
    claimTagline: plain(m.catalogue_claims_tagline, LIMITS.tagline),
    promise1Title: plain(m.catalogue_claims_promise1_title, LIMITS.title),
    promise1Text: plain(m.catalogue_claims_promise1_text, LIMITS.text),
    promise2Title: plain(m.catalogue_claims_promise2_title, LIMITS.title),
    promise2Text: plain(m.catalogue_claims_promise2_text, LIMITS.text),
    promise3Title: plain(m.catalogue_claims_promise3_title, LIMITS.title),
    promise3Text: plain(m.catalogue_claims_promise3_text, LIMITS.text),
    story: plain(m.catalogue_claims_story, LIMITS.story, false),
    confirmClaims: z.enum(['yes', ''], { error: () => m.catalogue_claims_confirm_choice() }),
  })
  .superRefine((form, ctx) => {
    for (const n of promiseNumbers) {
      if (form[`promise${n}Text`] && !form[`promise${n}Title`])
        ctx.addIssue({ code: 'custom', path: [`promise${n}Title`], message: m.catalogue_claims_promise_needs_title() })
    }
  })
  .transform(
    (form): HomeClaims => ({
      claims: {
        tagline: form.claimTagline,
        promises: promiseNumbers
          .map((n) => ({ title: form[`promise${n}Title`], text: form[`promise${n}Text`] }))
          .filter((promise) => promise.title),
        story: form.story.replace(/\r\n/g, '\n'),
        confirmed: form.confirmClaims === 'yes',
      },
    }),
  )

const storedPlain = (max: number) => z.string().max(max)

/** Saves the home page's claims: shown at once, marked as demo text until the owner confirms them. */
export const homeClaimsForm: SliceForm<HomeClaims, ClaimField> = {
  stored: z.object({
    claims: z.object({
      tagline: storedPlain(LIMITS.tagline),
      promises: z.array(z.object({ title: storedPlain(LIMITS.title).min(1), text: storedPlain(LIMITS.text) })).max(MAX_PROMISES),
      story: storedPlain(LIMITS.story),
      confirmed: z.boolean(),
    }) satisfies z.ZodType<BrandClaims>,
  }),
  typed: (posted) => ({
    claimTagline: posted.claimTagline.slice(0, 200),
    promise1Title: posted.promise1Title.slice(0, 200),
    promise1Text: posted.promise1Text.slice(0, 400),
    promise2Title: posted.promise2Title.slice(0, 200),
    promise2Text: posted.promise2Text.slice(0, 400),
    promise3Title: posted.promise3Title.slice(0, 200),
    promise3Text: posted.promise3Text.slice(0, 400),
    story: posted.story.slice(0, 4000),
    confirmClaims: posted.confirmClaims.slice(0, 10),
  }),
  form: claimsForm,
  shown: ({ claims }) => ({
    claimTagline: claims.tagline,
    promise1Title: claims.promises[0]?.title ?? '',
    promise1Text: claims.promises[0]?.text ?? '',
    promise2Title: claims.promises[1]?.title ?? '',
    promise2Text: claims.promises[1]?.text ?? '',
    promise3Title: claims.promises[2]?.title ?? '',
    promise3Text: claims.promises[2]?.text ?? '',
    story: claims.story,
    confirmClaims: claims.confirmed ? 'yes' : '',
  }),
  saved: ({ claims }) => (claims.confirmed ? m.catalogue_claims_saved_confirmed() : m.catalogue_claims_saved_demo()),
}
