/**
 * The eleven categories of the spec (section 3), the shelves that list them, and pack sizes.
 * Shared by the browser and the server.
 */
export const CATEGORIES = [
  'herbal',
  'freeze-dried-fruit',
  'freeze-dried-vegetable',
  'dehydrated-fruit',
  'dehydrated-vegetable',
  'essential-oils',
  'spices',
  'dry-fruits',
  'capsules-tablets',
  'ready-to-eat',
  'thokku',
] as const
export type Category = (typeof CATEGORIES)[number]

/** Spellings the spec also uses for a category value (section 3). */
export const CATEGORY_ALIASES: Record<string, Category> = {
  thooku: 'thokku',
  capsules_tablets: 'capsules-tablets',
}

export function parseCategory(value: string): Category | undefined {
  if ((CATEGORIES as readonly string[]).includes(value)) return value as Category
  // Own keys only: `valueOf` or `constructor` are not categories.
  return Object.hasOwn(CATEGORY_ALIASES, value) ? CATEGORY_ALIASES[value] : undefined
}

export const CATEGORY_LABELS: Record<Category, string> = {
  herbal: 'Herbal Products',
  'freeze-dried-fruit': 'Freeze Dried Fruits',
  'freeze-dried-vegetable': 'Freeze Dried Vegetables',
  'dehydrated-fruit': 'Dehydrated Fruits',
  'dehydrated-vegetable': 'Dehydrated Vegetables',
  'essential-oils': 'Essential Oils',
  spices: 'Spices',
  'dry-fruits': 'Dry Fruits',
  'capsules-tablets': 'Capsules & Tablets',
  'ready-to-eat': 'Ready to Eat',
  thokku: 'Thokku',
}

/** Freeze-dried and dehydrated goods are sold in packs of three sizes; the rest at one price. */
export const SIZED_CATEGORIES: readonly Category[] = [
  'freeze-dried-fruit',
  'freeze-dried-vegetable',
  'dehydrated-fruit',
  'dehydrated-vegetable',
]
export function isSizedCategory(category: Category) {
  return SIZED_CATEGORIES.includes(category)
}

export const PACK_SIZES = ['250g', '500g', '1kg'] as const
export type PackSize = (typeof PACK_SIZES)[number]
export const DEFAULT_PACK_SIZE: PackSize = '250g'
/** The spec's price-map keys for each pack size. */
export const PRICE_KEY_OF_SIZE = { '250g': 'startg', '500g': 'halfg', '1kg': 'onekg' } as const

/** Herbal products have one sub-shelf of their own in the menu. */
export const SUBCATEGORIES = ['biscuits'] as const
export type Subcategory = (typeof SUBCATEGORIES)[number]

/** A shelf is a listing page of the shop: which products it shows and how. */
export type Shelf = {
  path: string
  title: string
  heading: string
  categories: readonly Category[]
  subcategory?: Subcategory | null
  /** `cards` is the plain grid; `size-select` is the spec's other freeze-dried listing. */
  layout: 'cards' | 'size-select'
  description: string
}

export const SHELVES: readonly Shelf[] = [
  {
    path: '/herb-ro',
    title: 'Herbal Products',
    heading: 'HERBAL PRODUCTS',
    categories: ['herbal'],
    subcategory: null,
    layout: 'cards',
    description: 'Herbal powders, health mixes and traditional remedies from South Indian farms.',
  },
  {
    path: '/herb-ro/tokku',
    title: 'Thokku',
    heading: 'Thokku',
    categories: ['thokku'],
    layout: 'cards',
    description: 'Slow-cooked thokku pickles in cold-pressed gingelly oil.',
  },
  {
    path: '/herb-ro/biscuits',
    title: 'Biscuits',
    heading: 'Biscuits',
    categories: ['herbal'],
    subcategory: 'biscuits',
    layout: 'cards',
    description: 'Millet and herbal biscuits baked without maida or refined sugar.',
  },
  {
    path: '/Capsule',
    title: 'Capsules & Tablets',
    heading: 'Capsules & Tablets',
    categories: ['capsules-tablets'],
    layout: 'cards',
    description: 'Herbal capsules and tablets made from whole plant powders.',
  },
  {
    path: '/free-products',
    title: 'Freeze Dried Products',
    heading: 'Freeze Dried Fruits & Vegetables',
    categories: ['freeze-dried-fruit', 'freeze-dried-vegetable'],
    layout: 'cards',
    description: 'Freeze-dried fruits and vegetables that keep their colour, taste and nutrients.',
  },
  {
    path: '/Freeze-pr',
    title: 'Freeze Dried Products',
    heading: 'Freeze Dried Fruits & Vegetables',
    categories: ['freeze-dried-fruit', 'freeze-dried-vegetable'],
    layout: 'size-select',
    description: 'Freeze-dried fruits and vegetables in 250g, 500g and 1kg packs.',
  },
  {
    path: '/Dehy',
    title: 'Dehydrated Products',
    heading: 'Dehydrated Fruits & Vegetables',
    categories: ['dehydrated-fruit', 'dehydrated-vegetable'],
    layout: 'cards',
    description: 'Sun-friendly, low-temperature dehydrated fruits, vegetables and herbs.',
  },
  {
    path: '/Essentails',
    title: 'Essential Oils',
    heading: 'Essential Oils',
    categories: ['essential-oils'],
    layout: 'cards',
    description: 'Steam-distilled essential oils from Indian plants.',
  },
  {
    path: '/Spices',
    title: 'Spices',
    heading: 'Spices',
    categories: ['spices'],
    layout: 'cards',
    description: 'Whole and ground spices from Kerala, Tamil Nadu and Karnataka.',
  },
  {
    path: '/Dryfruits',
    title: 'Dry Fruits',
    heading: 'Dry Fruits',
    categories: ['dry-fruits'],
    layout: 'cards',
    description: 'Cashews, raisins, figs, dates and more, packed fresh.',
  },
]

export function shelfByPath(path: string) {
  return SHELVES.find((s) => s.path === path)
}
