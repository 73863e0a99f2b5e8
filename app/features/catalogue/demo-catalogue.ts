import type { Category, PackSize, Subcategory } from './categories'
import { NET_OF_PACK } from './declarations'
import { DEMO_LABELS } from './demo-labels'
import { DEMO_TAMIL } from './demo-catalogue-tamil'
import type { NetQuantity, ProductDeclarations } from './product'

/** A product of the demo catalogue; prices in rupees, as the owner would write them. */
export type DemoProduct = {
  slug: string
  name: string
  description: string
  /** The name in Tamil (demo-catalogue-tamil.ts); every demo product has one. */
  nameTa: string
  /** The description in Tamil, where written (the home page's showcase products); else the Tamil pages show the English. */
  descriptionTa?: string
  category: Category
  subcategory?: Subcategory
  /** Single-price products. */
  price?: number
  /** Sized products: one price per pack. */
  prices?: Record<PackSize, number>
  /** Units in stock; sized products may give one count per pack. */
  stock: number | Record<PackSize, number>
}

/**
 * Pack prices from the 250g price: bigger packs cost less per gram (5% off at 500g, 10% off at 1kg),
 * rounded to ten rupees as a shop would print them.
 */
function packs(price250g: number): Record<PackSize, number> {
  const round10 = (n: number) => Math.round(n / 10) * 10
  return { '250g': price250g, '500g': round10(price250g * 1.9), '1kg': round10(price250g * 3.6) }
}

/** A demo product's Tamil texts by its slug; a missing name is left blank (the demo catalogue's test says which). */
function tamilOf(slug: string): Pick<DemoProduct, 'nameTa' | 'descriptionTa'> {
  const tamil = DEMO_TAMIL[slug]
  return { nameTa: tamil?.name ?? '', ...(tamil?.description ? { descriptionTa: tamil.description } : {}) }
}

function sized(
  category: Category,
  slug: string,
  name: string,
  price250g: number,
  stock: DemoProduct['stock'],
  description: string,
): DemoProduct {
  return { slug, name, description, ...tamilOf(slug), category, prices: packs(price250g), stock }
}

function single(
  category: Category,
  slug: string,
  name: string,
  price: number,
  stock: number,
  description: string,
  subcategory?: Subcategory,
): DemoProduct {
  return { slug, name, description, ...tamilOf(slug), category, price, stock, ...(subcategory ? { subcategory } : {}) }
}

const fdFruit = (slug: string, name: string, p: number, stock: DemoProduct['stock'], d: string) =>
  sized('freeze-dried-fruit', slug, name, p, stock, d)
const fdVeg = (slug: string, name: string, p: number, stock: DemoProduct['stock'], d: string) =>
  sized('freeze-dried-vegetable', slug, name, p, stock, d)
const dhFruit = (slug: string, name: string, p: number, stock: DemoProduct['stock'], d: string) =>
  sized('dehydrated-fruit', slug, name, p, stock, d)
const dhVeg = (slug: string, name: string, p: number, stock: DemoProduct['stock'], d: string) =>
  sized('dehydrated-vegetable', slug, name, p, stock, d)
const herbal = (slug: string, name: string, p: number, stock: number, d: string) => single('herbal', slug, name, p, stock, d)
const biscuit = (slug: string, name: string, p: number, stock: number, d: string) => single('herbal', slug, name, p, stock, d, 'biscuits')
const readyToEat = (slug: string, name: string, p: number, stock: number, d: string) => single('ready-to-eat', slug, name, p, stock, d)
const thokku = (slug: string, name: string, p: number, stock: number, d: string) => single('thokku', slug, name, p, stock, d)
const capsule = (slug: string, name: string, p: number, stock: number, d: string) => single('capsules-tablets', slug, name, p, stock, d)
const oil = (slug: string, name: string, p: number, stock: number, d: string) => single('essential-oils', slug, name, p, stock, d)
const spice = (slug: string, name: string, p: number, stock: number, d: string) => single('spices', slug, name, p, stock, d)
const dryFruit = (slug: string, name: string, p: number, stock: number, d: string) => single('dry-fruits', slug, name, p, stock, d)

