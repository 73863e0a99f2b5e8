// The boxes form's rows and fields, apart from the settings slice (box-settings.ts) so that the form's module and the
// page's component take them without the slice, which loads the form: no import cycle.

import { m } from '~/i18n/paraglide/messages.js'

/** The form's fixed rows: a shop keeps a few box sizes, and a blank row is a box it does not have. */
export const MAX_BOXES = 5

export const BOX_LIMITS = {
  name: 40,
  /** Whole centimetres: couriers round each side up to the next centimetre anyway. */
  maxSideCm: 200,
  /** As heavy as a pack's shipped weight may be (variants.shipped_weight_grams). */
  maxWeightGrams: 50_000,
} as const

export const BOX_PARTS = ['Name', 'Length', 'Breadth', 'Height', 'MaxWeight'] as const
export type BoxPart = (typeof BOX_PARTS)[number]
type BoxNumber = 1 | 2 | 3 | 4 | 5
export const BOX_NUMBERS: readonly BoxNumber[] = [1, 2, 3, 4, 5]
export type BoxField = `box${BoxNumber}${BoxPart}`

/** How the form and its messages call the box in row `n`: "Second box". */
export const boxLabel = (n: BoxNumber) =>
  [m.shipping_box_1, m.shipping_box_2, m.shipping_box_3, m.shipping_box_4, m.shipping_box_5][n - 1]!()

/** The form field of one part of the box in row `n` (from 1): `box2Length`. */
export const boxField = (n: BoxNumber, part: BoxPart): BoxField => `box${n}${part}`
