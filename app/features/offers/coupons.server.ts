import { asc, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { couponUses, coupons, products } from '~/db/schema'
import { type FieldLabel, labelText, rupeesField, text, z } from '~/zod'
import { m } from '~/i18n/paraglide/messages.js'
import { CATEGORIES } from '../catalogue/categories'
import { isCalendarDay, startOfIndiaDay } from '../dates/india-time'
import { couponCategoryField, couponState, normaliseCouponCode } from './coupons'

const DAY_MS = 24 * 3_600_000

/** A field the form may leave out (a client other than the page's form): read as blank. */
const blankable = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .optional()
    .transform((v) => v ?? '')
    .pipe(schema)

/** A day the admin picks (YYYY-MM-DD) as the moment it starts, or ends, in India; blank for none. */
const indiaDay = (label: FieldLabel, end: boolean) =>
  z
    .string({ error: () => m.offers_date_invalid({ label: labelText(label) }) })
    .trim()
    .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), { error: () => m.offers_date_like({ label: labelText(label) }) })
    .transform((v, ctx) => {
      if (v === '') return null
      if (!isCalendarDay(v)) {
        ctx.addIssue({ code: 'custom', message: m.offers_date_not_calendar({ label: labelText(label) }) })
        return z.NEVER
      }
      const [y, month, d] = v.split('-').map(Number) as [number, number, number]
      const start = startOfIndiaDay(y, month, d)
      return end ? new Date(start.getTime() + DAY_MS - 1) : start
    })

/** A whole number of uses from 1, or blank for no limit. */
const uses = (label: FieldLabel) =>
  z
    .string({ error: () => m.offers_uses_whole({ label: labelText(label) }) })
    .trim()
    .refine((v) => v === '' || /^[1-9]\d{0,6}$/.test(v), { error: () => m.offers_uses_from_1({ label: labelText(label) }) })
    .transform((v) => (v === '' ? null : Number(v)))

/** Rupees, or blank for none (null). */
const optionalRupees = (label: FieldLabel, max: number) =>
  blankable(z.string()).transform((v, ctx) => {
    if (v.trim() === '') return null
    const amount = rupeesField(label, max).safeParse(v)
    if (amount.success) return amount.data
    ctx.addIssue({ code: 'custom', message: amount.error.issues[0]!.message })
    return z.NEVER
  })
const checkbox = z
  .string()
  .optional()
  .transform((v) => v === 'on')

/** The new-coupon form at /dash/coupons, as the admin types it: rupees, a percentage, days in India. */
export const couponFormSchema = z
  .object({
    code: z.string({ error: () => m.offers_enter_code() }).transform((v, ctx) => {
      const code = normaliseCouponCode(v)
      if (!code) {
        ctx.addIssue({ code: 'custom', message: m.offers_code_shape() })
        return z.NEVER
      }
      return code
    }),
    kind: z.enum(['percent', 'fixed'], { error: () => m.offers_kind_invalid() }),
    value: text({ label: m.offers_the_discount, max: 12, oneLine: true, missing: m.offers_enter_discount }),
    minOrder: optionalRupees(m.offers_the_min_order, 10_00_000),
    maxDiscount: optionalRupees(m.offers_the_largest_discount, 1_00_000),
    validFrom: blankable(indiaDay(m.offers_the_first_day, false)),
    validUntil: blankable(indiaDay(m.offers_the_last_day, true)),
    totalUses: blankable(uses(m.offers_uses_in_all)),
    usesPerCustomer: blankable(uses(m.offers_uses_per_customer)),
    products: blankable(text({ label: m.offers_products, max: 2_000, required: false })),
    firstOrderOnly: checkbox,
    prepaidOnly: checkbox,
    ...Object.fromEntries(CATEGORIES.map((c) => [couponCategoryField(c), checkbox])),
  })
  .transform((form, ctx) => {
    // Hundredths either way: basis points of a percentage, paise of rupees.
    const typed = form.value.replace(/[\s,₹%]/g, '')
    const value = Math.round(Number(typed) * 100)
    if (form.kind === 'percent' && (!/^\d{1,3}(\.\d{1,2})?$/.test(typed) || value <= 0 || value > 10_000)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: m.offers_percent_range() })
    }
    if (form.kind === 'fixed' && (!/^\d{1,6}(\.\d{1,2})?$/.test(typed) || value <= 0)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: m.offers_fixed_rupees() })
    }
    if (form.validFrom && form.validUntil && form.validFrom >= form.validUntil) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: m.offers_last_before_first() })
    } else if (form.validUntil && form.validUntil < new Date()) {
      // A code that has ended before it is made could never be used (issue 39: the admin accepted it and called it on).
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: m.offers_last_day_passed() })
    }
    if (form.totalUses !== null && form.usesPerCustomer !== null && form.usesPerCustomer > form.totalUses) {
      ctx.addIssue({ code: 'custom', path: ['usesPerCustomer'], message: m.offers_per_customer_above_total() })
    }
    const productIds = [...new Set(form.products.split(/[\s,]+/).filter(Boolean))]
    if (productIds.some((id) => !/^[A-Za-z0-9_-]{1,40}$/.test(id))) {
      ctx.addIssue({
        code: 'custom',
        path: ['products'],
        message: m.offers_products_list(),
      })
    }
    return {
      code: form.code,
      kind: form.kind,
      value,
      minOrderPaise: form.minOrder ?? 0,
      maxDiscountPaise: form.kind === 'percent' ? form.maxDiscount : null,
      validFrom: form.validFrom,
      validUntil: form.validUntil,
      totalUses: form.totalUses,
      usesPerCustomer: form.usesPerCustomer,
      categories: CATEGORIES.filter((c) => (form as Record<string, unknown>)[couponCategoryField(c)] === true),
      productIds,
      firstOrderOnly: form.firstOrderOnly,
      prepaidOnly: form.prepaidOnly,
    }
  })

