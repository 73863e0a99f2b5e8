import { eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { shopSettings } from '~/db/schema'
import { DEFAULT_SHOP_SETTINGS, MAX_ADDRESSES, MAX_FEATURED, type DeliveryRule, type PaymentSettings, type ReservationLimits, type ShopSettings } from './shop-settings'
import { log } from '~/log.server'
import { rupeesField, z } from '~/zod'
import { MAX_REFUSED_PINS_TEXT, parseRefusedPins } from '../checkout/cash-on-delivery'
import { formatRupees } from '../money/money'
import { GST_STATE_CODES, gstinProblem } from '../invoices/gst'

const address = z.object({
  label: z.string().min(1),
  lines: z.array(z.string().min(1)).min(1),
  phone: z.string(),
  email: z.string(),
  hours: z.string(),
})

const grievanceOfficer = z.object({ name: z.string().min(1), designation: z.string().min(1), phone: z.string().min(1), email: z.string().min(1) })

const homeTexts = z.object({
  heading: z.string().min(1),
  paragraph: z.string().min(1),
  announcement: z.string(),
  heroImage: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/).nullable(),
  heroAlt: z.string(),
})

/** The shop's GST registration: a state we know, and a GSTIN of that state with the right check character. */
const gstFields = {
  gstState: z.string({ error: 'Choose the state.' }).refine((state) => Object.hasOwn(GST_STATE_CODES, state), 'Choose the state.'),
  gstin: z
    .string({ error: 'Enter the GSTIN.' })
    .trim()
    .toUpperCase()
    .min(1, 'Enter the GSTIN.'),
}

/** The GSTIN and the state are checked together: a GSTIN's first two digits name its state. */
function checkGstin(value: { gstin: string; gstState: string }, ctx: z.RefinementCtx) {
  const problem = value.gstin && Object.hasOwn(GST_STATE_CODES, value.gstState) ? gstinProblem(value.gstin, value.gstState) : null
  if (problem) ctx.addIssue({ code: 'custom', path: ['gstin'], message: problem })
}

/** The tax details the admin edits at /dash/settings. */
export const taxDetailsSchema = z.object(gstFields).superRefine(checkGstin)
export type TaxDetails = z.infer<typeof taxDetailsSchema>

const wholeUnits = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(1, `${label} must be at least 1.`)
    .max(10_000, `${label} must be at most 10000.`)

const reservationFields = {
  maxUnitsPerLine: wholeUnits('Units of one pack per order'),
  maxUnitsHeldUnpaid: wholeUnits('Units held by unpaid orders'),
}

/** Held units must cover one full line, or the largest order allowed could never be placed. */
function checkReservationLimits(value: { maxUnitsPerLine: number; maxUnitsHeldUnpaid: number }, ctx: z.RefinementCtx) {
  if (value.maxUnitsHeldUnpaid < value.maxUnitsPerLine) {
    ctx.addIssue({ code: 'custom', path: ['maxUnitsHeldUnpaid'], message: 'Units held by unpaid orders must be at least the units of one pack per order.' })
  }
}

/** The reservation limits the admin edits at /dash/settings (decision 024). */
export const reservationLimitsSchema = z.object(reservationFields).superRefine(checkReservationLimits)

const FSSAI_LICENCE = /^[12]\d{13}$/
const FSSAI_PROBLEM = 'An FSSAI licence or registration number is 14 digits, starting with 1 or 2 (e.g. 12426999000123).'

/** The FSSAI number as the admin types it, spaces allowed. */
export const fssaiFormSchema = z.object({
  fssaiLicence: z
    .string({ error: FSSAI_PROBLEM })
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(FSSAI_LICENCE, FSSAI_PROBLEM)),
})

const deliveryFields = {
  deliveryChargePaise: z.number().int().min(0).max(100_000),
  freeDeliveryFromPaise: z.number().int().min(0).max(10_000_000),
}

/** The delivery charge and the subtotal from which delivery is free, as the admin types them at /dash/settings. */
export const deliveryRuleFormSchema = z
  .object({ deliveryCharge: rupeesField('the delivery charge', 1_000), freeDeliveryFrom: rupeesField('the free-delivery threshold', 1_00_000) })
  .transform(({ deliveryCharge, freeDeliveryFrom }) => ({ deliveryChargePaise: deliveryCharge, freeDeliveryFromPaise: freeDeliveryFrom }))

