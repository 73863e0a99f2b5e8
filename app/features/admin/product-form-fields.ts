import { PACK_SIZES, type PackSize } from '../catalogue/categories'
import { NO_DECLARATIONS, type Offer, type Product } from '../catalogue/product'
import { typedRupees } from '../money/money'
import { m } from '~/i18n/paraglide/messages.js'

/**
 * The Add/Edit product form's fields, limits and values, without its checks (product-form.ts): what the admin's pages
 * need to draw the form, kept apart so their script carries no Zod (issue 39: the product manager was 5 bytes under its
 * 35 KB budget, 22 KB of it Zod that no page ran).
 */

export const PRODUCT_LIMITS = {
  name: 120,
  description: 5000,
  /** ₹1,00,000 per pack: far above anything the shop sells, far below the integer column's limit. */
  maxPriceRupees: 100_000,
  maxStock: 100_000,
  /** Ingredients, allergens, storage, manufacturer: as long as a label's panel, no longer. */
  declaration: 1000,
  countryOfOrigin: 60,
  maxShelfLifeMonths: 120,
  maxNetQuantity: 1_000_000,
  /** 50 kg: more than a courier takes as one parcel; the database checks the same (variants_shipped_weight). */
  maxShippedWeightGrams: 50_000,
} as const

/** The form's field names for each pack size of a sized product. */
export const SIZE_FIELDS = {
  '250g': { price: 'price250g', mrp: 'mrp250g', stock: 'stock250g', shownStock: 'shownStock250g', weight: 'shippedWeight250g' },
  '500g': { price: 'price500g', mrp: 'mrp500g', stock: 'stock500g', shownStock: 'shownStock500g', weight: 'shippedWeight500g' },
  '1kg': { price: 'price1kg', mrp: 'mrp1kg', stock: 'stock1kg', shownStock: 'shownStock1kg', weight: 'shippedWeight1kg' },
} as const satisfies Record<PackSize, { price: string; mrp: string; stock: string; shownStock: string; weight: string }>

/** The label's declarations (decision 039), in the order the form shows them. */
export const DECLARATION_FIELDS = [
  'ingredients',
  'allergens',
  'dietMark',
  'shelfLifeMonths',
  'storage',
  'manufacturer',
  'countryOfOrigin',
] as const

export const PRODUCT_FORM_FIELDS = [
  'name',
  'description',
  'nameTa',
  'descriptionTa',
  'category',
  'subcategory',
  'price',
  'mrp',
  'netQuantity',
  'netUnit',
  'shippedWeight',
  'stockCount',
  ...PACK_SIZES.flatMap((size) => [SIZE_FIELDS[size].price, SIZE_FIELDS[size].mrp, SIZE_FIELDS[size].weight, SIZE_FIELDS[size].stock]),
  ...DECLARATION_FIELDS,
  'hsnCode',
  'gstRatePercent',
  // The Edit dialog's: the counts it showed when opened (hidden), and why a count was changed (decision 027).
  'shownStockCount',
  ...PACK_SIZES.map((size) => SIZE_FIELDS[size].shownStock),
  'stockReason',
] as const
export type ProductFormField = (typeof PRODUCT_FORM_FIELDS)[number]

/** The image inputs of the form, and how messages name them. */
/** Each picture field, with how messages call it. */
export const PRODUCT_IMAGE_FIELDS = { frontImage: m.admin_image_front, backImage: m.admin_image_back } as const
export type ProductImageField = keyof typeof PRODUCT_IMAGE_FIELDS

export type ProductFieldErrors = Partial<Record<ProductFormField, string>>

/** Reads the form's text fields out of FormData (files and unknown names are left out). */
export function productFormEntries(form: FormData | URLSearchParams): Partial<Record<ProductFormField, string>> {
  const out: Partial<Record<ProductFormField, string>> = {}
  for (const field of PRODUCT_FORM_FIELDS) {
    const value = form.get(field)
    if (typeof value === 'string') out[field] = value
  }
  return out
}

const priceText = (paise: number | undefined) => (paise === undefined ? '' : typedRupees(paise, { trailingZero: false }))
const stockText = (stock: number | undefined) => (stock === undefined ? '' : String(stock))

/** Blank for a pack sold at its MRP, as the form takes it: a new price then stays the MRP instead of exceeding the old one. */
const mrpText = (offer: Offer | undefined) =>
  offer?.mrpPaise !== undefined && offer.mrpPaise > offer.pricePaise ? priceText(offer.mrpPaise) : ''

const weightText = (offer: { shippedWeightGrams?: number | null } | undefined) =>
  offer?.shippedWeightGrams == null ? '' : String(offer.shippedWeightGrams)

/** A product as the Edit dialog opens it: its packs' shipped weights come with the admin's reads (products.server.ts). */
type EditedProduct = Omit<Product, 'offers'> & {
  offers: Array<Offer & { shippedWeightGrams?: number | null }>
  hsnCode?: string
  gstRatePercent?: number
  nameTa?: string | null
  descriptionTa?: string | null
}

/** A product's current values as the form's strings, for the Edit dialog. */
export function productFormValues(product: EditedProduct): Record<ProductFormField, string> {
  const offer = (size: Offer['size']) => product.offers.find((o) => o.size === size)
  const declared = product.declarations ?? NO_DECLARATIONS
  const one = offer('one')
  const values: Record<ProductFormField, string> = {
    name: product.name,
    description: product.description,
    nameTa: product.nameTa ?? '',
    descriptionTa: product.descriptionTa ?? '',
    category: product.category,
    subcategory: product.subcategory ?? '',
    price: priceText(one?.pricePaise),
    mrp: mrpText(one),
    netQuantity: one?.net ? String(one.net.amount) : '',
    netUnit: one?.net ? one.net.unit : '',
    shippedWeight: weightText(one),
    stockCount: stockText(one?.stock),
    price250g: '',
    mrp250g: '',
    shippedWeight250g: '',
    stock250g: '',
    price500g: '',
    mrp500g: '',
    shippedWeight500g: '',
    stock500g: '',
    price1kg: '',
    mrp1kg: '',
    shippedWeight1kg: '',
    stock1kg: '',
    ingredients: declared.ingredients,
    allergens: declared.allergens,
    dietMark: declared.dietMark,
    shelfLifeMonths: declared.shelfLifeMonths === null ? '' : String(declared.shelfLifeMonths),
    storage: declared.storage,
    manufacturer: declared.manufacturer,
    countryOfOrigin: declared.countryOfOrigin,
    hsnCode: product.hsnCode ?? '',
    gstRatePercent: product.gstRatePercent === undefined ? '' : String(product.gstRatePercent),
    shownStockCount: stockText(offer('one')?.stock),
    shownStock250g: '',
    shownStock500g: '',
    shownStock1kg: '',
    stockReason: '',
  }
  for (const size of PACK_SIZES) {
    values[SIZE_FIELDS[size].price] = priceText(offer(size)?.pricePaise)
    const pack = offer(size)
    values[SIZE_FIELDS[size].mrp] = mrpText(pack)
    values[SIZE_FIELDS[size].weight] = weightText(pack)
    values[SIZE_FIELDS[size].stock] = stockText(offer(size)?.stock)
    values[SIZE_FIELDS[size].shownStock] = stockText(offer(size)?.stock)
  }
  return values
}
