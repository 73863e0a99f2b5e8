import { type FieldLabel, labelText, text, z } from '~/zod'
import { m } from '~/i18n/paraglide/messages.js'
import { CATEGORIES, type Category, isSizedCategory, PACK_SIZES, type PackSize, SUBCATEGORIES } from '../catalogue/categories'
import { NET_OF_PACK, NET_UNITS } from '../catalogue/declarations'
import { DIET_MARKS, NO_DECLARATIONS, type Offer, type ProductDeclarations } from '../catalogue/product'
import { GST_RATES, type GstRate, HSN_CODE_PATTERN, isGstRate, TAX_DEFAULTS_BY_CATEGORY } from '../invoices/gst'
import { rupeesToPaise } from '../money/money'
import { ADJUSTMENT_REASONS, type AdjustmentReason } from '../stock/adjustments'
import { PRODUCT_LIMITS, SIZE_FIELDS } from './product-form-fields'

export {
  DECLARATION_FIELDS,
  PRODUCT_FORM_FIELDS,
  PRODUCT_IMAGE_FIELDS,
  PRODUCT_LIMITS,
  type ProductFieldErrors,
  type ProductFormField,
  type ProductImageField,
  productFormEntries,
  productFormValues,
  SIZE_FIELDS,
} from './product-form-fields'

/**
 * The Add/Edit product form's checks (spec section 5, issue 4), on the server; its fields and values are in
 * product-form-fields.ts, shared with the browser. Values come in as
 * form strings; prices are typed in rupees and come out as integer paise, one offer per pack size.
 */

const requiredText = (label: FieldLabel, max: number, oneLine = false) => text({ label, max, oneLine })

/** A form value: a string from FormData, or a number when the same shape comes as JSON. Blank means not given. */
const formValue = z
  .union([z.string(), z.number()], { error: () => m.admin_enter_number() })
  .optional()
  .transform((v) => (v === undefined ? '' : String(v).trim()))

const RUPEES = /^\d{1,9}(?:\.\d{1,2})?$/

const priceField = (label: FieldLabel) =>
  formValue.transform((text, ctx): number | undefined => {
    if (text === '') return undefined
    if (/^\d+\.\d{3,}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: m.admin_price_decimals({ label: labelText(label) }) })
      return z.NEVER
    }
    const rupees = RUPEES.test(text) ? Number(text) : NaN
    if (!(rupees > 0)) {
      ctx.addIssue({ code: 'custom', message: m.admin_price_positive({ label: labelText(label) }) })
      return z.NEVER
    }
    if (rupees > PRODUCT_LIMITS.maxPriceRupees) {
      ctx.addIssue({
        code: 'custom',
        message: m.admin_price_at_most({ label: labelText(label), max: PRODUCT_LIMITS.maxPriceRupees.toLocaleString('en-IN') }),
      })
      return z.NEVER
    }
    return rupeesToPaise(rupees)
  })

const stockField = (label: FieldLabel) =>
  formValue.transform((text, ctx): number | undefined => {
    if (text === '') return undefined
    if (!/^\d{1,9}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: m.admin_stock_whole({ label: labelText(label) }) })
      return z.NEVER
    }
    const stock = Number(text)
    if (stock > PRODUCT_LIMITS.maxStock) {
      ctx.addIssue({
        code: 'custom',
        message: m.admin_number_at_most({ label: labelText(label), max: PRODUCT_LIMITS.maxStock.toLocaleString('en-IN') }),
      })
      return z.NEVER
    }
    return stock
  })

/** Blank takes the category's usual code (TAX_DEFAULTS_BY_CATEGORY); the database checks the same digits. */
const hsnField = formValue.transform((text, ctx): string | undefined => {
  if (text === '') return undefined
  if (!HSN_CODE_PATTERN.test(text)) {
    ctx.addIssue({ code: 'custom', message: m.admin_hsn_invalid() })
    return z.NEVER
  }
  return text
})

/** Blank takes the category's usual rate. */
const gstRateField = formValue.transform((text, ctx): GstRate | undefined => {
  if (text === '') return undefined
  const rate = /^\d{1,2}$/.test(text) ? Number(text) : NaN
  if (!isGstRate(rate)) {
    ctx.addIssue({ code: 'custom', message: m.admin_gst_rate_invalid({ rates: GST_RATES.join(', ') }) })
    return z.NEVER
  }
  return rate
})

const SIZE_LABELS: Record<PackSize, string> = { '250g': '250g', '500g': '500g', '1kg': '1kg' }

