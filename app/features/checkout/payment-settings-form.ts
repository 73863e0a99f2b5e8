import { rupeesField, z } from '~/zod'
import { formatRupees, typedRupees } from '../money/money'
import type { SliceForm } from '../settings/settings-slice'
import { MAX_REFUSED_PINS_TEXT, parseRefusedPins } from './cash-on-delivery'
import type { PaymentField, PaymentRules, PaymentSettings } from './payment-settings'

const paymentSettingsSchema = z.object({
  cod: z.object({
    enabled: z.boolean(),
    feePaise: z.number().int().min(0).max(100_000),
    minOrderPaise: z.number().int().min(0).max(10_000_000),
    maxOrderPaise: z.number().int().min(1).max(100_000_000).nullable(),
    refusedPins: z.array(z.string().regex(/^[1-9]\d{0,5}$/)).max(20_000),
    maxReturnedParcels: z.number().int().min(1).max(100),
    confirmWithinHours: z.number().int().min(1).max(720),
  }),
  prepaidOffer: z
    .object({
      kind: z.enum(['percent', 'fixed']),
      value: z.number().int().min(1).max(10_000_000),
      maxDiscountPaise: z.number().int().min(1).nullable(),
    })
    .refine((offer) => offer.kind === 'fixed' || offer.value <= 10_000)
    .nullable(),
})

/** Rupees as rupeesField reads them, or blank for none (null); never ₹0, which would be no amount at all. */
const optionalRupees = (label: string, maxRupees: number, blank: string) =>
  z.string({ error: `Enter ${label}, or leave it blank.` }).transform((typed, ctx) => {
    if (typed.trim() === '') return null
    const amount = rupeesField(label, maxRupees).safeParse(typed)
    if (!amount.success) {
      ctx.addIssue({ code: 'custom', message: amount.error.issues[0]!.message })
      return z.NEVER
    }
    if (amount.data === 0) {
      ctx.addIssue({ code: 'custom', message: `${label[0]!.toUpperCase()}${label.slice(1)} must be more than ₹0; ${blank}.` })
      return z.NEVER
    }
    return amount.data
  })