export type NewCoupon = z.output<typeof couponFormSchema>

export class CouponExistsError extends Error {}
export class UnknownProductsError extends Error {
  constructor(readonly ids: string[]) {
    super(m.offers_unknown_products({ ids: ids.join(', ') }))
  }
}

/** Saves a new coupon; refuses a code the shop has (in any case) and products it does not. */
export async function createCoupon(db: Database, coupon: NewCoupon) {
  return db.transaction(async (tx) => {
    if (coupon.productIds.length) {
      const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, coupon.productIds))
      const missing = coupon.productIds.filter((id) => !found.some((p) => p.id === id))
      if (missing.length) throw new UnknownProductsError(missing)
    }
    const inserted = await tx.insert(coupons).values(coupon).onConflictDoNothing().returning({ code: coupons.code })
    if (!inserted.length) throw new CouponExistsError(m.offers_code_exists({ code: coupon.code }))
    return inserted[0]!.code
  })
}

/** Switches a code on or off; false when there is no such code. */
/** Switches a code on or off; its state afterwards (a code switched on may still have ended), or null for no such code. */
export async function setCouponActive(db: Database, code: string, active: boolean) {
  const [updated] = await db
    .update(coupons)
    .set({ active, updatedAt: new Date() })
    .where(eq(coupons.code, code))
    .returning({ active: coupons.active, validFrom: coupons.validFrom, validUntil: coupons.validUntil })
  return updated ? { ...updated, state: couponState(updated, new Date()) } : null
}

export const couponSwitchSchema = z.object({
  code: z.string({ error: () => m.offers_which_code() }).transform((v, ctx) => {
    const code = normaliseCouponCode(v)
    if (code) return code
    ctx.addIssue({ code: 'custom', message: m.offers_no_such_code() })
    return z.NEVER
  }),
  active: z.enum(['true', 'false'], { error: () => m.offers_switch_invalid() }).transform((v) => v === 'true'),
})

/** Every coupon for the admin, newest first, with the uses orders hold now. */
export async function listCouponsForAdmin(db: Database) {
  const [rows, used] = await Promise.all([
    db.select().from(coupons).orderBy(desc(coupons.createdAt), asc(coupons.code)),
    db
      .select({ code: couponUses.couponCode, n: count() })
      .from(couponUses)
      .where(isNull(couponUses.releasedAt))
      .groupBy(couponUses.couponCode),
  ])
  const now = new Date()
  return rows.map((row) => ({ ...row, state: couponState(row, now), usesTaken: used.find((u) => u.code === row.code)?.n ?? 0 }))
}