/** Optional text of a label's panel: blank is "not declared". */
const declarationText = (label: FieldLabel, max: number = PRODUCT_LIMITS.declaration, oneLine = false) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => v ?? '')
    .pipe(text({ label, max, required: false, oneLine }))

const wholeNumberField = (label: FieldLabel, max: number) =>
  formValue.transform((text, ctx): number | undefined => {
    if (text === '') return undefined
    const n = /^\d{1,9}$/.test(text) ? Number(text) : NaN
    if (!(n >= 1 && n <= max)) {
      ctx.addIssue({ code: 'custom', message: m.admin_whole_number_range({ label: labelText(label), max: max.toLocaleString('en-IN') }) })
      return z.NEVER
    }
    return n
  })

/**
 * A pack's shipped weight in whole grams. Blank is "not weighed yet" (null); a form that does not send the field at
 * all (an older page, a script) leaves the saved weight as it is (undefined).
 */
const shippedWeightField = (label: FieldLabel) =>
  z
    .union([z.string(), z.number()], { error: () => m.admin_grams_number({ label: labelText(label) }) })
    .optional()
    .transform((value, ctx): number | null | undefined => {
      if (value === undefined) return undefined
      const text = String(value).trim()
      if (text === '') return null
      const grams = /^\d{1,9}$/.test(text) ? Number(text) : NaN
      if (!(grams >= 1 && grams <= PRODUCT_LIMITS.maxShippedWeightGrams)) {
        ctx.addIssue({
          code: 'custom',
          message: m.admin_grams_range({ label: labelText(label), max: PRODUCT_LIMITS.maxShippedWeightGrams.toLocaleString('en-IN') }),
        })
        return z.NEVER
      }
      return grams
    })

/** A translation of the owner's text, with the English's limit: blank is "not translated", not sent is "unchanged". */
const translationText = (label: FieldLabel, max: number, oneLine = false) =>
  z
    .union([z.string(), z.null()])
    .transform((v) => v ?? '')
    .pipe(text({ label, max, required: false, oneLine }))
    .optional()

const formShape = z.object({
  name: requiredText(m.admin_field_name, PRODUCT_LIMITS.name, true),
  description: requiredText(m.admin_field_description, PRODUCT_LIMITS.description),
  nameTa: translationText(m.admin_field_name_ta, PRODUCT_LIMITS.name, true),
  descriptionTa: translationText(m.admin_field_description_ta, PRODUCT_LIMITS.description),
  category: z.enum(CATEGORIES, { error: () => m.admin_choose_category() }),
  subcategory: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim())
    .pipe(z.union([z.literal(''), z.enum(SUBCATEGORIES)], { error: () => m.admin_subcategory_invalid() })),
  price: priceField(m.admin_field_price),
  mrp: priceField(m.admin_field_mrp),
  netQuantity: wholeNumberField(m.admin_field_net_quantity, PRODUCT_LIMITS.maxNetQuantity),
  netUnit: formValue.pipe(z.union([z.literal(''), z.enum(NET_UNITS)], { error: () => m.admin_net_unit_invalid() })),
  shippedWeight: shippedWeightField(m.admin_field_shipped_weight),
  stockCount: stockField(m.admin_field_stock_count),
  price250g: priceField(() => m.admin_field_price_for({ size: SIZE_LABELS['250g'] })),
  mrp250g: priceField(() => m.admin_field_mrp_for({ size: SIZE_LABELS['250g'] })),
  shippedWeight250g: shippedWeightField(() => m.admin_field_shipped_weight_for({ size: SIZE_LABELS['250g'] })),
  stock250g: stockField(() => m.admin_field_stock_for({ size: SIZE_LABELS['250g'] })),
  price500g: priceField(() => m.admin_field_price_for({ size: SIZE_LABELS['500g'] })),
  mrp500g: priceField(() => m.admin_field_mrp_for({ size: SIZE_LABELS['500g'] })),
  shippedWeight500g: shippedWeightField(() => m.admin_field_shipped_weight_for({ size: SIZE_LABELS['500g'] })),
  stock500g: stockField(() => m.admin_field_stock_for({ size: SIZE_LABELS['500g'] })),
  price1kg: priceField(() => m.admin_field_price_for({ size: SIZE_LABELS['1kg'] })),
  mrp1kg: priceField(() => m.admin_field_mrp_for({ size: SIZE_LABELS['1kg'] })),
  shippedWeight1kg: shippedWeightField(() => m.admin_field_shipped_weight_for({ size: SIZE_LABELS['1kg'] })),
  stock1kg: stockField(() => m.admin_field_stock_for({ size: SIZE_LABELS['1kg'] })),
  ingredients: declarationText(m.admin_field_ingredients),
  allergens: declarationText(m.admin_field_allergens),
  dietMark: formValue.pipe(z.union([z.literal(''), z.enum(DIET_MARKS)], { error: () => m.admin_diet_mark_invalid() })),
  shelfLifeMonths: wholeNumberField(m.admin_field_best_before, PRODUCT_LIMITS.maxShelfLifeMonths),
  storage: declarationText(m.admin_field_storage),
  manufacturer: declarationText(m.admin_field_manufacturer),
  countryOfOrigin: declarationText(m.admin_field_country, PRODUCT_LIMITS.countryOfOrigin, true),
  hsnCode: hsnField,
  gstRatePercent: gstRateField,
  shownStockCount: stockField(m.admin_field_stock_shown),
  shownStock250g: stockField(m.admin_field_stock_shown),
  shownStock500g: stockField(m.admin_field_stock_shown),
  shownStock1kg: stockField(m.admin_field_stock_shown),
  stockReason: formValue.pipe(
    z.union([z.literal(''), z.enum(ADJUSTMENT_REASONS)], {
      error: () => m.admin_stock_reason_invalid(),
    }),
  ),
})
type FormShape = z.output<typeof formShape>

