import { formatIndiaDate } from '../dates/india-time'
import { formatRupees } from '../money/money'
import { m } from '~/i18n/paraglide/messages.js'

/**
 * A coupon code as the owner sets it in the admin (issue 19). Money in paise; a percentage in basis points
 * (500 = 5%), so that 2.5% is a whole number too.
 */
export type Coupon = {
  /** As the owner typed it, upper-cased: codes are case-insensitive (normaliseCouponCode). */
  code: string
  kind: 'percent' | 'fixed'
  /** Basis points for 'percent' (1 to 10,000), paise for 'fixed'. */
  value: number
  /** The goods' value the cart needs (what the code applies to, before any discount); 0 for none. */
  minOrderPaise: number
  /** The most a percentage takes off; null for no cap. */
  maxDiscountPaise: number | null
  validFrom: Date | null
  validUntil: Date | null
  /** Uses in all; null for no limit. */
  totalUses: number | null
  /** Uses per customer, known by e-mail and by phone; null for no limit. */
  usesPerCustomer: number | null
  /** The categories and products it applies to; both empty: the whole cart. */
  categories: string[]
  productIds: string[]
  firstOrderOnly: boolean
  prepaidOnly: boolean
  /** Switched off by the owner: answered as an unknown code. */
  active: boolean
}

/** What a code is checked against at the moment of the order, read in the order's transaction. */
export type CouponContext = {
  at: Date
  /** Uses taken so far by orders not expired or cancelled. */
  usesSoFar: number
  /** Of those, by this customer's e-mail or phone. */
  customerUses: number
  /** The customer (by e-mail or phone) has an order that was paid or confirmed before. */
  customerHasOrdered: boolean
  paysOnline: boolean
}

export type OfferLine = { productId: string; category: string; totalPaise: number }

export type CouponRefusal =
  | 'not-valid'
  | 'expired'
  | 'below-minimum'
  | 'used-up'
  | 'used-by-customer'
  | 'first-order-only'
  | 'prepaid-only'
  | 'nothing-eligible'

export type CouponResult = { ok: true; discountPaise: number; eligible: boolean[] } | { ok: false; refusal: CouponRefusal; message: string }

/**
 * The customer's words for each refusal. An unknown, switched-off and not-yet-valid code read the same, so that trying
 * codes finds neither a code nor an offer to come; an ended one says so, with its day (decision 072).
 */
export const COUPON_MESSAGES: Readonly<Record<Exclude<CouponRefusal, 'below-minimum' | 'expired'>, string>> = {
  // Getters: each reads in the language of the request or page that asks.
  get 'not-valid'() {
    return m.offers_not_valid()
  },
  get 'used-up'() {
    return m.offers_used_up()
  },
  get 'used-by-customer'() {
    return m.offers_used_by_customer()
  },
  get 'first-order-only'() {
    return m.offers_first_order_only()
  },
  get 'prepaid-only'() {
    return m.offers_prepaid_only()
  },
  get 'nothing-eligible'() {
    return m.offers_nothing_eligible()
  },
}

/** Refusals that count against the `couponCode` limit (http/rate-limit.server.ts): a code the shop does not honour, and an ended one. */
export const isGuessedCode = (refusal: CouponRefusal | 'held-back') => refusal === 'not-valid' || refusal === 'expired'

/** A code as the owner's list shows it: switched off, ended, starting later, or on (customers can use it now). */
export function couponState(coupon: Pick<Coupon, 'active' | 'validFrom' | 'validUntil'>, at: Date) {
  if (!coupon.active) return 'off' as const
  if (coupon.validUntil && at > coupon.validUntil) return 'ended' as const
  if (coupon.validFrom && at < coupon.validFrom) return 'scheduled' as const
  return 'on' as const
}

/** The names of the category boxes of the admin's coupon form: `category-<value>`. */
export const couponCategoryField = (category: string) => `category-${category}`

const CODE_SHAPE = /^[A-Z0-9][A-Z0-9_-]{2,31}$/

/**
 * The code as the shop keeps it (trimmed, upper-case), or null when it cannot be a code at all: 3 to 32 letters,
 * digits, `-` and `_`. A code that is not of this shape is answered like any unknown one.
 */
export function normaliseCouponCode(typed: string): string | null {
  const code = typed.trim().toUpperCase()
  return CODE_SHAPE.test(code) ? code : null
}

function appliesTo(coupon: Coupon, line: OfferLine) {
  if (coupon.categories.length === 0 && coupon.productIds.length === 0) return true
  return coupon.categories.includes(line.category) || coupon.productIds.includes(line.productId)
}

/**
 * What `coupon` takes off these lines, or why it takes nothing. The minimum and the discount are reckoned on the
 * lines it applies to; a percentage is rounded down to the paisa and capped; a fixed amount never takes more than
 * those lines are worth. `coupon` is null for a code the shop does not have.
 */
export function applyCoupon(coupon: Coupon | null, lines: OfferLine[], context: CouponContext): CouponResult {
  const refuse = (refusal: keyof typeof COUPON_MESSAGES): CouponResult => ({
    ok: false,
    refusal,
    message: COUPON_MESSAGES[refusal],
  })
  if (!coupon?.active) return refuse('not-valid')
  if (coupon.validFrom && context.at < coupon.validFrom) return refuse('not-valid')
  if (coupon.validUntil && context.at > coupon.validUntil)
    return { ok: false, refusal: 'expired', message: m.offers_expired({ date: formatIndiaDate(coupon.validUntil) }) }
  if (coupon.totalUses !== null && context.usesSoFar >= coupon.totalUses) return refuse('used-up')
  if (coupon.usesPerCustomer !== null && context.customerUses >= coupon.usesPerCustomer) return refuse('used-by-customer')
  if (coupon.firstOrderOnly && context.customerHasOrdered) return refuse('first-order-only')
  if (coupon.prepaidOnly && !context.paysOnline) return refuse('prepaid-only')
  const eligible = lines.map((line) => appliesTo(coupon, line))
  const eligiblePaise = lines.reduce((sum, line, i) => sum + (eligible[i] ? line.totalPaise : 0), 0)
  if (eligiblePaise === 0) return refuse('nothing-eligible')
  if (eligiblePaise < coupon.minOrderPaise) {
    return {
      ok: false,
      refusal: 'below-minimum',
      message: (coupon.categories.length || coupon.productIds.length ? m.offers_below_minimum_applies : m.offers_below_minimum)({
        min: formatRupees(coupon.minOrderPaise),
        more: formatRupees(coupon.minOrderPaise - eligiblePaise),
      }),
    }
  }
  const raw = coupon.kind === 'percent' ? Math.floor((eligiblePaise * coupon.value) / 10_000) : coupon.value
  const capped = coupon.kind === 'percent' && coupon.maxDiscountPaise !== null ? Math.min(raw, coupon.maxDiscountPaise) : raw
  return { ok: true, discountPaise: Math.min(capped, eligiblePaise), eligible }
}
