// Relative, as the messages' import: routes.ts reads this module before the '~' alias exists.
import { withWordsWhenRead, wordedWhenRead } from '../../i18n/worded'
import { m } from '../../i18n/paraglide/messages.js'

/**
 * The eleven categories of the spec (section 3), the shelves that list them, and pack sizes.
 * Shared by the browser and the server.
 */
export { CATEGORIES, type Category } from './category-list'
import { CATEGORIES, type Category } from './category-list'

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

/** Each category's name in the language being shown, worded when asked for (never at a module's top level). */
const CATEGORY_WORDS: Record<Category, () => string> = {
  herbal: m.catalogue_category_herbal,
  'freeze-dried-fruit': m.catalogue_category_freeze_dried_fruit,
  'freeze-dried-vegetable': m.catalogue_category_freeze_dried_vegetable,
  'dehydrated-fruit': m.catalogue_category_dehydrated_fruit,
  'dehydrated-vegetable': m.catalogue_category_dehydrated_vegetable,
  'essential-oils': m.catalogue_category_essential_oils,
  spices: m.catalogue_category_spices,
  'dry-fruits': m.catalogue_category_dry_fruits,
  'capsules-tablets': m.catalogue_category_capsules_tablets,
  'ready-to-eat': m.catalogue_category_ready_to_eat,
  thokku: m.catalogue_category_thokku,
}

/** A category's name ("Herbal Products"), in the language of the page or request being answered. */
export function categoryLabel(category: Category): string {
  return CATEGORY_WORDS[category]()
}

/**
 * The categories' names by value, each read when it is looked up (`CATEGORY_LABELS[category]`), so in the language
 * of the moment: a getter per category, never a name fixed when the module loads.
 */
export const CATEGORY_LABELS = wordedWhenRead(CATEGORY_WORDS)

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
  /** The shelf's name and heading: worded in the language of the moment each time they are read (its description: shelf-descriptions.ts). */
  readonly title: string
  readonly heading: string
  categories: readonly Category[]
  subcategory?: Subcategory | null
  /** `cards` is the plain grid; `size-select` is the spec's other freeze-dried listing. */
  layout: 'cards' | 'size-select'
}

type ShelfWords = { title: () => string; heading: () => string }

/**
 * A shelf whose words are message functions, read through getters (enumerable, so a loader's data carries them as
 * text): `shelf.title` is in the language of the page or request reading it, never the one the module loaded in.
 */
function shelf(fixed: Omit<Shelf, keyof ShelfWords>, words: ShelfWords): Shelf {
  return withWordsWhenRead(fixed, words)
}

export const SHELVES: readonly Shelf[] = [
  shelf(
    { path: '/herb-ro', categories: ['herbal'], subcategory: null, layout: 'cards' },
    {
      title: m.catalogue_category_herbal,
      heading: m.catalogue_shelf_herbal_heading,
    },
  ),
  shelf(
    { path: '/herb-ro/tokku', categories: ['thokku'], layout: 'cards' },
    { title: m.catalogue_category_thokku, heading: m.catalogue_category_thokku },
  ),
  shelf(
    { path: '/herb-ro/biscuits', categories: ['herbal'], subcategory: 'biscuits', layout: 'cards' },
    {
      title: m.catalogue_shelf_biscuits_title,
      heading: m.catalogue_shelf_biscuits_title,
    },
  ),
  shelf(
    { path: '/Capsule', categories: ['capsules-tablets'], layout: 'cards' },
    {
      title: m.catalogue_category_capsules_tablets,
      heading: m.catalogue_category_capsules_tablets,
    },
  ),
  shelf(
    { path: '/free-products', categories: ['freeze-dried-fruit', 'freeze-dried-vegetable'], layout: 'cards' },
    {
      title: m.catalogue_shelf_freeze_dried_title,
      heading: m.catalogue_shelf_freeze_dried_heading,
    },
  ),
  shelf(
    { path: '/Freeze-pr', categories: ['freeze-dried-fruit', 'freeze-dried-vegetable'], layout: 'size-select' },
    {
      title: m.catalogue_shelf_freeze_dried_title,
      heading: m.catalogue_shelf_freeze_dried_heading,
    },
  ),
  shelf(
    { path: '/Dehy', categories: ['dehydrated-fruit', 'dehydrated-vegetable'], layout: 'cards' },
    {
      title: m.catalogue_shelf_dehydrated_title,
      heading: m.catalogue_shelf_dehydrated_heading,
    },
  ),
  shelf(
    { path: '/Essentails', categories: ['essential-oils'], layout: 'cards' },
    {
      title: m.catalogue_category_essential_oils,
      heading: m.catalogue_category_essential_oils,
    },
  ),
  shelf(
    { path: '/Spices', categories: ['spices'], layout: 'cards' },
    { title: m.catalogue_category_spices, heading: m.catalogue_category_spices },
  ),
  shelf(
    { path: '/Dryfruits', categories: ['dry-fruits'], layout: 'cards' },
    {
      title: m.catalogue_category_dry_fruits,
      heading: m.catalogue_category_dry_fruits,
    },
  ),
]

export function shelfByPath(path: string) {
  return SHELVES.find((s) => s.path === path)
}