const FREEZE_DRIED_FRUITS: DemoProduct[] = [
  fdFruit(
    'freeze-dried-banana',
    'Freeze Dried Banana',
    420,
    { '250g': 24, '500g': 12, '1kg': 6 },
    'Ripe Nendran bananas from Thrissur, sliced and freeze-dried until crisp. Eat as a snack or crush over porridge and curd.',
  ),
  fdFruit(
    'freeze-dried-mango',
    'Freeze Dried Mango',
    560,
    { '250g': 30, '500g': 14, '1kg': 8 },
    'Alphonso and Banganapalli mangoes from Krishnagiri orchards, picked ripe and freeze-dried in season. Tastes of fresh mango all year.',
  ),
  fdFruit(
    'freeze-dried-sapota',
    'Freeze Dried Sapota',
    480,
    18,
    'Sweet chikoo from Dharmapuri farms with its malty flavour intact. Good in milkshakes or straight from the pouch.',
  ),
  fdFruit(
    'freeze-dried-apple',
    'Freeze Dried Apple',
    520,
    { '250g': 22, '500g': 10, '1kg': 5 },
    'Thin slices of Himachal apples, freeze-dried without added sugar. A light, crunchy snack for lunch boxes.',
  ),
  fdFruit(
    'freeze-dried-pomegranate',
    'Freeze Dried Pomegranate',
    690,
    { '250g': 16, '500g': 8, '1kg': 3 },
    'Bhagwa pomegranate arils, freeze-dried so they stay ruby red and tart-sweet. Sprinkle over salads, raita or breakfast bowls.',
  ),
  fdFruit(
    'freeze-dried-kiwi',
    'Freeze Dried Kiwi',
    740,
    { '250g': 12, '500g': 6, '1kg': 2 },
    'Kiwi slices from hill growers in the North-East, freeze-dried with skin removed. Sharp, bright and crunchy.',
  ),
  fdFruit(
    'freeze-dried-strawberry',
    'Freeze Dried Strawberry',
    780,
    { '250g': 20, '500g': 9, '1kg': 0 },
    'Strawberries from Kodaikanal and Mahabaleshwar farms, halved and freeze-dried. Crush into milk, yoghurt or cake batter.',
  ),
  fdFruit(
    'freeze-dried-orange',
    'Freeze Dried Orange',
    540,
    { '250g': 15, '500g': 7, '1kg': 4 },
    'Nagpur orange segments, freeze-dried whole so each piece melts on the tongue. No sugar or colour added.',
  ),
  fdFruit(
    'freeze-dried-papaya',
    'Freeze Dried Papaya',
    380,
    { '250g': 26, '500g': 12, '1kg': 6 },
    'Red Lady papaya cubes from Coimbatore farms, freeze-dried at their ripest. Mild and sweet, easy on little ones.',
  ),
  fdFruit(
    'freeze-dried-jackfruit',
    'Freeze Dried Jackfruit',
    610,
    { '250g': 14, '500g': 6, '1kg': 3 },
    'Golden jackfruit bulbs from Panruti, the home of the Tamil jackfruit, freeze-dried crisp and deseeded.',
  ),
  fdFruit(
    'freeze-dried-olives',
    'Freeze Dried Olives',
    860,
    { '250g': 8, '500g': 4, '1kg': 2 },
    'Green olives, brined lightly and freeze-dried into savoury crunchy rings. A topping for pizza, pasta and salads.',
  ),
  fdFruit(
    'freeze-dried-custard-apple',
    'Freeze Dried Custard Apple',
    720,
    0,
    'Seetha pazham pulp from the Eastern Ghats, freeze-dried in season. Back when the next harvest comes in.',
  ),
  fdFruit(
    'freeze-dried-pineapple',
    'Freeze Dried Pineapple',
    460,
    { '250g': 19, '500g': 9, '1kg': 4 },
    'Kerala pineapple chunks from Vazhakulam, freeze-dried without sugar. Tangy and sweet.',
  ),
  fdFruit(
    'freeze-dried-guava',
    'Freeze Dried Guava',
    400,
    { '250g': 17, '500g': 8, '1kg': 4 },
    'Pink guava from Dindigul, freeze-dried in thin slices with its fragrance intact.',
  ),
]

const FREEZE_DRIED_VEGETABLES: DemoProduct[] = [
  fdVeg(
    'freeze-dried-okra',
    'Freeze Dried Okra',
    360,
    { '250g': 20, '500g': 10, '1kg': 5 },
    'Tender vendakkai rounds from Salem farms. Rehydrates in minutes for poriyal, or eat crisp with a pinch of salt.',
  ),
  fdVeg(
    'freeze-dried-green-peas',
    'Freeze Dried Green Peas',
    320,
    { '250g': 30, '500g': 15, '1kg': 8 },
    'Sweet green peas from the Nilgiris, freeze-dried whole. Add straight to upma, pulao or kurma.',
  ),
  fdVeg(
    'freeze-dried-sweet-corn',
    'Freeze Dried Sweet Corn',
    300,
    { '250g': 28, '500g': 14, '1kg': 7 },
    'Sweet corn kernels from Hosur, freeze-dried the day they are picked. A crunchy snack or a quick soup base.',
  ),
  fdVeg(
    'freeze-dried-onion',
    'Freeze Dried Onion',
    260,
    { '250g': 35, '500g': 18, '1kg': 9 },
    'Big onions from Perambalur, chopped and freeze-dried. Saves chopping and tears on busy mornings.',
  ),
  fdVeg(
    'freeze-dried-garlic',
    'Freeze Dried Garlic',
    340,
    { '250g': 25, '500g': 12, '1kg': 6 },
    'Kodaikanal hill garlic, peeled, sliced and freeze-dried. Keeps its sharp aroma for tempering and rasam.',
  ),
  fdVeg(
    'freeze-dried-tomato',
    'Freeze Dried Tomato',
    300,
    { '250g': 30, '500g': 14, '1kg': 7 },
    'Country tomatoes from Krishnagiri, diced and freeze-dried. Use in chutneys, gravies and soups out of season.',
  ),
  fdVeg(
    'freeze-dried-french-beans',
    'Freeze Dried French Beans',
    340,
    { '250g': 18, '500g': 9, '1kg': 4 },
    'French beans from Ooty, cut and freeze-dried. Rehydrate for poriyal, fried rice or sambar.',
  ),
  fdVeg(
    'freeze-dried-flat-beans',
    'Freeze Dried Flat Beans',
    340,
    { '250g': 16, '500g': 8, '1kg': 4 },
    'Avarakkai (flat beans) from Dindigul, cut and freeze-dried for kootu and poriyal.',
  ),
  fdVeg(
    'freeze-dried-spring-onion',
    'Freeze Dried Spring Onion',
    380,
    { '250g': 14, '500g': 7, '1kg': 3 },
    'Spring onion greens from the Nilgiris, freeze-dried bright green. Scatter over noodles, soups and dosai.',
  ),
  fdVeg(
    'freeze-dried-carrot',
    'Freeze Dried Carrot',
    290,
    { '250g': 26, '500g': 13, '1kg': 6 },
    'Ooty carrots, diced and freeze-dried. Sweet enough to snack on, ready for halwa, pulao and soups.',
  ),
  fdVeg(
    'freeze-dried-bell-pepper',
    'Freeze Dried Bell Pepper',
    420,
    { '250g': 15, '500g': 7, '1kg': 0 },
    'Red, yellow and green capsicum from Hosur polyhouses, diced and freeze-dried together.',
  ),
  fdVeg(
    'freeze-dried-bitter-gourd',
    'Freeze Dried Bitter Gourd',
    360,
    { '250g': 14, '500g': 7, '1kg': 3 },
    'Pavakkai rounds from Theni farms, freeze-dried. Fry for a crisp side, or rehydrate for pitlai.',
  ),
  fdVeg(
    'freeze-dried-white-button-mushroom',
    'Freeze Dried White Button Mushroom',
    520,
    { '250g': 12, '500g': 6, '1kg': 2 },
    'White button mushrooms from a small farm near Kodaikanal, sliced and freeze-dried. Rehydrates plump for gravies and soups.',
  ),
  fdVeg(
    'freeze-dried-brinjal',
    'Freeze Dried Brinjal',
    300,
    { '250g': 16, '500g': 8, '1kg': 4 },
    'Purple country brinjal from Vellore, cubed and freeze-dried for vathal kuzhambu and ennai kathirikai.',
  ),
  fdVeg(
    'freeze-dried-cabbage',
    'Freeze Dried Cabbage',
    260,
    { '250g': 22, '500g': 11, '1kg': 5 },
    'Nilgiris cabbage, shredded and freeze-dried. Ready for poriyal, soups and noodles.',
  ),
  fdVeg(
    'freeze-dried-zucchini',
    'Freeze Dried Zucchini',
    400,
    { '250g': 10, '500g': 5, '1kg': 2 },
    'Green zucchini from Ooty growers, sliced and freeze-dried. Adds body to soups and pasta.',
  ),
  fdVeg(
    'freeze-dried-drumstick',
    'Freeze Dried Drumstick',
    380,
    { '250g': 18, '500g': 9, '1kg': 4 },
    'Murungakkai pieces from Oddanchatram, the drumstick market of Tamil Nadu, freeze-dried for sambar all year.',
  ),
]