/** Which number fields a category needs, with the message when one is left blank. */
function requiredNumbers(category: Category): Array<[keyof FormShape, string]> {
  if (!isSizedCategory(category)) {
    return [
      ['price', m.field_required({ label: m.admin_field_price() })],
      ['stockCount', m.field_required({ label: m.admin_field_stock_count() })],
    ]
  }
  return PACK_SIZES.flatMap(
    (size): Array<[keyof FormShape, string]> => [
      [SIZE_FIELDS[size].price, m.field_required({ label: m.admin_field_price_for({ size: SIZE_LABELS[size] }) })],
      [SIZE_FIELDS[size].stock, m.field_required({ label: m.admin_field_stock_for({ size: SIZE_LABELS[size] }) })],
    ],
  )
}

/** What the domain stores: the product's text and its offers (one, or one per pack size). */
export type ProductInput = {
  name: string
  description: string
  /** The name and description in Tamil: blank is not translated; not given (an older form) keeps what is saved. */
  nameTa?: string
  descriptionTa?: string
  category: Category
  subcategory: (typeof SUBCATEGORIES)[number] | null
  /** `shownStock`: the count the Edit dialog showed; the stock is changed only if it differs from `stock`. */
  /** Each pack's MRP (its price when not given) and net quantity (a sized pack's is its size). */
  /** `shippedWeightGrams`: the pack as it goes in the box (null: not weighed yet; not given: an edit keeps the saved one). */
  offers: Array<Offer & { shownStock?: number; shippedWeightGrams?: number | null }>
  /** What the label declares besides the packs; none declared when not given. */
  declarations?: ProductDeclarations
  /** Why the Edit dialog changed a count (the ledger's reason); "counted" when not said. */
  stockReason?: AdjustmentReason
  /** For invoices: the GST tariff code and rate (prices include the GST). */
  hsnCode: string
  gstRatePercent: GstRate
}

