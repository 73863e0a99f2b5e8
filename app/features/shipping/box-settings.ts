import { onServerOnly, settingsSlice } from '../settings/settings-slice'

/** One of the owner's shipping boxes: its outside size (what a courier measures) and the most weight it takes. */
export type ShippingBox = {
  name: string
  lengthCm: number
  breadthCm: number
  heightCm: number
  maxWeightGrams: number
}

/** The boxes the owner packs parcels in (issue 40); the shipping desk proposes one for each parcel (boxes.ts). */
export type BoxSettings = { shippingBoxes: ShippingBox[] }

/** The form's fixed rows: a shop keeps a few box sizes, and a blank row is a box it does not have. */
export const MAX_BOXES = 5

export const BOX_LIMITS = {
  name: 40,
  /** Whole centimetres: couriers round each side up to the next centimetre anyway. */
  maxSideCm: 200,
  /** As heavy as a pack's shipped weight may be (variants.shipped_weight_grams). */
  maxWeightGrams: 50_000,
} as const

/** A sensible start for a shop of pouches and jars: the owner measures their own and changes these. */
const DEFAULT_BOXES: BoxSettings = {
  shippingBoxes: [
    { name: 'Small pouch box', lengthCm: 20, breadthCm: 15, heightCm: 5, maxWeightGrams: 500 },
    { name: 'Medium box', lengthCm: 25, breadthCm: 20, heightCm: 10, maxWeightGrams: 2_000 },
    { name: 'Large box', lengthCm: 35, breadthCm: 25, heightCm: 20, maxWeightGrams: 10_000 },
  ],
}

export const BOX_PARTS = ['Name', 'Length', 'Breadth', 'Height', 'MaxWeight'] as const
export type BoxPart = (typeof BOX_PARTS)[number]
type BoxNumber = 1 | 2 | 3 | 4 | 5
export const BOX_NUMBERS: readonly BoxNumber[] = [1, 2, 3, 4, 5]
export type BoxField = `box${BoxNumber}${BoxPart}`

/** How the form and its messages call the box in row `n`: "Second box". */
export const boxLabel = (n: BoxNumber) => `${['First', 'Second', 'Third', 'Fourth', 'Fifth'][n - 1]} box`

/** The form field of one part of the box in row `n` (from 1): `box2Length`. */
export const boxField = (n: BoxNumber, part: BoxPart): BoxField => `box${n}${part}`

const BOX_FIELDS = BOX_NUMBERS.flatMap((n) => BOX_PARTS.map((part) => boxField(n, part)))

/** The boxes' section of /dash/settings: the shipping desk proposes the smallest that takes each parcel. */
export const boxSettings = settingsSlice({
  key: 'boxes',
  defaults: DEFAULT_BOXES,
  fields: BOX_FIELDS,
  form: async () => (import.meta.env.SSR ? (await import('./box-settings-form')).boxSettingsForm : onServerOnly()),
})