// The spec's "Dehydrated herbs" list, sold as dehydrated vegetables. "Amla" and "Sapota" are named
// "Dehydrated ..." so they never clash with the freeze-dried products of the same fruit.
const DEHYDRATED_HERBS: DemoProduct[] = [
  dhVeg(
    'dehydrated-basil',
    'Dehydrated Basil',
    220,
    { '250g': 20, '500g': 10, '1kg': 5 },
    'Sweet basil leaves from Krishnagiri, dried in shade at low temperature. For pasta sauces, soups and herbal tea.',
  ),
  dhVeg(
    'dehydrated-amla',
    'Dehydrated Amla',
    180,
    { '250g': 30, '500g': 15, '1kg': 8 },
    'Nellikai (Indian gooseberry) from Salem, deseeded and dried in slices. Chew as it is or steep in warm water.',
  ),
  dhVeg(
    'dehydrated-sapota',
    'Dehydrated Sapota',
    200,
    { '250g': 18, '500g': 9, '1kg': 4 },
    'Chikoo slices from Dharmapuri, dried soft and chewy. Naturally sweet, no sugar added.',
  ),
  dhVeg(
    'dehydrated-celery',
    'Dehydrated Celery',
    240,
    { '250g': 14, '500g': 7, '1kg': 3 },
    'Celery stalks and leaves from Ooty, cut and dehydrated for soups, stocks and fried rice.',
  ),
  dhVeg(
    'dehydrated-chives',
    'Dehydrated Chives',
    280,
    { '250g': 12, '500g': 6, '1kg': 3 },
    'Fine-cut chives from Nilgiris growers. A mild onion note for omelettes, raita and potatoes.',
  ),
  dhVeg(
    'dehydrated-coriander',
    'Dehydrated Coriander',
    200,
    { '250g': 26, '500g': 13, '1kg': 6 },
    'Kothamalli leaves from Oddanchatram, dried green. For garnish and chutneys when fresh bunches are scarce.',
  ),
  dhVeg(
    'dehydrated-mint',
    'Dehydrated Mint',
    200,
    { '250g': 24, '500g': 12, '1kg': 6 },
    'Pudina leaves dried in shade to keep their cool aroma. For biryani, chutney, buttermilk and tea.',
  ),
  dhVeg(
    'dehydrated-oregano',
    'Dehydrated Oregano',
    260,
    { '250g': 16, '500g': 8, '1kg': 4 },
    'Oregano grown in the Kodaikanal hills, dried and rubbed. For pizza, pasta and roasted vegetables.',
  ),
  dhVeg(
    'dehydrated-wheat-grass',
    'Dehydrated Wheat Grass',
    300,
    { '250g': 15, '500g': 7, '1kg': 3 },
    'Young wheat grass grown in trays near Coimbatore, dried at low heat and milled to a fine green powder for juices and smoothies.',
  ),
  dhVeg(
    'dehydrated-parsley',
    'Dehydrated Parsley',
    260,
    { '250g': 14, '500g': 7, '1kg': 3 },
    'Flat-leaf parsley from Ooty, dried and cut. For soups, salads, pasta and herb butter.',
  ),
  dhVeg(
    'dehydrated-peppercorn',
    'Dehydrated Green Peppercorn',
    340,
    { '250g': 20, '500g': 10, '1kg': 5 },
    'Green pepper berries from Wayanad, dehydrated before they turn black. Milder and fresher than black pepper.',
  ),
  dhVeg(
    'dehydrated-ginger',
    'Dehydrated Ginger',
    220,
    { '250g': 22, '500g': 11, '1kg': 5 },
    'Ginger from Wayanad, peeled, sliced and dried (chukku). For chukku kaapi, masala tea and kashayam.',
  ),
  // "Spanish" in the spec's list is read as Spanish thyme: karpooravalli, the Indian borage of Tamil gardens.
  dhVeg(
    'dehydrated-spanish-thyme',
    'Dehydrated Spanish Thyme (Karpooravalli)',
    240,
    { '250g': 10, '500g': 5, '1kg': 2 },
    'Karpooravalli (Indian borage, also sold as Spanish thyme) leaves from home gardens near Madurai. Traditionally steeped in hot water or made into bajji and rasam.',
  ),
  dhVeg(
    'dehydrated-green-chilli',
    'Dehydrated Green Chilli',
    200,
    { '250g': 20, '500g': 10, '1kg': 5 },
    'Green chillies from Paramakudi, slit and dried green. For tempering, chutneys and mor milagai.',
  ),
  dhVeg(
    'dehydrated-red-chilli',
    'Dehydrated Red Chilli',
    180,
    { '250g': 28, '500g': 14, '1kg': 7 },
    'Ramnad mundu chillies, round and deep red, dried on the farm. Bold colour with moderate heat.',
  ),
  dhVeg(
    'dehydrated-lemongrass',
    'Dehydrated Lemongrass',
    180,
    { '250g': 18, '500g': 9, '1kg': 4 },
    'Lemongrass from Attappadi, cut and dried for tea, soups and Thai-style curries.',
  ),
  dhVeg(
    'dehydrated-methi-leaves',
    'Dehydrated Methi Leaves',
    200,
    { '250g': 22, '500g': 11, '1kg': 5 },
    'Vendhaya keerai (fenugreek leaves) dried green, like kasuri methi. For parathas, dal and gravies.',
  ),
]

