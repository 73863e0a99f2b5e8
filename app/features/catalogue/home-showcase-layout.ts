import dehydratedHerbsImage from '~/assets/showcase/dehydrated-herbs.webp'
import freezeDriedFruitsImage from '~/assets/showcase/freeze-dried-fruits.webp'
import freezeDriedVegetablesImage from '~/assets/showcase/freeze-dried-vegetables.webp'
import readyToEatImage from '~/assets/showcase/ready-to-eat.webp'
import type { Category } from './category-list'

/**
 * The home page's four showcases as the page's script holds them: which picture and which demo products, in the
 * spec's order. Their words (titles, lines, the pictures' descriptions, the items' names) are in home-showcases.ts and
 * reach the page from its loader, so the script carries none of them in either language (decision 074). The two
 * lists are the same showcases (demo-catalogue.test.ts).
 */
export type ShowcaseLayout = { id: string; image: string; category: Category; slugs: readonly string[] }

export const SHOWCASE_LAYOUT: readonly ShowcaseLayout[] = [
  {
    id: 'freeze-dried-fruits',
    image: freezeDriedFruitsImage,
    category: 'freeze-dried-fruit',
    slugs: [
      'freeze-dried-banana',
      'freeze-dried-mango',
      'freeze-dried-sapota',
      'freeze-dried-apple',
      'freeze-dried-pomegranate',
      'freeze-dried-kiwi',
      'freeze-dried-strawberry',
      'freeze-dried-orange',
      'freeze-dried-papaya',
      'freeze-dried-jackfruit',
      'freeze-dried-olives',
      'freeze-dried-custard-apple',
    ],
  },
  {
    id: 'freeze-dried-vegetables',
    image: freezeDriedVegetablesImage,
    category: 'freeze-dried-vegetable',
    slugs: [
      'freeze-dried-okra',
      'freeze-dried-green-peas',
      'freeze-dried-sweet-corn',
      'freeze-dried-onion',
      'freeze-dried-garlic',
      'freeze-dried-tomato',
      'freeze-dried-french-beans',
      'freeze-dried-flat-beans',
      'freeze-dried-spring-onion',
      'freeze-dried-carrot',
      'freeze-dried-bell-pepper',
      'freeze-dried-bitter-gourd',
      'freeze-dried-white-button-mushroom',
      'freeze-dried-brinjal',
      'freeze-dried-cabbage',
      'freeze-dried-zucchini',
      'freeze-dried-drumstick',
    ],
  },
  {
    id: 'dehydrated-herbs',
    image: dehydratedHerbsImage,
    category: 'dehydrated-vegetable',
    slugs: [
      'dehydrated-basil',
      'dehydrated-amla',
      'dehydrated-sapota',
      'dehydrated-celery',
      'dehydrated-chives',
      'dehydrated-coriander',
      'dehydrated-mint',
      'dehydrated-oregano',
      'dehydrated-wheat-grass',
      'dehydrated-parsley',
      'dehydrated-peppercorn',
      'dehydrated-ginger',
      'dehydrated-spanish-thyme',
      'dehydrated-green-chilli',
      'dehydrated-red-chilli',
      'dehydrated-lemongrass',
      'dehydrated-methi-leaves',
    ],
  },
  {
    id: 'ready-to-eat',
    image: readyToEatImage,
    category: 'ready-to-eat',
    slugs: [
      'bisi-bele-bath',
      'puliyogare',
      'lemon-rice',
      'tomato-rice',
      'coconut-rice',
      'vangi-bath',
      'vathal-kuzhambu',
      'mor-kuzhambu',
      'arachuvitta-sambar',
      'mixed-vegetable-kootu',
      'avial',
      'vegetable-kurma',
      'coconut-chutney',
      'peanut-chutney',
      'tomato-chutney',
      'pudina-chutney',
      'kambu-koozh',
      'thinai-pongal',
      'samai-upma',
      'ragi-kali',
      'pepper-rasam',
      'moringa-soup',
      'mudakathan-soup',
    ],
  },
]
