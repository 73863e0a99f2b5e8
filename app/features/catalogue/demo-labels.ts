import type { NetQuantity } from './product'

/** What one demo product's label declares (decision 039); see demoDeclarations in demo-catalogue.ts for the defaults. */
export type DemoLabel = {
  /** The ingredients in descending order of weight, with percentages where a label would give them, e.g. "Banana (100%)". */
  ingredients: string
  /** FSSAI's allergen declaration, e.g. "Contains tree nuts (cashew)." or "Contains gluten (wheat) and milk." or "No allergens." */
  allergens: string
  /** Single-price products only: what the pack holds, e.g. { amount: 100, unit: 'g' }, { amount: 15, unit: 'ml' }, { amount: 60, unit: 'unit' } (capsules/tablets). Omit for sized (freeze-dried/dehydrated) products: their pack size is the quantity. */
  net?: NetQuantity
  /** Where the shop sells below the MRP: the MRP in whole rupees of the single pack, or of the 250 g pack for sized products. Must be strictly greater than the price in demo-catalogue.ts. Omit where the product sells at its MRP. */
  mrp?: number
  /** Best before, in months from packing (1 to 120). */
  shelfLifeMonths: number
  /** Storage instructions as on the pack. */
  storage: string
}

const NO_ALLERGENS = 'No allergens.'
const NOT_FOR_EATING = 'Not for eating.'
/** Compounded asafoetida is cut with wheat flour, so whatever holds it holds gluten. */
const HING = 'asafoetida (contains wheat flour)'
const GLUTEN_HING = 'Contains gluten (wheat, in asafoetida).'
const GLUTEN_HING_SESAME = 'Contains gluten (wheat, in asafoetida) and sesame.'

const grams = (amount: number): NetQuantity => ({ amount, unit: 'g' })
const millilitres = (amount: number): NetQuantity => ({ amount, unit: 'ml' })
const units = (amount: number): NetQuantity => ({ amount, unit: 'unit' })

const FREEZE_DRIED =
  'Store in a cool, dry place away from sunlight. Reseal the pouch after opening; the pieces soften in humid air, ' +
  'so use within 30 days of opening.'
const DEHYDRATED = 'Store in a cool, dry place away from sunlight. Close the pouch tightly after opening; use within 30 days of opening.'
const DEHYDRATED_POWDER = 'Store in a cool, dry place away from sunlight. Use a dry spoon, close the pouch tightly and use within 30 days.'
const READY_MEAL = 'Store in a cool, dry place away from sunlight. Once water is added, eat within two hours.'
const READY_CHUTNEY = 'Store in a cool, dry place away from sunlight. Once mixed with water, use the same day.'
const HERBAL_POWDER = 'Store in a cool, dry place away from sunlight. Use a dry spoon; close the pouch after use.'
const HERBAL_TEA = 'Store in an airtight container in a cool, dry place away from sunlight and moisture.'
const BISCUITS = 'Store in a cool, dry place. Once opened, keep in an airtight container and eat within a week.'
const THOKKU = 'Store in a cool, dry place. Refrigerate after opening and use a dry spoon; keep the thokku under its oil.'
const CAPSULES = 'Store below 30 °C in a dry place away from sunlight. Close the bottle tightly. Keep out of reach of children.'
const ESSENTIAL_OIL =
  'For external use only. Do not swallow; dilute before applying to skin and keep away from eyes. ' +
  'Keep out of reach of children. Store tightly capped in a cool, dark place.'
const WHOLE_SPICE = 'Store in an airtight container in a cool, dry place away from sunlight.'
const GROUND_SPICE = 'Store in an airtight container in a cool, dry place away from sunlight. Use a dry spoon.'
const DRY_FRUIT = 'Store in an airtight container in a cool, dry place. Refrigerate after opening in humid weather.'