const DEHYDRATED_VEGETABLES: DemoProduct[] = [
  dhVeg(
    'dehydrated-onion-flakes',
    'Dehydrated Onion Flakes',
    160,
    { '250g': 30, '500g': 16, '1kg': 8 },
    'Small onions (sambar vengayam) from Perambalur, sliced and dried. Sweet and mild for sambar, upma and dips.',
  ),
  dhVeg(
    'dehydrated-garlic-flakes',
    'Dehydrated Garlic Flakes',
    220,
    { '250g': 24, '500g': 12, '1kg': 6 },
    'Garlic flakes from Kodaikanal hill garlic. Crush into rasam, podi and pickles.',
  ),
  dhVeg(
    'dehydrated-tomato-powder',
    'Dehydrated Tomato Powder',
    240,
    { '250g': 18, '500g': 9, '1kg': 4 },
    'Ripe tomatoes dried and milled. Two spoons bring a tomato\u2019s colour and tang to rasam, gravies and soups.',
  ),
  dhVeg(
    'dehydrated-beetroot-powder',
    'Dehydrated Beetroot Powder',
    260,
    { '250g': 16, '500g': 8, '1kg': 4 },
    'Ooty beetroot, dried and milled. Colours rotis, cakes and smoothies a deep pink.',
  ),
  dhVeg(
    'dehydrated-carrot-cubes',
    'Dehydrated Carrot Cubes',
    200,
    { '250g': 20, '500g': 10, '1kg': 0 },
    'Carrot cubes from the Nilgiris, dried for pulao, soups and upma.',
  ),
  dhVeg(
    'dehydrated-curry-leaves',
    'Dehydrated Curry Leaves',
    150,
    { '250g': 32, '500g': 16, '1kg': 8 },
    'Karuveppilai from Karamadai, famous for its fragrant leaves, dried in shade. For tempering and podi.',
  ),
  dhVeg(
    'dehydrated-moringa-leaves',
    'Dehydrated Moringa Leaves',
    180,
    { '250g': 26, '500g': 13, '1kg': 6 },
    'Murungai keerai picked from trees in Dindigul and dried in shade. Stir into dal, adai batter or soup.',
  ),
  dhVeg(
    'dehydrated-spinach-flakes',
    'Dehydrated Spinach Flakes',
    220,
    0,
    'Palak from Hosur farms, dried into flakes for dal, parathas and soups. Sold out until the cool season.',
  ),
  dhVeg(
    'dehydrated-bitter-gourd-slices',
    'Dehydrated Bitter Gourd Slices',
    200,
    { '250g': 14, '500g': 7, '1kg': 3 },
    'Pavakkai vathal: slices salted lightly and sun-dried, ready to fry as a side for curd rice.',
  ),
]

const DEHYDRATED_FRUITS: DemoProduct[] = [
  dhFruit(
    'dehydrated-mango-slices',
    'Dehydrated Mango Slices',
    260,
    { '250g': 24, '500g': 12, '1kg': 6 },
    'Banganapalli mango slices from Krishnagiri, dried soft and chewy without added sugar.',
  ),
  dhFruit(
    'dehydrated-pineapple-rings',
    'Dehydrated Pineapple Rings',
    240,
    { '250g': 20, '500g': 10, '1kg': 5 },
    'Vazhakulam pineapple rings, low-temperature dried. Chewy, tangy and sweet.',
  ),
  dhFruit(
    'dehydrated-banana-slices',
    'Dehydrated Banana Slices',
    180,
    { '250g': 30, '500g': 15, '1kg': 8 },
    'Ripe Nendran banana slices dried, not fried. Soft and naturally sweet.',
  ),
  dhFruit(
    'dehydrated-papaya-cubes',
    'Dehydrated Papaya Cubes',
    200,
    { '250g': 18, '500g': 9, '1kg': 4 },
    'Red Lady papaya cubes from Coimbatore, dried chewy. For trail mixes and granola.',
  ),
  dhFruit(
    'dehydrated-guava-slices',
    'Dehydrated Guava Slices',
    220,
    { '250g': 16, '500g': 8, '1kg': 4 },
    'Pink guava slices from Dindigul, dried with a pinch of rock salt and chilli.',
  ),
  dhFruit(
    'dehydrated-jackfruit-bulbs',
    'Dehydrated Jackfruit Bulbs',
    300,
    { '250g': 14, '500g': 7, '1kg': 3 },
    'Panruti jackfruit bulbs, deseeded and dried chewy. A taste of summer in every piece.',
  ),
  dhFruit(
    'dehydrated-apple-rings',
    'Dehydrated Apple Rings',
    280,
    { '250g': 15, '500g': 7, '1kg': 3 },
    'Himachal apple rings, cored and dried with their peel. A lunch-box favourite.',
  ),
  dhFruit(
    'dehydrated-kokum',
    'Dehydrated Kokum',
    190,
    { '250g': 22, '500g': 11, '1kg': 5 },
    'Kokum rinds from the Konkan and coastal Karnataka, sun-dried. For sol kadhi, fish curry and summer drinks.',
  ),
  dhFruit(
    'dehydrated-strawberry-slices',
    'Dehydrated Strawberry Slices',
    360,
    { '250g': 10, '500g': 5, '1kg': 2 },
    'Kodaikanal strawberries sliced and dried chewy. For cereal, cakes and snacking.',
  ),
]