const paymentSettings = z.object({
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
    .object({ kind: z.enum(['percent', 'fixed']), value: z.number().int().min(1).max(10_000_000), maxDiscountPaise: z.number().int().min(1).nullable() })
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

/** Here, not beside the type: the browser only shows settings, and so loads no Zod for them. */
const shopSettingsSchema = z.object({
  shopName: z.string().min(1),
  tagline: z.string().min(1),
  phone: z.string().min(1),
  whatsappNumber: z.string().regex(/^\d{8,15}$/),
  email: z.string().min(1),
  addresses: z.array(address).min(1).max(MAX_ADDRESSES),
  grievanceOfficer,
  home: homeTexts,
  featuredProductSlugs: z.array(z.string().regex(/^[a-z0-9-]{1,80}$/)).max(MAX_FEATURED),
  ...gstFields,
  ...reservationFields,
  ...deliveryFields,
  fssaiLicence: z.string().regex(FSSAI_LICENCE),
  payments: paymentSettings,
})
  .superRefine(checkGstin)
  .superRefine(checkReservationLimits) satisfies z.ZodType<ShopSettings>

/** Settings saved before addresses were a list kept the factory and the overseas office apart: read them as one. */
function fromSavedShape(value: Record<string, unknown>) {
  if (value.addresses !== undefined || (value.factory === undefined && value.overseasOffice === undefined)) return value
  const { factory, overseasOffice, ...rest } = value
  return { ...rest, addresses: [factory ?? DEFAULT_SHOP_SETTINGS.addresses[0], overseasOffice ?? DEFAULT_SHOP_SETTINGS.addresses[1]] }
}

/** The saved settings over the defaults; a saved value that no longer validates falls back to the default. */
export async function getShopSettings(db: Database): Promise<ShopSettings> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1))
  if (!row) return DEFAULT_SHOP_SETTINGS
  const merged = shopSettingsSchema.safeParse({ ...DEFAULT_SHOP_SETTINGS, ...fromSavedShape(row.value as Record<string, unknown>) })
  if (!merged.success) {
    log.error({ issues: merged.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }, 'Saved shop settings are invalid; using defaults')
    return DEFAULT_SHOP_SETTINGS
  }
  return merged.data
}

/** Each request's settings, read once: the root's loader and a page's run side by side and both want them. */
const settingsOfRequest = new WeakMap<object, Promise<ShopSettings>>()

/** The settings for one request (its load context), from one query however many loaders ask. */
export function requestShopSettings(context: { shop: { db: Database } }): Promise<ShopSettings> {
  let settings = settingsOfRequest.get(context)
  if (!settings) {
    settings = getShopSettings(context.shop.db)
    settingsOfRequest.set(context, settings)
  }
  return settings
}

export async function saveShopSettings(db: Database, value: ShopSettings) {
  const parsed = shopSettingsSchema.parse(value)
  await db
    .insert(shopSettings)
    .values({ id: 1, value: parsed })
    .onConflictDoUpdate({ target: shopSettings.id, set: { value: parsed, updatedAt: new Date() } })
}

/** Saves the shop's GST registration, keeping every other setting as it is. */
export async function saveTaxDetails(db: Database, details: TaxDetails) {
  await saveShopSettings(db, { ...(await getShopSettings(db)), ...details })
}

/** Saves the FSSAI number: the footer shows it at once, invoices issued from now on carry it. */
export async function saveFssaiLicence(db: Database, fssaiLicence: string) {
  await saveShopSettings(db, { ...(await getShopSettings(db)), fssaiLicence })
}

/** Saves the delivery rule; quotes and new orders on every server read it from here, placed orders keep theirs. */
export async function saveDeliveryRule(db: Database, rule: DeliveryRule) {
  await saveShopSettings(db, { ...(await getShopSettings(db)), ...rule })
}

/**
 * Saves cash on delivery's rules and the offer for paying online, keeping every other setting as it is. Every server
 * reads them from here for each quote and order (and the expiry job for each unconfirmed order); placed orders keep
 * their fee and discount.
 */
export async function savePaymentSettings(db: Database, payments: PaymentSettings) {
  await saveShopSettings(db, { ...(await getShopSettings(db)), payments })
}

/** Saves the reservation limits, keeping every other setting as it is; every server reads them from here per order. */
export async function saveReservationLimits(db: Database, limits: ReservationLimits) {
  await saveShopSettings(db, { ...(await getShopSettings(db)), ...reservationLimitsSchema.parse(limits) })
}
