import { onServerOnly, settingsSlice } from '../settings/settings-slice'
import { BOX_NUMBERS, BOX_PARTS, boxField } from './box-fields'

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

/** A sensible start for a shop of pouches and jars: the owner measures their own and changes these. */
const DEFAULT_BOXES: BoxSettings = {
  shippingBoxes: [
    { name: 'Small pouch box', lengthCm: 20, breadthCm: 15, heightCm: 5, maxWeightGrams: 500 },
    { name: 'Medium box', lengthCm: 25, breadthCm: 20, heightCm: 10, maxWeightGrams: 2_000 },
    { name: 'Large box', lengthCm: 35, breadthCm: 25, heightCm: 20, maxWeightGrams: 10_000 },
  ],
}

const BOX_FIELDS = BOX_NUMBERS.flatMap((n) => BOX_PARTS.map((part) => boxField(n, part)))

/** The boxes' section of /dash/settings: the shipping desk proposes the smallest that takes each parcel. */
export const boxSettings = settingsSlice({
  key: 'boxes',
  defaults: DEFAULT_BOXES,
  fields: BOX_FIELDS,
  form: async () => (import.meta.env.SSR ? (await import('./box-settings-form')).boxSettingsForm : onServerOnly()),
})