// Ready-to-eat meals are freeze-dried: open, add hot water, wait, eat. Rice dishes, curries,
// chutneys, millet dishes and soups, as the home page promises.
const READY_TO_EAT: DemoProduct[] = [
  readyToEat(
    'bisi-bele-bath',
    'Bisi Bele Bath',
    160,
    40,
    'Karnataka\u2019s hot lentil rice with vegetables, tamarind and roasted masala, freeze-dried. Add hot water and wait five minutes.',
  ),
  readyToEat(
    'puliyogare',
    'Puliyogare',
    140,
    45,
    'Temple-style tamarind rice with peanuts, curry leaves and sesame, freeze-dried. Add hot water and wait five minutes.',
  ),
  readyToEat(
    'lemon-rice',
    'Lemon Rice',
    130,
    50,
    'Lemon rice tempered with mustard, chana dal and curry leaves. Freeze-dried; add hot water, stir and wait five minutes.',
  ),
  readyToEat(
    'tomato-rice',
    'Tomato Rice',
    130,
    42,
    'Tomato rice cooked with country tomatoes and gingelly oil, freeze-dried for travel and hostels.',
  ),
  readyToEat(
    'coconut-rice',
    'Coconut Rice',
    140,
    30,
    'Thengai sadam with fresh grated coconut, cashews and curry leaves. Freeze-dried; ready in five minutes.',
  ),
  readyToEat('vangi-bath', 'Vangi Bath', 150, 0, 'Brinjal rice with vangi bath masala, a Karnataka classic, freeze-dried.'),
  readyToEat(
    'vathal-kuzhambu',
    'Vathal Kuzhambu',
    150,
    36,
    'Tangy tamarind gravy with sundakkai vathal and gingelly oil, freeze-dried. Add hot water and pour over rice.',
  ),
  readyToEat(
    'mor-kuzhambu',
    'Mor Kuzhambu',
    140,
    28,
    'Buttermilk curry with ash gourd and a ground coconut-ginger paste. Freeze-dried; stir into hot water.',
  ),
  readyToEat(
    'arachuvitta-sambar',
    'Arachuvitta Sambar',
    150,
    48,
    'Sambar with freshly roasted and ground masala, toor dal and drumstick, freeze-dried.',
  ),
  readyToEat(
    'mixed-vegetable-kootu',
    'Mixed Vegetable Kootu',
    150,
    25,
    'Moong dal kootu with vegetables and coconut, mild and comforting. Freeze-dried; add hot water.',
  ),
  readyToEat('avial', 'Avial', 170, 20, 'Kerala avial: vegetables in coconut and curd with coconut oil and curry leaves, freeze-dried.'),
  readyToEat(
    'vegetable-kurma',
    'Vegetable Kurma',
    160,
    32,
    'Hotel-style vegetable kurma with coconut and fennel for chapati and parotta. Freeze-dried; add hot water.',
  ),
  readyToEat(
    'coconut-chutney',
    'Coconut Chutney',
    90,
    60,
    'Coconut chutney with roasted gram and green chilli, freeze-dried. Add water, stir and temper if you like.',
  ),
  readyToEat(
    'peanut-chutney',
    'Peanut Chutney',
    90,
    55,
    'Roasted peanut chutney with red chilli and garlic, freeze-dried for idli and dosai on the go.',
  ),
  readyToEat('tomato-chutney', 'Tomato Chutney', 90, 44, 'Spicy tomato-onion chutney cooked in gingelly oil, freeze-dried.'),
  readyToEat(
    'pudina-chutney',
    'Pudina Chutney',
    90,
    38,
    'Fresh mint and coriander chutney with a little tamarind, freeze-dried to keep it green.',
  ),
  readyToEat(
    'kambu-koozh',
    'Kambu Koozh',
    110,
    40,
    'Pearl millet porridge, the summer drink of Tamil villages. Mix with buttermilk and small onions.',
  ),
  readyToEat(
    'thinai-pongal',
    'Thinai Pongal',
    140,
    30,
    'Foxtail millet pongal with moong dal, pepper, cumin and ghee. Freeze-dried; add hot water.',
  ),
  readyToEat(
    'samai-upma',
    'Samai Upma',
    130,
    26,
    'Little millet upma with vegetables and curry leaves. Freeze-dried breakfast in five minutes.',
  ),
  readyToEat('ragi-kali', 'Ragi Kali', 110, 22, 'Finger millet kali, soft and filling, to eat with kuzhambu or buttermilk. Freeze-dried.'),
  readyToEat(
    'pepper-rasam',
    'Pepper Rasam',
    100,
    50,
    'Milagu rasam with black pepper, cumin and garlic, freeze-dried. Add hot water for a cup or to pour over rice.',
  ),
  readyToEat('moringa-soup', 'Moringa Soup', 120, 34, 'Murungai keerai soup with moong dal, pepper and small onions, freeze-dried.'),
  readyToEat(
    'mudakathan-soup',
    'Mudakathan Soup',
    120,
    18,
    'Soup of mudakathan keerai (balloon vine), a traditional Tamil winter soup with pepper and garlic. Freeze-dried.',
  ),
]