/** Keyed by slug: every product of DEMO_PRODUCTS has one. */
export const DEMO_LABELS: Record<string, DemoLabel> = {
  // Freeze-dried fruit: the fruit alone, sold in 250 g / 500 g / 1 kg packs.
  'freeze-dried-banana': {
    ingredients: 'Nendran banana (100%)',
    allergens: NO_ALLERGENS,
    mrp: 460,
    shelfLifeMonths: 12,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-mango': {
    ingredients: 'Mango (Alphonso and Banganapalli) (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-sapota': {
    ingredients: 'Sapota (chikoo) (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-apple': {
    ingredients: 'Apple (100%)',
    allergens: NO_ALLERGENS,
    mrp: 580,
    shelfLifeMonths: 18,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-pomegranate': {
    ingredients: 'Pomegranate arils (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-kiwi': {
    ingredients: 'Kiwi fruit (100%)',
    allergens: NO_ALLERGENS,
    mrp: 820,
    shelfLifeMonths: 12,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-strawberry': {
    ingredients: 'Strawberry (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-orange': {
    ingredients: 'Orange segments (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-papaya': {
    ingredients: 'Papaya (100%)',
    allergens: NO_ALLERGENS,
    mrp: 420,
    shelfLifeMonths: 12,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-jackfruit': {
    ingredients: 'Jackfruit bulbs (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-olives': {
    ingredients: 'Green olives (96%), salt (3.5%), acidity regulator (INS 330)',
    allergens: NO_ALLERGENS,
    mrp: 950,
    shelfLifeMonths: 12,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-custard-apple': {
    ingredients: 'Custard apple pulp (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-pineapple': {
    ingredients: 'Pineapple (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-guava': {
    ingredients: 'Pink guava (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: FREEZE_DRIED,
  },

  // Freeze-dried vegetables: the vegetable alone.
  'freeze-dried-okra': {
    ingredients: 'Okra (100%)',
    allergens: NO_ALLERGENS,
    mrp: 399,
    shelfLifeMonths: 18,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-green-peas': {
    ingredients: 'Green peas (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 18,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-sweet-corn': {
    ingredients: 'Sweet corn kernels (100%)',
    allergens: NO_ALLERGENS,
    mrp: 340,
    shelfLifeMonths: 18,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-onion': {
    ingredients: 'Onion (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 18,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-garlic': {
    ingredients: 'Garlic (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 18,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-tomato': {
    ingredients: 'Tomato (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-french-beans': {
    ingredients: 'French beans (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 18,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-flat-beans': {
    ingredients: 'Flat beans (avarakkai) (100%)',
    allergens: NO_ALLERGENS,
    mrp: 380,
    shelfLifeMonths: 18,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-spring-onion': {
    ingredients: 'Spring onion greens (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-carrot': {
    ingredients: 'Carrot (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 18,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-bell-pepper': {
    ingredients: 'Red, yellow and green bell pepper (100%)',
    allergens: NO_ALLERGENS,
    mrp: 470,
    shelfLifeMonths: 18,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-bitter-gourd': {
    ingredients: 'Bitter gourd (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 18,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-white-button-mushroom': {
    ingredients: 'White button mushroom (100%)',
    allergens: NO_ALLERGENS,
    mrp: 590,
    shelfLifeMonths: 12,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-brinjal': {
    ingredients: 'Brinjal (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 18,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-cabbage': {
    ingredients: 'Cabbage (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 18,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-zucchini': {
    ingredients: 'Zucchini (100%)',
    allergens: NO_ALLERGENS,
    mrp: 450,
    shelfLifeMonths: 18,
    storage: FREEZE_DRIED,
  },
  'freeze-dried-drumstick': {
    ingredients: 'Drumstick (moringa pods) (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 18,
    storage: FREEZE_DRIED,
  },

  // Dehydrated herbs (sold as dehydrated vegetables): shade- or low-heat-dried, nothing added.
  'dehydrated-basil': {
    ingredients: 'Sweet basil leaves (100%)',
    allergens: NO_ALLERGENS,
    mrp: 250,
    shelfLifeMonths: 12,
    storage: DEHYDRATED,
  },
  'dehydrated-amla': {
    ingredients: 'Amla (Indian gooseberry) (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: DEHYDRATED,
  },
  'dehydrated-sapota': {
    ingredients: 'Sapota (chikoo) (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 9,
    storage: DEHYDRATED,
  },
  'dehydrated-celery': {
    ingredients: 'Celery stalks and leaves (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: DEHYDRATED,
  },
  'dehydrated-chives': {
    ingredients: 'Chives (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: DEHYDRATED,
  },
  'dehydrated-coriander': {
    ingredients: 'Coriander leaves (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: DEHYDRATED,
  },
  'dehydrated-mint': {
    ingredients: 'Mint leaves (100%)',
    allergens: NO_ALLERGENS,
    mrp: 230,
    shelfLifeMonths: 12,
    storage: DEHYDRATED,
  },
  'dehydrated-oregano': {
    ingredients: 'Oregano (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: DEHYDRATED,
  },
  'dehydrated-wheat-grass': {
    ingredients: 'Wheat grass powder (100%)',
    allergens: 'Contains wheat grass; may contain traces of gluten (wheat).',
    mrp: 340,
    shelfLifeMonths: 9,
    storage: DEHYDRATED_POWDER,
  },
  'dehydrated-parsley': {
    ingredients: 'Flat-leaf parsley (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: DEHYDRATED,
  },
  'dehydrated-peppercorn': {
    ingredients: 'Green pepper berries (Piper nigrum) (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: DEHYDRATED,
  },
  'dehydrated-ginger': {
    ingredients: 'Dry ginger (chukku) (100%)',
    allergens: NO_ALLERGENS,
    mrp: 250,
    shelfLifeMonths: 12,
    storage: DEHYDRATED,
  },
  'dehydrated-spanish-thyme': {
    ingredients: 'Karpooravalli leaves (Plectranthus amboinicus) (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 9,
    storage: DEHYDRATED,
  },
  'dehydrated-green-chilli': {
    ingredients: 'Green chilli (100%)',
    allergens: NO_ALLERGENS,
    mrp: 220,
    shelfLifeMonths: 12,
    storage: DEHYDRATED,
  },
  'dehydrated-red-chilli': {
    ingredients: 'Red chilli (Ramnad mundu) (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: DEHYDRATED,
  },
  'dehydrated-lemongrass': {
    ingredients: 'Lemongrass (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: DEHYDRATED,
  },
  'dehydrated-methi-leaves': {
    ingredients: 'Fenugreek leaves (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: DEHYDRATED,
  },

  // Dehydrated vegetables.
  'dehydrated-onion-flakes': {
    ingredients: 'Small onion (100%)',
    allergens: NO_ALLERGENS,
    mrp: 180,
    shelfLifeMonths: 12,
    storage: DEHYDRATED,
  },
  'dehydrated-garlic-flakes': {
    ingredients: 'Garlic (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: DEHYDRATED,
  },
  'dehydrated-tomato-powder': {
    ingredients: 'Tomato (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 9,
    storage: DEHYDRATED_POWDER,
  },
  'dehydrated-beetroot-powder': {
    ingredients: 'Beetroot (100%)',
    allergens: NO_ALLERGENS,
    mrp: 290,
    shelfLifeMonths: 9,
    storage: DEHYDRATED_POWDER,
  },
  'dehydrated-carrot-cubes': {
    ingredients: 'Carrot (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: DEHYDRATED,
  },
  'dehydrated-curry-leaves': {
    ingredients: 'Curry leaves (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: DEHYDRATED,
  },
  'dehydrated-moringa-leaves': {
    ingredients: 'Moringa leaves (100%)',
    allergens: NO_ALLERGENS,
    mrp: 199,
    shelfLifeMonths: 12,
    storage: DEHYDRATED,
  },
  'dehydrated-spinach-flakes': {
    ingredients: 'Spinach (palak) (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 9,
    storage: DEHYDRATED,
  },
  'dehydrated-bitter-gourd-slices': {
    ingredients: 'Bitter gourd (97%), salt (3%)',
    allergens: NO_ALLERGENS,
    mrp: 230,
    shelfLifeMonths: 12,
    storage: DEHYDRATED,
  },

  // Dehydrated fruit: no sugar added.
  'dehydrated-mango-slices': {
    ingredients: 'Banganapalli mango (100%)',
    allergens: NO_ALLERGENS,
    mrp: 290,
    shelfLifeMonths: 9,
    storage: DEHYDRATED,
  },
  'dehydrated-pineapple-rings': {
    ingredients: 'Pineapple (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 9,
    storage: DEHYDRATED,
  },
  'dehydrated-banana-slices': {
    ingredients: 'Nendran banana (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 9,
    storage: DEHYDRATED,
  },
  'dehydrated-papaya-cubes': {
    ingredients: 'Papaya (100%)',
    allergens: NO_ALLERGENS,
    mrp: 220,
    shelfLifeMonths: 9,
    storage: DEHYDRATED,
  },
  'dehydrated-guava-slices': {
    ingredients: 'Pink guava (98%), rock salt, red chilli powder',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 9,
    storage: DEHYDRATED,
  },
  'dehydrated-jackfruit-bulbs': {
    ingredients: 'Jackfruit bulbs (100%)',
    allergens: NO_ALLERGENS,
    mrp: 340,
    shelfLifeMonths: 9,
    storage: DEHYDRATED,
  },
  'dehydrated-apple-rings': {
    ingredients: 'Apple (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 9,
    storage: DEHYDRATED,
  },
  'dehydrated-kokum': {
    ingredients: 'Kokum rind (Garcinia indica) (100%)',
    allergens: NO_ALLERGENS,
    shelfLifeMonths: 12,
    storage: DEHYDRATED,
  },
  'dehydrated-strawberry-slices': {
    ingredients: 'Strawberry (100%)',
    allergens: NO_ALLERGENS,
    mrp: 399,
    shelfLifeMonths: 9,
    storage: DEHYDRATED,
  },

  // Ready-to-eat dishes, freeze-dried (the catalogue says so), so the net is the dry weight: about 100 g makes a
  // meal for one, 50 g a bowl of chutney, rasam or soup.
  'bisi-bele-bath': {
    ingredients:
      'Rice (38%), toor dal (20%), vegetables (18%: carrot, beans, green peas, potato, small onion), tamarind, ' +
      'bisi bele bath masala (coriander, chana dal, red chilli, urad dal, dry coconut, cinnamon, clove, fenugreek), ' +
      `ghee (4%), jaggery, salt, curry leaves, mustard, turmeric, ${HING}`,
    allergens: 'Contains milk and gluten (wheat, in asafoetida).',
    net: grams(100),
    mrp: 180,
    shelfLifeMonths: 12,
    storage: READY_MEAL,
  },
  puliyogare: {
    ingredients:
      'Rice (60%), tamarind (10%), gingelly (sesame) oil (8%), peanuts (6%), puliyogare masala (coriander, ' +
      'red chilli, sesame seeds, chana dal, urad dal, fenugreek, black pepper, dry coconut), jaggery, salt, ' +
      `curry leaves, mustard, turmeric, ${HING}`,
    allergens: 'Contains peanuts, gluten (wheat, in asafoetida) and sesame.',
    net: grams(100),
    shelfLifeMonths: 12,
    storage: READY_MEAL,
  },
  'lemon-rice': {
    ingredients: `Rice (78%), lemon juice (6%), sunflower oil, chana dal, urad dal, green chilli, curry leaves, salt, mustard, turmeric, ${HING}`,
    allergens: GLUTEN_HING,
    net: grams(100),
    shelfLifeMonths: 12,
    storage: READY_MEAL,
  },
  'tomato-rice': {
    ingredients:
      'Rice (62%), tomato (20%), gingelly (sesame) oil (5%), onion, green chilli, ginger, garlic, curry leaves, ' +
      'coriander leaves, red chilli, salt, fennel, mustard, turmeric',
    allergens: 'Contains sesame.',
    net: grams(100),
    shelfLifeMonths: 12,
    storage: READY_MEAL,
  },
  'coconut-rice': {
    ingredients:
      'Rice (65%), grated coconut (20%), coconut oil, cashews (3%), chana dal, urad dal, green chilli, curry leaves, ' +
      `salt, mustard, ${HING}`,
    allergens: 'Contains tree nuts (cashew) and gluten (wheat, in asafoetida).',
    net: grams(100),
    shelfLifeMonths: 9,
    storage: READY_MEAL,
  },
  'vangi-bath': {
    ingredients:
      'Rice (58%), brinjal (22%), sunflower oil, vangi bath masala (coriander, chana dal, urad dal, red chilli, ' +
      `dry coconut, cinnamon, clove), tamarind, jaggery, salt, curry leaves, mustard, turmeric, ${HING}`,
    allergens: GLUTEN_HING,
    net: grams(100),
    shelfLifeMonths: 12,
    storage: READY_MEAL,
  },
  'vathal-kuzhambu': {
    ingredients:
      'Tamarind (30%), gingelly (sesame) oil (18%), sundakkai vathal (turkey berry) (10%), small onion, ' +
      'kuzhambu masala (coriander, red chilli, toor dal, fenugreek, black pepper), jaggery, rice flour, salt, ' +
      `curry leaves, mustard, ${HING}`,
    allergens: GLUTEN_HING_SESAME,
    net: grams(100),
    mrp: 170,
    shelfLifeMonths: 12,
    storage: READY_MEAL,
  },
  'mor-kuzhambu': {
    ingredients:
      'Curd (55%), ash gourd (20%), grated coconut (10%), toor dal, green chilli, ginger, coconut oil, cumin, ' +
      `curry leaves, salt, mustard, turmeric, ${HING}`,
    allergens: 'Contains milk and gluten (wheat, in asafoetida).',
    net: grams(100),
    shelfLifeMonths: 9,
    storage: READY_MEAL,
  },
  'arachuvitta-sambar': {
    ingredients:
      'Toor dal (32%), drumstick (15%), small onion (12%), tamarind (8%), tomato, sambar masala (coriander, ' +
      'red chilli, chana dal, fenugreek, grated coconut), gingelly (sesame) oil, jaggery, salt, curry leaves, ' +
      `mustard, turmeric, ${HING}`,
    allergens: GLUTEN_HING_SESAME,
    net: grams(100),
    shelfLifeMonths: 12,
    storage: READY_MEAL,
  },
  'mixed-vegetable-kootu': {
    ingredients:
      'Moong dal (35%), vegetables (35%: ash gourd, carrot, beans, chow chow), grated coconut (15%), coconut oil, ' +
      `green chilli, cumin, urad dal, curry leaves, salt, mustard, turmeric, ${HING}`,
    allergens: GLUTEN_HING,
    net: grams(100),
    mrp: 165,
    shelfLifeMonths: 12,
    storage: READY_MEAL,
  },
  avial: {
    ingredients:
      'Vegetables (55%: ash gourd, raw banana, yam, drumstick, carrot, beans, cucumber), grated coconut (20%), ' +
      'curd (12%), coconut oil (5%), green chilli, cumin, curry leaves, salt, turmeric',
    allergens: 'Contains milk.',
    net: grams(100),
    shelfLifeMonths: 9,
    storage: READY_MEAL,
  },
  'vegetable-kurma': {
    ingredients:
      'Vegetables (45%: potato, carrot, beans, green peas, cauliflower), coconut (20%), onion, tomato, ' +
      'sunflower oil, roasted gram, ginger, garlic, green chilli, fennel, coriander, red chilli, cinnamon, clove, ' +
      'cardamom, salt, coriander leaves, mint leaves',
    allergens: NO_ALLERGENS,
    net: grams(100),
    shelfLifeMonths: 12,
    storage: READY_MEAL,
  },
  'coconut-chutney': {
    ingredients: 'Coconut (70%), roasted gram (18%), green chilli, ginger, salt, coconut oil, urad dal, mustard, curry leaves',
    allergens: NO_ALLERGENS,
    net: grams(50),
    mrp: 99,
    shelfLifeMonths: 9,
    storage: READY_CHUTNEY,
  },
  'peanut-chutney': {
    ingredients: 'Roasted peanuts (65%), red chilli, garlic, tamarind, groundnut oil, salt, curry leaves',
    allergens: 'Contains peanuts.',
    net: grams(50),
    shelfLifeMonths: 9,
    storage: READY_CHUTNEY,
  },
  'tomato-chutney': {
    ingredients:
      'Tomato (55%), onion (20%), gingelly (sesame) oil (8%), red chilli, garlic, tamarind, salt, urad dal, mustard, ' +
      `curry leaves, ${HING}`,
    allergens: GLUTEN_HING_SESAME,
    net: grams(50),
    shelfLifeMonths: 12,
    storage: READY_CHUTNEY,
  },
  'pudina-chutney': {
    ingredients:
      'Mint leaves (40%), coriander leaves (25%), roasted gram, grated coconut, green chilli, tamarind (3%), ginger, ' +
      'salt, sunflower oil',
    allergens: NO_ALLERGENS,
    net: grams(50),
    shelfLifeMonths: 9,
    storage: READY_CHUTNEY,
  },
  'kambu-koozh': {
    ingredients: 'Pearl millet (kambu) (85%), broken rice (13%), salt',
    allergens: NO_ALLERGENS,
    net: grams(100),
    shelfLifeMonths: 9,
    storage: 'Store in a cool, dry place away from sunlight. Once mixed with buttermilk or water, drink the same day.',
  },
  'thinai-pongal': {
    ingredients: `Foxtail millet (58%), moong dal (22%), ghee (10%), ginger, black pepper, cumin, curry leaves, salt, ${HING}`,
    allergens: 'Contains milk and gluten (wheat, in asafoetida).',
    net: grams(100),
    mrp: 160,
    shelfLifeMonths: 9,
    storage: READY_MEAL,
  },
  'samai-upma': {
    ingredients:
      'Little millet (65%), vegetables (18%: onion, carrot, beans, green peas), sunflower oil, chana dal, urad dal, ' +
      'green chilli, ginger, curry leaves, salt, mustard',
    allergens: NO_ALLERGENS,
    net: grams(100),
    shelfLifeMonths: 12,
    storage: READY_MEAL,
  },
  'ragi-kali': {
    ingredients: 'Finger millet (ragi) flour (80%), broken rice (18%), salt',
    allergens: NO_ALLERGENS,
    net: grams(100),
    shelfLifeMonths: 12,
    storage: READY_MEAL,
  },
  'pepper-rasam': {
    ingredients:
      'Tamarind (28%), tomato (24%), toor dal (16%), black pepper (8%), cumin (6%), garlic, coriander seeds, ghee, ' +
      `curry leaves, coriander leaves, salt, mustard, turmeric, ${HING}`,
    allergens: 'Contains milk and gluten (wheat, in asafoetida).',
    net: grams(50),
    mrp: 115,
    shelfLifeMonths: 12,
    storage: READY_MEAL,
  },
  'moringa-soup': {
    ingredients:
      'Moringa leaves (35%), moong dal (30%), small onion (12%), garlic, black pepper (3%), cumin, coconut oil, ' + 'salt, turmeric',
    allergens: NO_ALLERGENS,
    net: grams(50),
    shelfLifeMonths: 12,
    storage: READY_MEAL,
  },
  'mudakathan-soup': {
    ingredients:
      'Mudakathan keerai (balloon vine, Cardiospermum halicacabum) (40%), tomato (18%), small onion, garlic, ' +
      'black pepper (4%), cumin, rice flour, coconut oil, salt, turmeric',
    allergens: NO_ALLERGENS,
    net: grams(50),
    shelfLifeMonths: 12,
    storage: READY_MEAL,
  },

  // Herbal products: powders, teas, the hair oil and the bath powder (the net is what each description states).
  'moringa-leaf-powder': {
    ingredients: 'Moringa leaf powder (Moringa oleifera) (100%)',
    allergens: NO_ALLERGENS,
    net: grams(100),
    mrp: 199,
    shelfLifeMonths: 9,
    storage: HERBAL_POWDER,
  },
  'nilavembu-kudineer-chooranam': {
    ingredients:
      'Nilavembu (Andrographis paniculata), vettiver (Vetiveria zizanioides), vilamichai ver (Plectranthus ' +
      'vettiveroides), sandalwood (Santalum album), korai kizhangu (Cyperus rotundus), peipudal (Trichosanthes ' +
      'cucumerina), parpadagam (Mollugo cerviana), chukku (dry ginger) and milagu (black pepper), in equal parts ' +
      '(11.1% each)',
    allergens: NO_ALLERGENS,
    net: grams(100),
    shelfLifeMonths: 12,
    storage: HERBAL_POWDER,
  },
  'ashwagandha-root-powder': {
    ingredients: 'Ashwagandha root powder (Withania somnifera) (100%)',
    allergens: NO_ALLERGENS,
    net: grams(100),
    mrp: 299,
    shelfLifeMonths: 12,
    storage: HERBAL_POWDER,
  },
  'triphala-churnam': {
    ingredients:
      'Amla (Emblica officinalis) (33.3%), kadukkai (Terminalia chebula) (33.3%), thandrikkai (Terminalia bellirica) ' + '(33.3%)',
    allergens: NO_ALLERGENS,
    net: grams(100),
    shelfLifeMonths: 12,
    storage: HERBAL_POWDER,
  },
  'avarampoo-tea': {
    ingredients: 'Dried avaram flowers (Senna auriculata) (100%)',
    allergens: NO_ALLERGENS,
    net: grams(50),
    shelfLifeMonths: 12,
    storage: HERBAL_TEA,
  },
  'karisalankanni-powder': {
    ingredients: 'Karisalankanni leaf powder (Eclipta prostrata) (100%)',
    allergens: NO_ALLERGENS,
    net: grams(100),
    shelfLifeMonths: 12,
    storage: HERBAL_POWDER,
  },
  'herbal-hair-oil': {
    ingredients:
      'Cold-pressed coconut oil (94%), hibiscus flowers and leaves, curry leaves, ' + 'karisalankanni (Eclipta prostrata), fenugreek',
    allergens: NOT_FOR_EATING,
    net: millilitres(200),
    shelfLifeMonths: 12,
    storage:
      'For external use only. Keep out of reach of children. Store in a cool place away from sunlight; the oil sets ' +
      'below 24 °C, so stand the bottle in warm water before use.',
  },
  'sathu-maavu-health-mix': {
    ingredients:
      'Roasted ragi (35%), roasted kambu (25%), roasted thinai (20%), roasted green gram (14%), almonds (5%), ' + 'cardamom (1%)',
    allergens: 'Contains tree nuts (almond).',
    net: grams(500),
    mrp: 320,
    shelfLifeMonths: 6,
    storage: 'Store in an airtight container in a cool, dry place. Use a dry spoon; use within 45 days of opening.',
  },
  'hibiscus-tea': {
    ingredients: 'Dried hibiscus petals (Hibiscus rosa-sinensis) (100%)',
    allergens: NO_ALLERGENS,
    net: grams(50),
    shelfLifeMonths: 12,
    storage: HERBAL_TEA,
  },
  'nalangu-maavu-bath-powder': {
    ingredients: 'Green gram (65%), kasturi manjal (Curcuma aromatica) (15%), rose petals (10%), vetiver root (10%)',
    allergens: NOT_FOR_EATING,
    net: grams(200),
    shelfLifeMonths: 12,
    storage: 'For external use only. Keep out of reach of children. Store in a cool, dry place; keep water out of the pouch.',
  },
  'thoothuvalai-powder': {
    ingredients: 'Thoothuvalai leaf powder (Solanum trilobatum) (100%)',
    allergens: NO_ALLERGENS,
    net: grams(100),
    mrp: 145,
    shelfLifeMonths: 9,
    storage: HERBAL_POWDER,
  },

  // Biscuits (herbal, subcategory "biscuits"): millet first, then what a baker would add.
  'ragi-biscuits': {
    ingredients: 'Ragi flour (48%), palm jaggery (22%), butter (18%), rice flour (8%), raising agent (INS 500(ii)), salt, ' + 'cardamom',
    allergens: 'Contains milk.',
    net: grams(200),
    mrp: 99,
    shelfLifeMonths: 6,
    storage: BISCUITS,
  },
  'kambu-cookies': {
    ingredients:
      'Pearl millet flour (40%), jaggery (20%), cold-pressed groundnut oil (18%), whole wheat flour (15%), ' +
      'raising agents (INS 500(ii), INS 503(ii)), cardamom, salt',
    allergens: 'Contains gluten (wheat) and peanuts (groundnut oil).',
    net: grams(200),
    shelfLifeMonths: 6,
    storage: BISCUITS,
  },
  'thinai-jaggery-cookies': {
    ingredients:
      'Foxtail millet flour (38%), jaggery (25%), whole wheat flour (15%), ghee (12%), sunflower oil, ' +
      'raising agent (INS 500(ii)), cardamom, salt',
    allergens: 'Contains gluten (wheat) and milk.',
    net: grams(200),
    shelfLifeMonths: 5,
    storage: BISCUITS,
  },
  'moringa-millet-crackers': {
    ingredients:
      'Jowar flour (55%), whole wheat flour (15%), rice bran oil (14%), sesame seeds (5%), moringa leaf powder (4%), ' +
      'cumin, salt, raising agent (INS 500(ii))',
    allergens: 'Contains gluten (wheat) and sesame.',
    net: grams(150),
    mrp: 135,
    shelfLifeMonths: 6,
    storage: BISCUITS,
  },
  'multi-millet-biscuits': {
    ingredients:
      'Millet flours (52%: ragi, jowar, kambu, thinai, samai, varagu, kuthiraivali), jaggery (22%), butter (18%), ' +
      'whole wheat flour (6%), raising agent (INS 500(ii)), salt',
    allergens: 'Contains gluten (wheat) and milk.',
    net: grams(200),
    shelfLifeMonths: 5,
    storage: BISCUITS,
  },
  'kollu-pepper-biscuits': {
    ingredients:
      'Horse gram flour (35%), whole wheat flour (25%), butter (20%), sugar (8%), black pepper (2%), salt, ' +
      'raising agents (INS 500(ii), INS 503(ii))',
    allergens: 'Contains gluten (wheat) and milk.',
    net: grams(150),
    mrp: 125,
    shelfLifeMonths: 5,
    storage: BISCUITS,
  },
  'karupatti-ragi-cookies': {
    ingredients:
      'Ragi flour (40%), palm jaggery (karupatti) (25%), whole wheat flour (15%), butter (15%), ' +
      'raising agent (INS 500(ii)), cardamom, salt',
    allergens: 'Contains gluten (wheat) and milk.',
    net: grams(200),
    shelfLifeMonths: 5,
    storage: BISCUITS,
  },
  'ginger-oats-cookies': {
    ingredients:
      'Rolled oats (35%), whole wheat flour (22%), jaggery (20%), butter (15%), dry ginger powder (2%), ' +
      'raising agent (INS 500(ii)), salt',
    allergens: 'Contains gluten (oats, wheat) and milk.',
    net: grams(200),
    shelfLifeMonths: 4,
    storage: BISCUITS,
  },

  // Thokku: slow-cooked in gingelly oil, 250 g jars.
  'tomato-thokku': {
    ingredients: `Tomato (65%), gingelly (sesame) oil (15%), red chilli powder, salt, tamarind, fenugreek, mustard, ${HING}`,
    allergens: GLUTEN_HING_SESAME,
    net: grams(250),
    mrp: 180,
    shelfLifeMonths: 6,
    storage: THOKKU,
  },
  'mango-thokku': {
    ingredients: `Raw mango (65%), gingelly (sesame) oil (15%), red chilli powder, salt, mustard, fenugreek, turmeric, ${HING}`,
    allergens: GLUTEN_HING_SESAME,
    net: grams(250),
    shelfLifeMonths: 9,
    storage: THOKKU,
  },
  'garlic-thokku': {
    ingredients: `Garlic (50%), gingelly (sesame) oil (18%), tamarind (12%), red chilli powder, salt, jaggery, fenugreek, mustard, ${HING}`,
    allergens: GLUTEN_HING_SESAME,
    net: grams(250),
    shelfLifeMonths: 9,
    storage: THOKKU,
  },
  'gongura-thokku': {
    ingredients: `Gongura leaves (55%), gingelly (sesame) oil (18%), red chilli (10%), garlic, salt, fenugreek, mustard, ${HING}`,
    allergens: GLUTEN_HING_SESAME,
    net: grams(250),
    mrp: 210,
    shelfLifeMonths: 6,
    storage: THOKKU,
  },
  'curry-leaf-thokku': {
    ingredients:
      'Curry leaves (40%), tamarind (18%), gingelly (sesame) oil (16%), garlic, red chilli, salt, jaggery, urad dal, ' +
      `mustard, fenugreek, ${HING}`,
    allergens: GLUTEN_HING_SESAME,
    net: grams(250),
    shelfLifeMonths: 6,
    storage: THOKKU,
  },
  'ginger-thokku': {
    ingredients: `Ginger (45%), tamarind (15%), jaggery (15%), gingelly (sesame) oil (12%), red chilli, salt, fenugreek, mustard, ${HING}`,
    allergens: GLUTEN_HING_SESAME,
    net: grams(250),
    shelfLifeMonths: 6,
    storage: THOKKU,
  },
  'nellikai-thokku': {
    ingredients: `Amla (nellikai) (65%), gingelly (sesame) oil (15%), red chilli powder, salt, fenugreek, mustard, turmeric, ${HING}`,
    allergens: GLUTEN_HING_SESAME,
    net: grams(250),
    mrp: 199,
    shelfLifeMonths: 9,
    storage: THOKKU,
  },
  'pirandai-thokku': {
    ingredients:
      'Pirandai (Cissus quadrangularis) (45%), tamarind (15%), gingelly (sesame) oil (15%), urad dal (8%), ' +
      `red chilli, salt, jaggery, mustard, ${HING}`,
    allergens: GLUTEN_HING_SESAME,
    net: grams(250),
    shelfLifeMonths: 6,
    storage: THOKKU,
  },
  'lemon-thokku': {
    ingredients: `Lemon (68%), gingelly (sesame) oil (12%), red chilli powder, salt, fenugreek, mustard, turmeric, ${HING}`,
    allergens: GLUTEN_HING_SESAME,
    net: grams(250),
    shelfLifeMonths: 9,
    storage: THOKKU,
  },

  // Capsules (500 mg of powder in a vegetarian shell of about 95 mg) and tablets.
  'moringa-capsules': {
    ingredients: 'Moringa leaf powder (Moringa oleifera) (84%), vegetarian capsule shell (HPMC) (16%)',
    allergens: NO_ALLERGENS,
    net: units(60),
    mrp: 275,
    shelfLifeMonths: 24,
    storage: CAPSULES,
  },
  'ashwagandha-capsules': {
    ingredients: 'Ashwagandha root powder (Withania somnifera) (84%), vegetarian capsule shell (HPMC) (16%)',
    allergens: NO_ALLERGENS,
    net: units(60),
    shelfLifeMonths: 24,
    storage: CAPSULES,
  },
  'triphala-tablets': {
    ingredients:
      'Triphala powder (90%: amla, kadukkai and thandrikkai in equal parts), gum acacia (INS 414), ' +
      'microcrystalline cellulose (INS 460(i))',
    allergens: NO_ALLERGENS,
    net: units(90),
    shelfLifeMonths: 24,
    storage: CAPSULES,
  },
  'turmeric-pepper-capsules': {
    ingredients:
      'Turmeric powder (Curcuma longa) (80%), black pepper powder (Piper nigrum) (4%), ' + 'vegetarian capsule shell (HPMC) (16%)',
    allergens: NO_ALLERGENS,
    net: units(60),
    mrp: 320,
    shelfLifeMonths: 24,
    storage: CAPSULES,
  },
  'neem-capsules': {
    ingredients: 'Neem leaf powder (Azadirachta indica) (84%), vegetarian capsule shell (HPMC) (16%)',
    allergens: NO_ALLERGENS,
    net: units(60),
    shelfLifeMonths: 24,
    storage: CAPSULES,
  },
  'tulsi-tablets': {
    ingredients:
      'Tulsi leaf powder (Ocimum tenuiflorum, Krishna and Rama tulsi) (90%), gum acacia (INS 414), ' +
      'microcrystalline cellulose (INS 460(i))',
    allergens: NO_ALLERGENS,
    net: units(90),
    shelfLifeMonths: 24,
    storage: CAPSULES,
  },
  'shatavari-capsules': {
    ingredients: 'Shatavari root powder (Asparagus racemosus) (84%), vegetarian capsule shell (HPMC) (16%)',
    allergens: NO_ALLERGENS,
    net: units(60),
    mrp: 390,
    shelfLifeMonths: 24,
    storage: CAPSULES,
  },
  'seenthil-tablets': {
    ingredients: 'Seenthil stem powder (Tinospora cordifolia) (92%), gum acacia (INS 414), microcrystalline cellulose ' + '(INS 460(i))',
    allergens: NO_ALLERGENS,
    net: units(90),
    shelfLifeMonths: 24,
    storage: CAPSULES,
  },
  'amla-capsules': {
    ingredients: 'Amla powder (Emblica officinalis) (84%), vegetarian capsule shell (HPMC) (16%)',
    allergens: NO_ALLERGENS,
    net: units(60),
    shelfLifeMonths: 24,
    storage: CAPSULES,
  },

  // Essential oils: not food.
  'lemongrass-essential-oil': {
    ingredients: '100% pure lemongrass oil (Cymbopogon flexuosus)',
    allergens: NOT_FOR_EATING,
    net: millilitres(15),
    mrp: 320,
    shelfLifeMonths: 24,
    storage: ESSENTIAL_OIL,
  },
  'eucalyptus-essential-oil': {
    ingredients: '100% pure eucalyptus oil (Eucalyptus globulus)',
    allergens: NOT_FOR_EATING,
    net: millilitres(15),
    shelfLifeMonths: 36,
    storage: ESSENTIAL_OIL,
  },
  'vetiver-essential-oil': {
    ingredients: '100% pure vetiver oil (Chrysopogon zizanioides)',
    allergens: NOT_FOR_EATING,
    net: millilitres(10),
    shelfLifeMonths: 36,
    storage: ESSENTIAL_OIL,
  },
  'peppermint-essential-oil': {
    ingredients: '100% pure peppermint oil (Mentha piperita)',
    allergens: NOT_FOR_EATING,
    net: millilitres(15),
    mrp: 380,
    shelfLifeMonths: 36,
    storage: ESSENTIAL_OIL,
  },
  'clove-essential-oil': {
    ingredients: '100% pure clove bud oil (Syzygium aromaticum)',
    allergens: NOT_FOR_EATING,
    net: millilitres(15),
    shelfLifeMonths: 36,
    storage: ESSENTIAL_OIL,
  },
  'cinnamon-leaf-essential-oil': {
    ingredients: '100% pure cinnamon leaf oil (Cinnamomum verum)',
    allergens: NOT_FOR_EATING,
    net: millilitres(15),
    shelfLifeMonths: 36,
    storage: ESSENTIAL_OIL,
  },
  'tulsi-essential-oil': {
    ingredients: '100% pure tulsi (holy basil) oil (Ocimum tenuiflorum)',
    allergens: NOT_FOR_EATING,
    net: millilitres(10),
    mrp: 480,
    shelfLifeMonths: 24,
    storage: ESSENTIAL_OIL,
  },
  'citronella-essential-oil': {
    ingredients: '100% pure citronella oil (Cymbopogon winterianus)',
    allergens: NOT_FOR_EATING,
    net: millilitres(15),
    shelfLifeMonths: 24,
    storage: ESSENTIAL_OIL,
  },
  // A blend, as its description says, so not "100% pure".
  'sandalwood-essential-oil': {
    ingredients: 'Cold-pressed coconut oil (90%), sandalwood oil (Santalum album) (10%)',
    allergens: NOT_FOR_EATING,
    net: millilitres(5),
    shelfLifeMonths: 24,
    storage: ESSENTIAL_OIL,
  },

  // Spices: whole spices keep longer than ground ones and blends.
  'malabar-black-pepper': {
    ingredients: 'Black pepper (100%)',
    allergens: NO_ALLERGENS,
    net: grams(200),
    mrp: 250,
    shelfLifeMonths: 18,
    storage: WHOLE_SPICE,
  },
  'idukki-green-cardamom': {
    ingredients: 'Green cardamom (100%)',
    allergens: NO_ALLERGENS,
    net: grams(100),
    shelfLifeMonths: 12,
    storage: WHOLE_SPICE,
  },
  'kerala-cloves': {
    ingredients: 'Cloves (100%)',
    allergens: NO_ALLERGENS,
    net: grams(100),
    shelfLifeMonths: 18,
    storage: WHOLE_SPICE,
  },
  'true-cinnamon-sticks': {
    ingredients: 'True cinnamon (Cinnamomum verum) (100%)',
    allergens: NO_ALLERGENS,
    net: grams(100),
    mrp: 270,
    shelfLifeMonths: 18,
    storage: WHOLE_SPICE,
  },
  'erode-turmeric-powder': {
    ingredients: 'Turmeric (100%)',
    allergens: NO_ALLERGENS,
    net: grams(250),
    shelfLifeMonths: 9,
    storage: GROUND_SPICE,
  },
  'guntur-red-chilli-powder': {
    ingredients: 'Red chilli (Guntur sannam) (100%)',
    allergens: NO_ALLERGENS,
    net: grams(250),
    shelfLifeMonths: 9,
    storage: GROUND_SPICE,
  },
  'coriander-powder': {
    ingredients: 'Coriander seeds (100%)',
    allergens: NO_ALLERGENS,
    net: grams(250),
    shelfLifeMonths: 9,
    storage: GROUND_SPICE,
  },
  'sambar-powder': {
    ingredients:
      'Coriander (40%), red chilli (28%), toor dal (12%), chana dal (6%), fenugreek (4%), black pepper (3%), ' +
      `cumin (3%), curry leaves (2%), turmeric (1%), ${HING} (1%)`,
    allergens: GLUTEN_HING,
    net: grams(250),
    shelfLifeMonths: 9,
    storage: GROUND_SPICE,
  },
  'rasam-powder': {
    ingredients:
      'Coriander (35%), toor dal (20%), black pepper (20%), cumin (15%), red chilli (6%), curry leaves (2%), ' +
      `turmeric (1%), ${HING} (1%)`,
    allergens: GLUTEN_HING,
    net: grams(200),
    shelfLifeMonths: 9,
    storage: GROUND_SPICE,
  },
  'nutmeg-with-mace': {
    ingredients: 'Nutmeg with mace (Myristica fragrans) (100%)',
    allergens: NO_ALLERGENS,
    net: grams(100),
    mrp: 340,
    shelfLifeMonths: 18,
    storage: WHOLE_SPICE,
  },

  // Dry fruits: nuts keep less long than dried fruit.
  'panruti-cashews-w320': {
    ingredients: 'Cashew kernels (W320) (100%)',
    allergens: 'Contains tree nuts (cashew).',
    net: grams(250),
    mrp: 580,
    shelfLifeMonths: 6,
    storage: DRY_FRUIT,
  },
  'pepper-roasted-cashews': {
    ingredients: 'Cashew kernels (95%), rice bran oil, black pepper (1.5%), rock salt (1.5%)',
    allergens: 'Contains tree nuts (cashew).',
    net: grams(150),
    shelfLifeMonths: 6,
    storage: DRY_FRUIT,
  },
  'cumbum-black-raisins': {
    ingredients: 'Seedless black raisins (100%)',
    allergens: NO_ALLERGENS,
    net: grams(250),
    shelfLifeMonths: 9,
    storage: DRY_FRUIT,
  },
  // Golden raisins keep their colour with sulphur dioxide, above the 10 mg/kg that must be declared.
  'golden-raisins': {
    ingredients: 'Golden raisins, preservative (INS 220)',
    allergens: 'Contains sulphite.',
    net: grams(250),
    mrp: 199,
    shelfLifeMonths: 9,
    storage: DRY_FRUIT,
  },
  'dried-figs': {
    ingredients: 'Dried figs (100%)',
    allergens: NO_ALLERGENS,
    net: grams(250),
    shelfLifeMonths: 9,
    storage: DRY_FRUIT,
  },
  'kashmir-mamra-almonds': {
    ingredients: 'Mamra almonds (100%)',
    allergens: 'Contains tree nuts (almond).',
    net: grams(250),
    shelfLifeMonths: 9,
    storage: DRY_FRUIT,
  },
  'kashmir-walnut-kernels': {
    ingredients: 'Walnut kernels (100%)',
    allergens: 'Contains tree nuts (walnut).',
    net: grams(250),
    mrp: 720,
    shelfLifeMonths: 6,
    storage: DRY_FRUIT,
  },
  'seedless-dates': {
    ingredients: 'Seedless dates (100%)',
    allergens: NO_ALLERGENS,
    net: grams(400),
    shelfLifeMonths: 9,
    storage: DRY_FRUIT,
  },
  'dry-fruit-trail-mix': {
    ingredients: 'Cashews (30%), black raisins (25%), almonds (20%), pumpkin seeds (15%), dried amla (10%)',
    allergens: 'Contains tree nuts (cashew, almond).',
    net: grams(250),
    mrp: 399,
    shelfLifeMonths: 6,
    storage: DRY_FRUIT,
  },
}