export const productFormSchema = formShape
  .superRefine(
    (value, ctx) => {
      // Runs even when other fields failed, so every message shows at once; needs a valid category to know what is required.
      const failed = new Set(ctx.issues.map((i) => i.path?.[0]))
      if (failed.has('category') || !(CATEGORIES as readonly unknown[]).includes(value.category)) return
      for (const [field, message] of requiredNumbers(value.category)) {
        if (!failed.has(field) && value[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message })
      }
      if (!failed.has('subcategory') && value.subcategory === 'biscuits' && value.category !== 'herbal') {
        ctx.addIssue({ code: 'custom', path: ['subcategory'], message: m.admin_biscuits_herbal_only() })
      }
      // The MRP is the most a pack may be sold for (Legal Metrology rule 6(1)(e)): a price above it is refused.
      const pairs: Array<[keyof FormShape, keyof FormShape, string]> = isSizedCategory(value.category)
        ? PACK_SIZES.map((size) => [SIZE_FIELDS[size].mrp, SIZE_FIELDS[size].price, m.admin_field_mrp_for({ size: SIZE_LABELS[size] })])
        : [['mrp', 'price', m.admin_field_mrp()]]
      for (const [mrpField, priceField, label] of pairs) {
        const mrp = value[mrpField] as number | undefined
        const price = value[priceField] as number | undefined
        if (!failed.has(mrpField) && mrp !== undefined && price !== undefined && mrp < price) {
          ctx.addIssue({
            code: 'custom',
            path: [mrpField],
            message: m.admin_mrp_below_price({ label, price: (price / 100).toLocaleString('en-IN') }),
          })
        }
      }
      // A pack goes in the box whole: it cannot weigh less than the grams it holds.
      const weighed: Array<[keyof FormShape, number | null | undefined, number | undefined, string | undefined]> = isSizedCategory(
        value.category,
      )
        ? PACK_SIZES.map((size) => [SIZE_FIELDS[size].weight, value[SIZE_FIELDS[size].weight], NET_OF_PACK[size].amount, SIZE_LABELS[size]])
        : [['shippedWeight', value.shippedWeight, value.netUnit === 'g' ? value.netQuantity : undefined, undefined]]
      for (const [field, grams, net, size] of weighed) {
        if (!failed.has(field) && typeof grams === 'number' && net !== undefined && grams < net) {
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message:
              size === undefined
                ? m.admin_weight_below_net({ net: net.toLocaleString('en-IN') })
                : m.admin_weight_below_net_size({ size, net: net.toLocaleString('en-IN') }),
          })
        }
      }
      if (!isSizedCategory(value.category) && !failed.has('netQuantity') && !failed.has('netUnit')) {
        if (value.netQuantity !== undefined && value.netUnit === '')
          ctx.addIssue({ code: 'custom', path: ['netUnit'], message: m.admin_net_unit_missing() })
        if (value.netQuantity === undefined && value.netUnit !== '')
          ctx.addIssue({ code: 'custom', path: ['netQuantity'], message: m.admin_net_quantity_missing() })
      }
    },
    { when: () => true },
  )
  .transform((v): ProductInput => {
    const shown = (n: number | undefined) => (n === undefined ? {} : { shownStock: n })
    const weight = (grams: number | null | undefined) => (grams === undefined ? {} : { shippedWeightGrams: grams })
    const offers: ProductInput['offers'] = isSizedCategory(v.category)
      ? PACK_SIZES.map((size) => ({
          size,
          pricePaise: v[SIZE_FIELDS[size].price]!,
          // A blank MRP: the pack sells at its MRP.
          mrpPaise: v[SIZE_FIELDS[size].mrp] ?? v[SIZE_FIELDS[size].price]!,
          net: NET_OF_PACK[size],
          stock: v[SIZE_FIELDS[size].stock]!,
          ...shown(v[SIZE_FIELDS[size].shownStock]),
          ...weight(v[SIZE_FIELDS[size].weight]),
        }))
      : [
          {
            size: 'one',
            pricePaise: v.price!,
            mrpPaise: v.mrp ?? v.price!,
            net: v.netQuantity !== undefined && v.netUnit !== '' ? { amount: v.netQuantity, unit: v.netUnit } : null,
            stock: v.stockCount!,
            ...shown(v.shownStockCount),
            ...weight(v.shippedWeight),
          },
        ]
    return {
      name: v.name,
      description: v.description,
      ...(v.nameTa !== undefined ? { nameTa: v.nameTa } : {}),
      ...(v.descriptionTa !== undefined ? { descriptionTa: v.descriptionTa } : {}),
      category: v.category,
      subcategory: v.subcategory === '' ? null : v.subcategory,
      offers,
      declarations: {
        ingredients: v.ingredients,
        allergens: v.allergens,
        dietMark: v.dietMark === '' ? NO_DECLARATIONS.dietMark : v.dietMark,
        shelfLifeMonths: v.shelfLifeMonths ?? null,
        storage: v.storage,
        manufacturer: v.manufacturer,
        countryOfOrigin: v.countryOfOrigin === '' ? NO_DECLARATIONS.countryOfOrigin : v.countryOfOrigin,
      },
      hsnCode: v.hsnCode ?? TAX_DEFAULTS_BY_CATEGORY[v.category].hsnCode,
      gstRatePercent: v.gstRatePercent ?? TAX_DEFAULTS_BY_CATEGORY[v.category].gstRatePercent,
      ...(v.stockReason ? { stockReason: v.stockReason } : {}),
    }
  })