const HERBAL: DemoProduct[] = [
  herbal(
    'moringa-leaf-powder',
    'Moringa Leaf Powder',
    180,
    40,
    'Shade-dried murungai leaves from Dindigul, stone-ground. Stir a spoon into dal, soup or buttermilk. 100 g.',
  ),
  herbal(
    'nilavembu-kudineer-chooranam',
    'Nilavembu Kudineer Chooranam',
    120,
    60,
    'The classic Siddha blend of nilavembu and eight other herbs, coarsely ground for making kudineer (decoction) the traditional way. 100 g.',
  ),
  herbal(
    'ashwagandha-root-powder',
    'Ashwagandha Root Powder',
    260,
    30,
    'Ashwagandha roots from Neemuch growers, dried and finely powdered. Traditionally taken with warm milk at night. 100 g.',
  ),
  herbal(
    'triphala-churnam',
    'Triphala Churnam',
    150,
    45,
    'Equal parts of amla, kadukkai and thandrikkai, dried and ground. A traditional daily churnam taken with warm water. 100 g.',
  ),
  herbal(
    'avarampoo-tea',
    'Avarampoo Tea',
    140,
    28,
    'Dried flowers of avaram (Tanner\u2019s cassia) from the dry lands around Virudhunagar, for a golden herbal tea. 50 g.',
  ),
  herbal(
    'karisalankanni-powder',
    'Karisalankanni Powder',
    130,
    22,
    'Bhringraj leaves from wet field edges near Thanjavur, shade-dried and powdered. Used traditionally in hair packs and kashayam. 100 g.',
  ),
  herbal(
    'herbal-hair-oil',
    'Herbal Hair Oil',
    320,
    25,
    'Cold-pressed coconut oil simmered with hibiscus, curry leaves, karisalankanni and fenugreek, the way grandmothers make it. 200 ml.',
  ),
  herbal(
    'sathu-maavu-health-mix',
    'Sathu Maavu Health Mix',
    280,
    35,
    'Roasted ragi, kambu, thinai, green gram, almonds and cardamom, ground together. Cook with water or milk for porridge. 500 g.',
  ),
  herbal('hibiscus-tea', 'Hibiscus Tea', 160, 0, 'Dried sembaruthi petals from garden hibiscus. Brews a tart ruby tea, hot or iced. 50 g.'),
  herbal(
    'nalangu-maavu-bath-powder',
    'Nalangu Maavu Bath Powder',
    180,
    30,
    'Green gram, kasturi manjal, rose petals and vetiver ground together, a soap-free bath powder used in Tamil homes. 200 g.',
  ),
  herbal(
    'thoothuvalai-powder',
    'Thoothuvalai Powder',
    130,
    20,
    'Leaves of thoothuvalai (Solanum trilobatum) from Tirunelveli, dried and powdered. Traditionally added to rasam and dosai batter in the cold season. 100 g.',
  ),
]

const BISCUITS: DemoProduct[] = [
  biscuit(
    'ragi-biscuits',
    'Ragi Biscuits',
    90,
    60,
    'Finger millet biscuits sweetened with palm jaggery and baked without maida. 200 g pack.',
  ),
  biscuit('kambu-cookies', 'Kambu Cookies', 95, 48, 'Pearl millet cookies with cardamom and cold-pressed groundnut oil. 200 g pack.'),
  biscuit(
    'thinai-jaggery-cookies',
    'Thinai Jaggery Cookies',
    110,
    36,
    'Foxtail millet and jaggery cookies with a little ghee, crumbly and not too sweet. 200 g pack.',
  ),
  biscuit(
    'moringa-millet-crackers',
    'Moringa Millet Crackers',
    120,
    30,
    'Savoury jowar crackers with moringa leaf powder, cumin and sesame. 150 g pack.',
  ),
  biscuit('multi-millet-biscuits', 'Multi Millet Biscuits', 100, 0, 'Seven millets, jaggery and butter in one crisp biscuit. 200 g pack.'),
  biscuit(
    'kollu-pepper-biscuits',
    'Kollu Pepper Biscuits',
    110,
    24,
    'Horse gram biscuits with crushed black pepper, lightly salted. A tea-time biscuit. 150 g pack.',
  ),
  biscuit(
    'karupatti-ragi-cookies',
    'Karupatti Ragi Cookies',
    120,
    32,
    'Ragi cookies sweetened with karupatti (palm jaggery) from Udangudi. 200 g pack.',
  ),
  biscuit('ginger-oats-cookies', 'Ginger Oats Cookies', 110, 28, 'Rolled oats, dry ginger and jaggery cookies, baked crisp. 200 g pack.'),
]

const THOKKU: DemoProduct[] = [
  thokku(
    'tomato-thokku',
    'Tomato Thokku',
    160,
    40,
    'Country tomatoes slow-cooked in gingelly oil with chilli, fenugreek and asafoetida until thick. 250 g jar.',
  ),
  thokku(
    'mango-thokku',
    'Mango Thokku',
    180,
    35,
    'Grated raw Kili mooku mangoes cooked down with chilli and mustard. Tangy with curd rice. 250 g jar.',
  ),
  thokku('garlic-thokku', 'Garlic Thokku', 200, 26, 'Kodaikanal garlic cooked with tamarind and chilli in gingelly oil. 250 g jar.'),
  thokku(
    'gongura-thokku',
    'Gongura Thokku',
    190,
    0,
    'Sour gongura (pulichakeerai) leaves from Andhra fields, cooked with red chilli the Andhra way. 250 g jar.',
  ),
  thokku(
    'curry-leaf-thokku',
    'Curry Leaf Thokku',
    170,
    30,
    'Karuveppilai ground with tamarind, garlic and chilli, cooked thick. Mix with hot rice and ghee. 250 g jar.',
  ),
  thokku(
    'ginger-thokku',
    'Ginger Thokku',
    180,
    22,
    'Inji thokku: fresh ginger, tamarind and jaggery cooked into a sweet-hot relish. 250 g jar.',
  ),
  thokku('nellikai-thokku', 'Nellikai Thokku', 180, 28, 'Grated amla cooked with chilli and gingelly oil. Sharp and sour. 250 g jar.'),
  thokku(
    'pirandai-thokku',
    'Pirandai Thokku',
    210,
    16,
    'Pirandai (adamant creeper) stems cleaned and cooked with tamarind and urad dal, a Tamil home recipe. 250 g jar.',
  ),
  thokku('lemon-thokku', 'Lemon Thokku', 160, 34, 'Country lemons cooked soft with chilli and fenugreek. 250 g jar.'),
]

