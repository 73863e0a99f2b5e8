import { rupeesField, z } from '~/zod'
import { m } from '~/i18n/paraglide/messages.js'
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
const optionalRupees = (label: () => string, Label: () => string, maxRupees: number, blank: () => string) =>
  z.string({ error: () => m.settings_optional_enter({ label: label() }) }).transform((typed, ctx) => {
    if (typed.trim() === '') return null
    const amount = rupeesField(label, maxRupees).safeParse(typed)
    if (!amount.success) {
      ctx.addIssue({ code: 'custom', message: amount.error.issues[0]!.message })
      return z.NEVER
    }
    if (amount.data === 0) {
      ctx.addIssue({ code: 'custom', message: m.settings_optional_more_than_zero({ Label: Label(), blank: blank() }) })
      return z.NEVER
    }
    return amount.data
  })

/** A whole number from `min` to `max`, as typed. */
const wholeNumber = (Label: () => string, min: number, max: number, missing: () => string) =>
  z
    .string({ error: missing })
    .trim()
    .refine((typed) => typed !== '', { error: missing, abort: true })
    .refine((typed) => /^\d{1,7}$/.test(typed), { error: () => m.settings_whole_number_range({ label: Label(), min, max }), abort: true })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: () => m.settings_whole_number_range({ label: Label(), min, max }) })

/** How an entry the owner typed is named in a refusal: no controls, and short. */
const shownEntry = (entry: string) => {
  const clean = entry.replace(/[\p{Cc}\p{Cs}\u2028\u2029]/gu, '\uFFFD')
  return [...clean].length > 12 ? `${[...clean].slice(0, 12).join('')}…` : clean
}

/** The PIN codes and prefixes where cash on delivery is not offered, typed with commas, spaces or lines between them. */
const refusedPinsField = z
  .string({ error: () => m.settings_pins_enter() })
  .refine((typed) => typed.length <= MAX_REFUSED_PINS_TEXT, {
    error: () => m.settings_pins_too_long({ max: MAX_REFUSED_PINS_TEXT.toLocaleString('en-IN') }),
    abort: true,
  })
  .transform((typed, ctx) => {
    const parsed = parseRefusedPins(typed)
    if (parsed.ok) return parsed.pins
    const named = parsed.wrong.slice(0, 5).map(shownEntry).join(', ')
    ctx.addIssue({
      code: 'custom',
      message:
        parsed.wrong.length > 5 ? m.settings_pins_wrong_more({ named, more: parsed.wrong.length - 5 }) : m.settings_pins_wrong({ named }),
    })
    return z.NEVER
  })

/** A percentage as typed ("5", "2.5", "5%"), in basis points (500, 250); blank for none (null). */
const percentField = z.string({ error: () => m.settings_percent_enter() }).transform((typed, ctx) => {
  const bare = typed.replace(/[\s%]/g, '')
  if (bare === '') return null
  const basisPoints = Math.round(Number(bare) * 100)
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(bare) || basisPoints < 1 || basisPoints > 10_000) {
    ctx.addIssue({ code: 'custom', message: m.settings_percent_range() })
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
      .refine((v) => v === undefined || v === '' || v === 'on', { error: () => m.settings_cod_tick() }),
    codFee: rupeesField(m.settings_the_cod_fee, 1_000),
    codMinOrder: rupeesField(m.settings_the_min_order, 1_00_000),
    codMaxOrder: optionalRupees(m.settings_the_max_order, m.settings_the_max_order_capital, 10_00_000, m.settings_blank_no_max),
    codRefusedPins: refusedPinsField,
    codMaxReturns: wholeNumber(m.settings_returned_parcels, 1, 100, m.settings_returned_parcels_enter),
    codConfirmHours: wholeNumber(m.settings_hours_to_confirm, 1, 720, m.settings_hours_to_confirm_enter),
    prepaidKind: z.enum(['none', 'percent', 'fixed'], { error: () => m.settings_prepaid_kind_invalid() }),
    prepaidPercent: percentField,
    prepaidMaxDiscount: optionalRupees(
      m.settings_the_largest_discount,
      m.settings_the_largest_discount_capital,
      1_00_000,
      m.settings_blank_no_cap,
    ),
    prepaidFixed: optionalRupees(m.settings_the_amount_off, m.settings_the_amount_off_capital, 1_00_000, m.settings_choose_no_offer),
  })
  .superRefine(
    (form, ctx) => {
      if (form.codMaxOrder !== null && form.codMaxOrder < form.codMinOrder) {
        ctx.addIssue({
          code: 'custom',
          path: ['codMaxOrder'],
          message: m.settings_max_below_min({ min: formatRupees(form.codMinOrder) }),
        })
      }
    },
    { when: fieldsGood('codMinOrder', 'codMaxOrder') },
  )
  .superRefine(
    (form, ctx) => {
      if (form.prepaidKind === 'percent' && form.prepaidPercent === null) {
        ctx.addIssue({ code: 'custom', path: ['prepaidPercent'], message: m.settings_percent_off_enter() })
      }
      if (form.prepaidKind === 'fixed' && form.prepaidFixed === null) {
        ctx.addIssue({ code: 'custom', path: ['prepaidFixed'], message: m.settings_amount_off_enter() })
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
  const min = cod.minOrderPaise > 0 ? formatRupees(cod.minOrderPaise) : null
  const max = cod.maxOrderPaise !== null ? formatRupees(cod.maxOrderPaise) : null
  const limits =
    min !== null && max !== null
      ? m.settings_cod_from_up_to({ min, max })
      : min !== null
        ? m.settings_cod_from({ min })
        : max !== null
          ? m.settings_cod_up_to({ max })
          : ''
  const codText = cod.enabled
    ? m.settings_cod_offered({
        limits,
        fee: cod.feePaise > 0 ? m.settings_cod_fee({ fee: formatRupees(cod.feePaise) }) : m.settings_cod_no_fee(),
        except: cod.refusedPins.length ? m.settings_cod_except({ count: cod.refusedPins.length }) : '',
      })
    : m.settings_cod_not_offered()
  const offerText = !offer
    ? m.settings_offer_none()
    : offer.kind === 'fixed'
      ? m.settings_offer_fixed({ amount: formatRupees(offer.value) })
      : offer.maxDiscountPaise !== null
        ? m.settings_offer_percent_capped({ percent: offer.value / 100, max: formatRupees(offer.maxDiscountPaise) })
        : m.settings_offer_percent({ percent: offer.value / 100 })
  return m.settings_payments_saved({ cod: codText, offer: offerText })
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
