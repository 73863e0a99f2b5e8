import { withWordsWhenRead } from '~/i18n/worded'
import dehydratedHerbsImage from '~/assets/showcase/dehydrated-herbs.webp'
import freezeDriedFruitsImage from '~/assets/showcase/freeze-dried-fruits.webp'
import freezeDriedVegetablesImage from '~/assets/showcase/freeze-dried-vegetables.webp'
import readyToEatImage from '~/assets/showcase/ready-to-eat.webp'
import type { Category } from './categories'
import { m } from '~/i18n/paraglide/messages.js'

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

/** An item whose label is worded when read (`label` is a getter), in the language of the page being rendered. */
const item = (label: () => string, slug: string): ShowcaseItem => withWordsWhenRead({ slug }, { label })

/** A section whose title, line and picture's description are worded when read (getters), never at module load. */
function showcase(
  fixed: Omit<HomeShowcase, 'title' | 'line' | 'imageAlt'>,
  words: { title: () => string; line: () => string; imageAlt: () => string },
): HomeShowcase {
  return withWordsWhenRead(fixed, words)
}

/** The home page's four showcase sections (spec section 1), items in the spec's order. */
export const HOME_SHOWCASES: HomeShowcase[] = [
  showcase(
    {
      id: 'freeze-dried-fruits',
      image: freezeDriedFruitsImage,
      category: 'freeze-dried-fruit',
      items: [
        item(m.catalogue_showcase_item_freeze_dried_banana, 'freeze-dried-banana'),
        item(m.catalogue_showcase_item_freeze_dried_mango, 'freeze-dried-mango'),
        item(m.catalogue_showcase_item_freeze_dried_sapota, 'freeze-dried-sapota'),
        item(m.catalogue_showcase_item_freeze_dried_apple, 'freeze-dried-apple'),
        item(m.catalogue_showcase_item_freeze_dried_pomegranate, 'freeze-dried-pomegranate'),
        item(m.catalogue_showcase_item_freeze_dried_kiwi, 'freeze-dried-kiwi'),
        item(m.catalogue_showcase_item_freeze_dried_strawberry, 'freeze-dried-strawberry'),
        item(m.catalogue_showcase_item_freeze_dried_orange, 'freeze-dried-orange'),
        item(m.catalogue_showcase_item_freeze_dried_papaya, 'freeze-dried-papaya'),
        item(m.catalogue_showcase_item_freeze_dried_jackfruit, 'freeze-dried-jackfruit'),
        item(m.catalogue_showcase_item_freeze_dried_olives, 'freeze-dried-olives'),
        item(m.catalogue_showcase_item_freeze_dried_custard_apple, 'freeze-dried-custard-apple'),
      ],
    },
    {
      title: m.catalogue_showcase_freeze_dried_fruits_title,
      line: m.catalogue_showcase_freeze_dried_fruits_line,
      imageAlt: m.catalogue_showcase_freeze_dried_fruits_image_alt,
    },
  ),
  showcase(
    {
      id: 'freeze-dried-vegetables',
      image: freezeDriedVegetablesImage,
      category: 'freeze-dried-vegetable',
      items: [
        item(m.catalogue_showcase_item_freeze_dried_okra, 'freeze-dried-okra'),
        item(m.catalogue_showcase_item_freeze_dried_green_peas, 'freeze-dried-green-peas'),
        item(m.catalogue_showcase_item_freeze_dried_sweet_corn, 'freeze-dried-sweet-corn'),
        item(m.catalogue_showcase_item_freeze_dried_onion, 'freeze-dried-onion'),
        item(m.catalogue_showcase_item_freeze_dried_garlic, 'freeze-dried-garlic'),
        item(m.catalogue_showcase_item_freeze_dried_tomato, 'freeze-dried-tomato'),
        item(m.catalogue_showcase_item_freeze_dried_french_beans, 'freeze-dried-french-beans'),
        item(m.catalogue_showcase_item_freeze_dried_flat_beans, 'freeze-dried-flat-beans'),
        item(m.catalogue_showcase_item_freeze_dried_spring_onion, 'freeze-dried-spring-onion'),
        item(m.catalogue_showcase_item_freeze_dried_carrot, 'freeze-dried-carrot'),
        item(m.catalogue_showcase_item_freeze_dried_bell_pepper, 'freeze-dried-bell-pepper'),
        item(m.catalogue_showcase_item_freeze_dried_bitter_gourd, 'freeze-dried-bitter-gourd'),
        item(m.catalogue_showcase_item_freeze_dried_white_button_mushroom, 'freeze-dried-white-button-mushroom'),
        item(m.catalogue_showcase_item_freeze_dried_brinjal, 'freeze-dried-brinjal'),
        item(m.catalogue_showcase_item_freeze_dried_cabbage, 'freeze-dried-cabbage'),
        item(m.catalogue_showcase_item_freeze_dried_zucchini, 'freeze-dried-zucchini'),
        item(m.catalogue_showcase_item_freeze_dried_drumstick, 'freeze-dried-drumstick'),
      ],
    },
    {
      title: m.catalogue_showcase_freeze_dried_vegetables_title,
      line: m.catalogue_showcase_freeze_dried_vegetables_line,
      imageAlt: m.catalogue_showcase_freeze_dried_vegetables_image_alt,
    },
  ),
  showcase(
    {
      id: 'dehydrated-herbs',
      image: dehydratedHerbsImage,
      category: 'dehydrated-vegetable',
      items: [
        item(m.catalogue_showcase_item_dehydrated_basil, 'dehydrated-basil'),
        item(m.catalogue_showcase_item_dehydrated_amla, 'dehydrated-amla'),
        item(m.catalogue_showcase_item_dehydrated_sapota, 'dehydrated-sapota'),
        item(m.catalogue_showcase_item_dehydrated_celery, 'dehydrated-celery'),
        item(m.catalogue_showcase_item_dehydrated_chives, 'dehydrated-chives'),
        item(m.catalogue_showcase_item_dehydrated_coriander, 'dehydrated-coriander'),
        item(m.catalogue_showcase_item_dehydrated_mint, 'dehydrated-mint'),
        item(m.catalogue_showcase_item_dehydrated_oregano, 'dehydrated-oregano'),
        item(m.catalogue_showcase_item_dehydrated_wheat_grass, 'dehydrated-wheat-grass'),
        item(m.catalogue_showcase_item_dehydrated_parsley, 'dehydrated-parsley'),
        item(m.catalogue_showcase_item_dehydrated_peppercorn, 'dehydrated-peppercorn'),
        item(m.catalogue_showcase_item_dehydrated_ginger, 'dehydrated-ginger'),
        // The spec's "Spanish": Spanish thyme, the karpooravalli of Tamil gardens.
        item(m.catalogue_showcase_item_dehydrated_spanish_thyme, 'dehydrated-spanish-thyme'),
        item(m.catalogue_showcase_item_dehydrated_green_chilli, 'dehydrated-green-chilli'),
        item(m.catalogue_showcase_item_dehydrated_red_chilli, 'dehydrated-red-chilli'),
        item(m.catalogue_showcase_item_dehydrated_lemongrass, 'dehydrated-lemongrass'),
        item(m.catalogue_showcase_item_dehydrated_methi_leaves, 'dehydrated-methi-leaves'),
      ],
    },
    {
      title: m.catalogue_showcase_dehydrated_herbs_title,
      line: m.catalogue_showcase_dehydrated_herbs_line,
      imageAlt: m.catalogue_showcase_dehydrated_herbs_image_alt,
    },
  ),
  showcase(
    {
      id: 'ready-to-eat',
      image: readyToEatImage,
      category: 'ready-to-eat',
      items: [
        item(m.catalogue_showcase_item_bisi_bele_bath, 'bisi-bele-bath'),
        item(m.catalogue_showcase_item_puliyogare, 'puliyogare'),
        item(m.catalogue_showcase_item_lemon_rice, 'lemon-rice'),
        item(m.catalogue_showcase_item_tomato_rice, 'tomato-rice'),
        item(m.catalogue_showcase_item_coconut_rice, 'coconut-rice'),
        item(m.catalogue_showcase_item_vangi_bath, 'vangi-bath'),
        item(m.catalogue_showcase_item_vathal_kuzhambu, 'vathal-kuzhambu'),
        item(m.catalogue_showcase_item_mor_kuzhambu, 'mor-kuzhambu'),
        item(m.catalogue_showcase_item_arachuvitta_sambar, 'arachuvitta-sambar'),
        item(m.catalogue_showcase_item_mixed_vegetable_kootu, 'mixed-vegetable-kootu'),
        item(m.catalogue_showcase_item_avial, 'avial'),
        item(m.catalogue_showcase_item_vegetable_kurma, 'vegetable-kurma'),
        item(m.catalogue_showcase_item_coconut_chutney, 'coconut-chutney'),
        item(m.catalogue_showcase_item_peanut_chutney, 'peanut-chutney'),
        item(m.catalogue_showcase_item_tomato_chutney, 'tomato-chutney'),
        item(m.catalogue_showcase_item_pudina_chutney, 'pudina-chutney'),
        item(m.catalogue_showcase_item_kambu_koozh, 'kambu-koozh'),
        item(m.catalogue_showcase_item_thinai_pongal, 'thinai-pongal'),
        item(m.catalogue_showcase_item_samai_upma, 'samai-upma'),
        item(m.catalogue_showcase_item_ragi_kali, 'ragi-kali'),
        item(m.catalogue_showcase_item_pepper_rasam, 'pepper-rasam'),
        item(m.catalogue_showcase_item_moringa_soup, 'moringa-soup'),
        item(m.catalogue_showcase_item_mudakathan_soup, 'mudakathan-soup'),
      ],
    },
    {
      title: m.catalogue_showcase_ready_to_eat_title,
      line: m.catalogue_showcase_ready_to_eat_line,
      imageAlt: m.catalogue_showcase_ready_to_eat_image_alt,
    },
  ),
]