/** A whole number from `min` to `max`, as typed. */
const wholeNumber = (Label: string, min: number, max: number, missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .refine((typed) => typed !== '', { error: missing, abort: true })
    .refine((typed) => /^\d{1,7}$/.test(typed), { error: `${Label} must be a whole number from ${min} to ${max}.`, abort: true })
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${Label} must be a whole number from ${min} to ${max}.`)

/** How an entry the owner typed is named in a refusal: no controls, and short. */
const shownEntry = (entry: string) => {
  const clean = entry.replace(/[\p{Cc}\p{Cs}\u2028\u2029]/gu, '\uFFFD')
  return [...clean].length > 12 ? `${[...clean].slice(0, 12).join('')}…` : clean
}

/** The PIN codes and prefixes where cash on delivery is not offered, typed with commas, spaces or lines between them. */
const refusedPinsField = z
  .string({ error: 'Enter the PIN codes, or leave the box empty.' })
  .refine((typed) => typed.length <= MAX_REFUSED_PINS_TEXT, {
    error: `The list of PIN codes is too long (at most ${MAX_REFUSED_PINS_TEXT.toLocaleString('en-IN')} characters): refuse a whole area by its first digits, like 6824.`,
    abort: true,
  })
  .transform((typed, ctx) => {
    const parsed = parseRefusedPins(typed)
    if (parsed.ok) return parsed.pins
    const named = parsed.wrong.slice(0, 5).map(shownEntry).join(', ')
    const more = parsed.wrong.length > 5 ? ` and ${parsed.wrong.length - 5} more` : ''
    ctx.addIssue({
      code: 'custom',
      message: `Not a PIN code or the start of one: ${named}${more}. A PIN code is 6 digits not starting with 0 (682001); its first 1 to 5 digits refuse every code starting so (6824 refuses 682400 to 682499).`,
    })
    return z.NEVER
  })

/** A percentage as typed ("5", "2.5", "5%"), in basis points (500, 250); blank for none (null). */
const percentField = z.string({ error: 'Enter the percentage, like 5 or 2.5.' }).transform((typed, ctx) => {
  const bare = typed.replace(/[\s%]/g, '')
  if (bare === '') return null
  const basisPoints = Math.round(Number(bare) * 100)
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(bare) || basisPoints < 1 || basisPoints > 10_000) {
    ctx.addIssue({ code: 'custom', message: 'The percentage off must be from 0.01 to 100, like 5 or 2.5.' })
    return z.NEVER
  }
  return basisPoints
})

/** Whether none of `fields` was refused: a check across fields runs only on fields that are good on their own. */
const fieldsGood =
  (...fields: string[]) =>
  (payload: { issues: Array<{ path?: PropertyKey[] }> }) =>
    !payload.issues.some((issue) => fields.includes(String(issue.path?.[0])))

/**
 * The payments section of /dash/settings as the owner types it (decision 043, issue 19): cash on delivery's rules in
 * rupees, hours and parcels, and the offer for paying online. A field the chosen offer does not use may be blank, but
 * is still checked when filled. Gives the PaymentSettings to save.
 */
export const paymentSettingsFormSchema = z
  .object({
    /** The checkbox: "on" when ticked, absent (or blank) when clear. */
    codEnabled: z
      .string()
      .optional()
      .refine((v) => v === undefined || v === '' || v === 'on', 'Tick the box to offer cash on delivery, or leave it clear.'),
    codFee: rupeesField('the COD fee', 1_000),
    codMinOrder: rupeesField('the minimum order value', 1_00_000),
    codMaxOrder: optionalRupees('the maximum order value', 10_00_000, 'leave it blank for no maximum'),
    codRefusedPins: refusedPinsField,
    codMaxReturns: wholeNumber('Returned parcels', 1, 100, 'Enter the number of returned parcels.'),
    codConfirmHours: wholeNumber('Hours to confirm', 1, 720, 'Enter the hours to confirm.'),
    prepaidKind: z.enum(['none', 'percent', 'fixed'], { error: 'Choose no offer, a percentage off or a fixed amount off.' }),
    prepaidPercent: percentField,
    prepaidMaxDiscount: optionalRupees('the largest discount', 1_00_000, 'leave it blank for no cap'),
    prepaidFixed: optionalRupees('the amount off', 1_00_000, 'choose no offer instead'),
  })
  .superRefine(
    (form, ctx) => {
      if (form.codMaxOrder !== null && form.codMaxOrder < form.codMinOrder) {
        ctx.addIssue({
          code: 'custom',
          path: ['codMaxOrder'],
          message: `The maximum order value must be at least the minimum (${formatRupees(form.codMinOrder)}), or blank for no maximum.`,
        })
      }
    },
    { when: fieldsGood('codMinOrder', 'codMaxOrder') },
  )
  .superRefine(
    (form, ctx) => {
      if (form.prepaidKind === 'percent' && form.prepaidPercent === null) {
        ctx.addIssue({ code: 'custom', path: ['prepaidPercent'], message: 'Enter the percentage off, like 5 or 2.5.' })
      }
      if (form.prepaidKind === 'fixed' && form.prepaidFixed === null) {
        ctx.addIssue({ code: 'custom', path: ['prepaidFixed'], message: 'Enter the amount off in rupees, like 50.' })
      }
    },
    { when: fieldsGood('prepaidKind', 'prepaidPercent', 'prepaidFixed') },
  )
  .transform(
    (form): PaymentSettings => ({
      cod: {
        enabled: form.codEnabled === 'on',
        feePaise: form.codFee,
        minOrderPaise: form.codMinOrder,
        maxOrderPaise: form.codMaxOrder,
        refusedPins: form.codRefusedPins,
        maxReturnedParcels: form.codMaxReturns,
        confirmWithinHours: form.codConfirmHours,
      },
      prepaidOffer:
        form.prepaidKind === 'percent'
          ? { kind: 'percent', value: form.prepaidPercent!, maxDiscountPaise: form.prepaidMaxDiscount }
          : form.prepaidKind === 'fixed'
            ? { kind: 'fixed', value: form.prepaidFixed!, maxDiscountPaise: null }
            : null,
    }),
  )

/** The payments form's fields, as the page names them. */
export type PaymentSettingsForm = z.input<typeof paymentSettingsFormSchema>

/** The payment settings as the form shows them: rupees, a percentage, the PIN codes as one list. */
function paymentValues({ cod, prepaidOffer: offer }: PaymentSettings): Record<PaymentField, string> {
  return {
    codEnabled: cod.enabled ? 'on' : '',
    codFee: typedRupees(cod.feePaise),
    codMinOrder: typedRupees(cod.minOrderPaise),
    codMaxOrder: cod.maxOrderPaise === null ? '' : typedRupees(cod.maxOrderPaise),
    codRefusedPins: cod.refusedPins.join(', '),
    codMaxReturns: String(cod.maxReturnedParcels),
    codConfirmHours: String(cod.confirmWithinHours),
    prepaidKind: offer?.kind ?? 'none',
    prepaidPercent: offer?.kind === 'percent' ? String(offer.value / 100) : '',
    prepaidMaxDiscount: offer?.kind === 'percent' && offer.maxDiscountPaise !== null ? typedRupees(offer.maxDiscountPaise) : '',
    prepaidFixed: offer?.kind === 'fixed' ? typedRupees(offer.value) : '',
  }
}

/** What the saved payment settings do, in a sentence or two for the owner. */
function paymentsSavedMessage({ cod, prepaidOffer: offer }: PaymentSettings) {
  const limits = [
    cod.minOrderPaise > 0 ? `from ${formatRupees(cod.minOrderPaise)}` : '',
    cod.maxOrderPaise !== null ? `up to ${formatRupees(cod.maxOrderPaise)}` : '',
  ]
    .filter(Boolean)
    .join(' ')
  const pins = cod.refusedPins.length === 1 ? '1 PIN code or prefix' : `${cod.refusedPins.length} PIN codes or prefixes`
  const codText = cod.enabled
    ? `Cash on delivery is offered${limits ? ` on orders ${limits}` : ''}${cod.feePaise > 0 ? ` for a fee of ${formatRupees(cod.feePaise)}` : ' with no fee'}${cod.refusedPins.length ? `, except in ${pins}` : ''}.`
    : 'Cash on delivery is not offered: the payment step says so.'
  const offerText = !offer
    ? 'Paying online takes nothing off.'
    : offer.kind === 'fixed'
      ? `Paying online takes ${formatRupees(offer.value)} off.`
      : `Paying online takes ${offer.value / 100}% off${offer.maxDiscountPaise !== null ? `, at most ${formatRupees(offer.maxDiscountPaise)}` : ''}.`
  return `Saved. ${codText} ${offerText} The checkout follows at once; orders already placed keep their fee and discount.`
}

/** Saves cash on delivery's rules and the offer for paying online (decision 043): the next quote and order follow them. */
export const paymentSettingsForm: SliceForm<PaymentRules, PaymentField> = {
  stored: z.object({ payments: paymentSettingsSchema }),
  typed: (posted) =>
    Object.fromEntries(
      Object.entries(posted).map(([name, typed]) => [name, typed.slice(0, name === 'codRefusedPins' ? MAX_REFUSED_PINS_TEXT + 1 : 40)]),
    ) as Record<PaymentField, string>,
  form: paymentSettingsFormSchema.transform((payments) => ({ payments })),
  shown: ({ payments }) => paymentValues(payments),
  saved: ({ payments }) => paymentsSavedMessage(payments),
}
