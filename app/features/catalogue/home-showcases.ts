import dehydratedHerbsImage from '~/assets/showcase/dehydrated-herbs.webp'
import freezeDriedFruitsImage from '~/assets/showcase/freeze-dried-fruits.webp'
import freezeDriedVegetablesImage from '~/assets/showcase/freeze-dried-vegetables.webp'
import readyToEatImage from '~/assets/showcase/ready-to-eat.webp'
import type { Category } from './categories'

/** One line of a showcase list: the spec's wording, and the demo product it stands for. */
export type ShowcaseItem = { label: string; slug: string }

export type HomeShowcase = {
  id: string
  title: string
  line: string
  /** URL of the section's picture, hashed by Vite. */
  image: string
  imageAlt: string
  /** The category whose products the items are. */
  category: Category
  items: ShowcaseItem[]
}

const item = (label: string, slug: string): ShowcaseItem => ({ label, slug })

/** The home page's four showcase sections (spec section 1), items in the spec's order. */
export const HOME_SHOWCASES: HomeShowcase[] = [
  {
    id: 'freeze-dried-fruits',
    title: 'Freeze Dried Fruits',
    line: 'Ripe fruit from South Indian orchards, freeze-dried crisp with nothing added.',
    image: freezeDriedFruitsImage,
    imageAlt: 'Illustration of banana, mango, sapota, apple and other fruits',
    category: 'freeze-dried-fruit',
    items: [
      item('Banana', 'freeze-dried-banana'),
      item('Mango', 'freeze-dried-mango'),
      item('Sapota', 'freeze-dried-sapota'),
      item('Apple', 'freeze-dried-apple'),
      item('Pomegranate', 'freeze-dried-pomegranate'),
      item('Kiwi', 'freeze-dried-kiwi'),
      item('Strawberry', 'freeze-dried-strawberry'),
      item('Orange', 'freeze-dried-orange'),
      item('Papaya', 'freeze-dried-papaya'),
      item('Jackfruits', 'freeze-dried-jackfruit'),
      item('Olives', 'freeze-dried-olives'),
      item('Custard Apple', 'freeze-dried-custard-apple'),
    ],
  },
  {
    id: 'freeze-dried-vegetables',
    title: 'Freeze Dried Vegetables',
    line: 'Farm vegetables freeze-dried the day they are picked: ready for the pan, no chopping.',
    image: freezeDriedVegetablesImage,
    imageAlt: 'Illustration of okra, peas, sweet corn, onion, garlic and other vegetables',
    category: 'freeze-dried-vegetable',
    items: [
      item('Okra', 'freeze-dried-okra'),
      item('Green Peas', 'freeze-dried-green-peas'),
      item('Sweet Corn', 'freeze-dried-sweet-corn'),
      item('Onion', 'freeze-dried-onion'),
      item('Garlic', 'freeze-dried-garlic'),
      item('Tomato', 'freeze-dried-tomato'),
      item('French Beans', 'freeze-dried-french-beans'),
      item('Flat Beans', 'freeze-dried-flat-beans'),
      item('Spring Onion', 'freeze-dried-spring-onion'),
      item('Carrot', 'freeze-dried-carrot'),
      item('Bell Pepper', 'freeze-dried-bell-pepper'),
      item('Bitter Gourd', 'freeze-dried-bitter-gourd'),
      item('White Button Mushroom', 'freeze-dried-white-button-mushroom'),
      item('Brinjal', 'freeze-dried-brinjal'),
      item('Cabbage', 'freeze-dried-cabbage'),
      item('Zucchini', 'freeze-dried-zucchini'),
      item('Drumstick', 'freeze-dried-drumstick'),
    ],
  },
  {
    id: 'dehydrated-herbs',
    title: 'Dehydrated Herbs',
    line: 'Leaves, roots and chillies dried slowly in the shade to keep their colour and aroma.',
    image: dehydratedHerbsImage,
    imageAlt: 'Illustration of basil, amla, coriander, mint, chillies and other herbs',
    category: 'dehydrated-vegetable',
    items: [
      item('Basil', 'dehydrated-basil'),
      item('Amla', 'dehydrated-amla'),
      item('Sapota', 'dehydrated-sapota'),
      item('Celery', 'dehydrated-celery'),
      item('Chives', 'dehydrated-chives'),
      item('Coriander', 'dehydrated-coriander'),
      item('Mint', 'dehydrated-mint'),
      item('Oregano', 'dehydrated-oregano'),
      item('Wheat Grass', 'dehydrated-wheat-grass'),
      item('Parsley', 'dehydrated-parsley'),
      item('Peppercorn', 'dehydrated-peppercorn'),
      item('Ginger', 'dehydrated-ginger'),
      // The spec's "Spanish": Spanish thyme, the karpooravalli of Tamil gardens.
      item('Spanish', 'dehydrated-spanish-thyme'),
      item('Green Chilli', 'dehydrated-green-chilli'),
      item('Red Chilli', 'dehydrated-red-chilli'),
      item('Lemongrass', 'dehydrated-lemongrass'),
      item('Methi Leaves', 'dehydrated-methi-leaves'),
    ],
  },
  {
    id: 'ready-to-eat',
    title: 'Ready to Eat',
    line: 'South Indian rice dishes, curries, chutneys, millet dishes and soups, freeze-dried: add hot water and eat.',
    image: readyToEatImage,
    imageAlt: 'Illustration of six bowls of South Indian dishes on banana leaves',
    category: 'ready-to-eat',
    items: [
      item('Bisi Bele Bath', 'bisi-bele-bath'),
      item('Puliyogare', 'puliyogare'),
      item('Lemon Rice', 'lemon-rice'),
      item('Tomato Rice', 'tomato-rice'),
      item('Coconut Rice', 'coconut-rice'),
      item('Vangi Bath', 'vangi-bath'),
      item('Vathal Kuzhambu', 'vathal-kuzhambu'),
      item('Mor Kuzhambu', 'mor-kuzhambu'),
      item('Arachuvitta Sambar', 'arachuvitta-sambar'),
      item('Mixed Vegetable Kootu', 'mixed-vegetable-kootu'),
      item('Avial', 'avial'),
      item('Vegetable Kurma', 'vegetable-kurma'),
      item('Coconut Chutney', 'coconut-chutney'),
      item('Peanut Chutney', 'peanut-chutney'),
      item('Tomato Chutney', 'tomato-chutney'),
      item('Pudina Chutney', 'pudina-chutney'),
      item('Kambu Koozh', 'kambu-koozh'),
      item('Thinai Pongal', 'thinai-pongal'),
      item('Samai Upma', 'samai-upma'),
      item('Ragi Kali', 'ragi-kali'),
      item('Pepper Rasam', 'pepper-rasam'),
      item('Moringa Soup', 'moringa-soup'),
      item('Mudakathan Soup', 'mudakathan-soup'),
    ],
  },
]