const CAPSULES: DemoProduct[] = [
  capsule(
    'moringa-capsules',
    'Moringa Capsules',
    240,
    40,
    '60 vegetarian capsules of shade-dried moringa leaf powder, 500 mg each. Nothing else added.',
  ),
  capsule(
    'ashwagandha-capsules',
    'Ashwagandha Capsules',
    320,
    35,
    '60 vegetarian capsules of ashwagandha root powder, 500 mg each. Traditionally taken at night.',
  ),
  capsule('triphala-tablets', 'Triphala Tablets', 180, 50, '90 tablets of amla, kadukkai and thandrikkai, pressed without sugar coating.'),
  capsule(
    'turmeric-pepper-capsules',
    'Turmeric Pepper Capsules',
    280,
    30,
    '60 capsules of Erode turmeric with a little black pepper, as turmeric is traditionally eaten.',
  ),
  capsule(
    'neem-capsules',
    'Neem Capsules',
    220,
    24,
    '60 capsules of shade-dried neem leaf powder from village trees around Ramanathapuram.',
  ),
  capsule('tulsi-tablets', 'Tulsi Tablets', 180, 36, '90 tablets of Krishna and Rama tulsi leaf powder. Chew or swallow with warm water.'),
  capsule('shatavari-capsules', 'Shatavari Capsules', 340, 0, '60 vegetarian capsules of shatavari root powder, 500 mg each.'),
  capsule(
    'seenthil-tablets',
    'Seenthil Tablets',
    200,
    20,
    '90 tablets of seenthil (giloy) stem powder, pressed without binders of animal origin.',
  ),
  capsule('amla-capsules', 'Amla Capsules', 220, 28, '60 capsules of sun-dried Salem nellikai powder, 500 mg each.'),
]

const ESSENTIAL_OILS: DemoProduct[] = [
  oil(
    'lemongrass-essential-oil',
    'Lemongrass Essential Oil',
    280,
    30,
    'Steam-distilled from lemongrass grown in Attappadi. Fresh and citrusy; a few drops in a diffuser. 15 ml.',
  ),
  oil(
    'eucalyptus-essential-oil',
    'Eucalyptus Essential Oil',
    260,
    40,
    'Nilgiris eucalyptus oil from small distilleries near Ooty. For steam inhalation and diffusers. 15 ml.',
  ),
  oil(
    'vetiver-essential-oil',
    'Vetiver Essential Oil',
    880,
    0,
    'Ramacham (khus) root oil, earthy and cooling, distilled slowly from Cuddalore vetiver. 10 ml.',
  ),
  oil(
    'peppermint-essential-oil',
    'Peppermint Essential Oil',
    340,
    24,
    'Steam-distilled peppermint oil, sharp and cooling. Dilute before use on skin. 15 ml.',
  ),
  oil(
    'clove-essential-oil',
    'Clove Essential Oil',
    320,
    22,
    'Clove bud oil from Kanyakumari spice gardens. Warm and strong; always dilute. 15 ml.',
  ),
  oil(
    'cinnamon-leaf-essential-oil',
    'Cinnamon Leaf Essential Oil',
    300,
    18,
    'Distilled from true cinnamon leaves grown in Kerala. Spicy and warm, for diffusers. 15 ml.',
  ),
  oil('tulsi-essential-oil', 'Tulsi Essential Oil', 420, 15, 'Holy basil oil, herbal and peppery, distilled from Krishna tulsi. 10 ml.'),
  oil(
    'citronella-essential-oil',
    'Citronella Essential Oil',
    220,
    35,
    'Citronella oil distilled in the Western Ghats. Used in lamps and diffusers to keep mosquitoes away. 15 ml.',
  ),
  oil(
    'sandalwood-essential-oil',
    'Sandalwood Essential Oil',
    900,
    6,
    'A blend of legally sourced Indian sandalwood oil in cold-pressed coconut oil, soft and woody. 5 ml.',
  ),
]

const SPICES: DemoProduct[] = [
  spice(
    'malabar-black-pepper',
    'Malabar Black Pepper',
    220,
    50,
    'Bold black peppercorns from Wayanad smallholdings, sun-dried on the farm. 200 g.',
  ),
  spice(
    'idukki-green-cardamom',
    'Idukki Green Cardamom',
    480,
    30,
    'Green cardamom pods from the Idukki hills, 7 mm and up, deeply fragrant. 100 g.',
  ),
  spice('kerala-cloves', 'Kerala Cloves', 260, 26, 'Hand-picked clove buds from Kottayam gardens, sun-dried. 100 g.'),
  spice(
    'true-cinnamon-sticks',
    'True Cinnamon Sticks',
    240,
    22,
    'Thin quills of true cinnamon (Cinnamomum verum) from Kerala, sweeter than cassia. 100 g.',
  ),
  spice(
    'erode-turmeric-powder',
    'Erode Turmeric Powder',
    120,
    70,
    'Turmeric from Erode, boiled, sun-dried and stone-ground. Bright colour, no additives. 250 g.',
  ),
  spice(
    'guntur-red-chilli-powder',
    'Guntur Red Chilli Powder',
    110,
    60,
    'Guntur sannam chillies, sun-dried and ground. Hot and red. 250 g.',
  ),
  spice('coriander-powder', 'Coriander Powder', 90, 55, 'Coriander seeds from Virudhunagar, roasted lightly and ground. 250 g.'),
  spice(
    'sambar-powder',
    'Sambar Powder',
    130,
    45,
    'Our family blend: coriander, red chilli, toor dal, fenugreek, pepper and curry leaves, roasted and ground. 250 g.',
  ),
  spice('rasam-powder', 'Rasam Powder', 120, 0, 'Pepper, cumin, coriander and toor dal roasted and ground for everyday rasam. 200 g.'),
  spice('nutmeg-with-mace', 'Nutmeg with Mace', 300, 14, 'Whole nutmegs in their mace from Kerala homesteads. 100 g.'),
]

