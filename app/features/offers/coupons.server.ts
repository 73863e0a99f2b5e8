import { asc, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { couponUses, coupons, products } from '~/db/schema'
import { rupeesField, text, z } from '~/zod'
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
const indiaDay = (label: string, end: boolean) =>
  z
    .string({ error: `${label} must be a date.` })
    .trim()
    .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), `${label} must be a date, like 2026-12-31.`)
    .transform((v, ctx) => {
      if (v === '') return null
      if (!isCalendarDay(v)) {
        ctx.addIssue({ code: 'custom', message: `${label} is not a day of the calendar.` })
        return z.NEVER
      }
      const [y, m, d] = v.split('-').map(Number) as [number, number, number]
      const start = startOfIndiaDay(y, m, d)
      return end ? new Date(start.getTime() + DAY_MS - 1) : start
    })

/** A whole number of uses from 1, or blank for no limit. */
const uses = (label: string) =>
  z
    .string({ error: `${label} must be a whole number.` })
    .trim()
    .refine((v) => v === '' || /^[1-9]\d{0,6}$/.test(v), `${label} must be a whole number from 1, or blank for no limit.`)
    .transform((v) => (v === '' ? null : Number(v)))

/** Rupees, or blank for none (null). */
const optionalRupees = (label: string, max: number) =>
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
    code: z.string({ error: 'Enter a code.' }).transform((v, ctx) => {
      const code = normaliseCouponCode(v)
      if (!code) {
        ctx.addIssue({ code: 'custom', message: 'A code is 3 to 32 letters, digits, - or _, starting with a letter or digit.' })
        return z.NEVER
      }
      return code
    }),
    kind: z.enum(['percent', 'fixed'], { error: 'Choose a percentage or a fixed amount.' }),
    value: text({ label: 'The discount', max: 12, oneLine: true, missing: 'Enter the discount.' }),
    minOrder: optionalRupees('the minimum order', 10_00_000),
    maxDiscount: optionalRupees('the largest discount', 1_00_000),
    validFrom: blankable(indiaDay('The first day', false)),
    validUntil: blankable(indiaDay('The last day', true)),
    totalUses: blankable(uses('Uses in all')),
    usesPerCustomer: blankable(uses('Uses per customer')),
    products: blankable(text({ label: 'Products', max: 2_000, required: false })),
    firstOrderOnly: checkbox,
    prepaidOnly: checkbox,
    ...Object.fromEntries(CATEGORIES.map((c) => [couponCategoryField(c), checkbox])),
  })
  .transform((form, ctx) => {
    // Hundredths either way: basis points of a percentage, paise of rupees.
    const typed = form.value.replace(/[\s,₹%]/g, '')
    const value = Math.round(Number(typed) * 100)
    if (form.kind === 'percent' && (!/^\d{1,3}(\.\d{1,2})?$/.test(typed) || value <= 0 || value > 10_000)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is more than 0 and at most 100, like 10 or 7.5.' })
    }
    if (form.kind === 'fixed' && (!/^\d{1,6}(\.\d{1,2})?$/.test(typed) || value <= 0)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A fixed discount is an amount in rupees, like 50 or 49.50.' })
    }
    if (form.validFrom && form.validUntil && form.validFrom >= form.validUntil) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'The last day must not be before the first.' })
    } else if (form.validUntil && form.validUntil < new Date()) {
      // A code that has ended before it is made could never be used (issue 39: the admin accepted it and called it on).
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'The last day has passed: customers could never use this code.' })
    }
    if (form.totalUses !== null && form.usesPerCustomer !== null && form.usesPerCustomer > form.totalUses) {
      ctx.addIssue({ code: 'custom', path: ['usesPerCustomer'], message: 'Uses per customer must not be more than uses in all.' })
    }
    const productIds = [...new Set(form.products.split(/[\s,]+/).filter(Boolean))]
    if (productIds.some((id) => !/^[A-Za-z0-9_-]{1,40}$/.test(id))) {
      ctx.addIssue({
        code: 'custom',
        path: ['products'],
        message: 'List products by their id (in the product’s address), separated by commas.',
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
    super(`No product has the id ${ids.join(', ')}.`)
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
    if (!inserted.length) throw new CouponExistsError(`The code ${coupon.code} exists already.`)
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
  code: z.string({ error: 'Which code?' }).transform((v, ctx) => {
    const code = normaliseCouponCode(v)
    if (code) return code
    ctx.addIssue({ code: 'custom', message: 'There is no such code.' })
    return z.NEVER
  }),
  active: z.enum(['true', 'false'], { error: 'Switch the code on or off.' }).transform((v) => v === 'true'),
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