const DRY_FRUITS: DemoProduct[] = [
  dryFruit('panruti-cashews-w320', 'Panruti Cashews W320', 520, 40, 'Whole cashews from Panruti, processed by hand in small units. 250 g.'),
  dryFruit('pepper-roasted-cashews', 'Pepper Roasted Cashews', 340, 28, 'Panruti cashews roasted with black pepper and rock salt. 150 g.'),
  dryFruit(
    'cumbum-black-raisins',
    'Cumbum Black Raisins',
    220,
    35,
    'Seedless black raisins from the vineyards of the Cumbum valley, dried without sulphur. 250 g.',
  ),
  dryFruit('golden-raisins', 'Golden Raisins', 180, 40, 'Plump golden raisins for payasam and kesari. 250 g.'),
  dryFruit('dried-figs', 'Dried Figs', 420, 18, 'Anjeer from fig orchards near Bellary, sun-dried. 250 g.'),
  dryFruit('kashmir-mamra-almonds', 'Kashmir Mamra Almonds', 890, 0, 'Mamra almonds from Kashmir, small and rich in oil. 250 g.'),
  dryFruit('kashmir-walnut-kernels', 'Kashmir Walnut Kernels', 640, 16, 'Light halves of Kashmir walnuts, shelled by hand. 250 g.'),
  dryFruit('seedless-dates', 'Seedless Dates', 240, 30, 'Soft seedless dates, a natural sweetener for laddus and milkshakes. 400 g.'),
  dryFruit('dry-fruit-trail-mix', 'Dry Fruit Trail Mix', 360, 24, 'Cashews, raisins, almonds, pumpkin seeds and dried amla. 250 g.'),
]

export const DEMO_PRODUCTS: DemoProduct[] = [
  ...FREEZE_DRIED_FRUITS,
  ...FREEZE_DRIED_VEGETABLES,
  ...DEHYDRATED_HERBS,
  ...DEHYDRATED_VEGETABLES,
  ...DEHYDRATED_FRUITS,
  ...READY_TO_EAT,
  ...HERBAL,
  ...BISCUITS,
  ...THOKKU,
  ...CAPSULES,
  ...ESSENTIAL_OILS,
  ...SPICES,
  ...DRY_FRUITS,
]

/**
 * The demo's packer, as its labels print it (decision 039). A shop that keeps the demo products replaces it in the
 * product form with its own.
 */
export const DEMO_PACKER = 'Kaadu Organics Farmer Producer Company Ltd., 14 Perundurai Road, Erode 638011, Tamil Nadu'

/** Not food, so no vegetarian mark: for the hair and skin. */
const NOT_FOOD = new Set(['herbal-hair-oil', 'nalangu-maavu-bath-powder'])

/** What a demo product's label declares besides its packs (demo-labels.ts holds each product's own words). */
export function demoDeclarations(p: DemoProduct): ProductDeclarations {
  const label = DEMO_LABELS[p.slug]
  return {
    ingredients: label?.ingredients ?? '',
    allergens: label?.allergens ?? '',
    dietMark: p.category === 'essential-oils' || NOT_FOOD.has(p.slug) ? 'none' : 'veg',
    shelfLifeMonths: label?.shelfLifeMonths ?? null,
    storage: label?.storage ?? '',
    manufacturer: DEMO_PACKER,
    countryOfOrigin: 'India',
  }
}

/**
 * A demo pack's MRP in rupees: its label's where the shop sells below it (a sized product's bigger packs by the same
 * ratio, rounded up to ten rupees as a pack is printed), else its price.
 */
export function demoMrp(p: DemoProduct, size: 'one' | PackSize): number {
  const label = DEMO_LABELS[p.slug]
  const price = size === 'one' ? p.price! : p.prices![size]
  if (!label?.mrp) return price
  if (size === 'one' || size === '250g') return Math.max(label.mrp, price)
  return Math.max(Math.ceil((price * label.mrp) / p.prices!['250g'] / 10) * 10, price)
}

/** A single-price demo product's net quantity, from its label. */
export function demoNet(p: DemoProduct): NetQuantity | null {
  return DEMO_LABELS[p.slug]?.net ?? null
}

/** Rounded to ten grams, as a kitchen scale would be read. */
const round10 = (grams: number) => Math.round(grams / 10) * 10

/**
 * What a demo pack weighs as it goes in the box (g): its contents and their jar, bottle or pouch, with padding. Made
 * up for the demo, from what such packs weigh: a stand-up pouch with its zip about 5% of the contents and 25 g
 * (100 g of spice powder ships at 130 g, 1 kg of dry fruits at 1,080 g); a 250 g glass jar of thokku about 200 g more,
 * with 30 g of bubble wrap (480 g); an essential oil's amber dropper bottle in its carton 80 g (30 ml: 110 g); a
 * bottle of capsules with its carton 60 g, each capsule half a gram (60 capsules: 90 g); biscuits in a tray and
 * carton 10% and 40 g; hair oil (0.92 g/ml) in a 60 g bottle with 30 g of padding. The owner weighs their own.
 */
export function demoShippedWeight(p: DemoProduct, size: 'one' | PackSize): number {
  const net = size === 'one' ? demoNet(p) : NET_OF_PACK[size]
  if (!net) throw new Error(`The demo product ${p.slug} has no net quantity to weigh.`)
  const { amount, unit } = net
  if (unit === 'unit') return round10(amount * 0.5 + 60)
  if (p.category === 'essential-oils') return round10(amount + 80)
  if (unit === 'ml') return round10(amount * 0.92 + 90)
  if (p.category === 'thokku') return round10(amount + 230)
  if (p.subcategory === 'biscuits') return round10(amount * 1.1 + 40)
  return round10(amount * 1.05 + 25)
}
