import type { ShippingBox } from './box-settings'
import type { Parcel } from './provider'

/**
 * Which of the owner's boxes a parcel goes in, and the weight a courier bills for it. Couriers bill the greater of
 * the parcel's weight and its volumetric weight: length × breadth × height in cm, each side rounded up to a whole
 * centimetre, divided by 5,000 gives kilograms. 5,000 is Shiprocket's default divisor (a few of its couriers use
 * another: Aramex 6,000, FedEx Surface 4,500), from Shiprocket's help article "How to calculate the volumetric
 * weight of my shipment?" (support.shiprocket.in/support/solutions/articles/43000664204).
 */
export const VOLUMETRIC_DIVISOR = 5000

/** The weight (g) a box of this outside size counts as, whatever it holds: L × B × H / 5,000 kg, rounded up to the gram. */
export function volumetricWeightGrams(size: Pick<Parcel, 'lengthCm' | 'breadthCm' | 'heightCm'>): number {
  const cm3 = Math.ceil(size.lengthCm) * Math.ceil(size.breadthCm) * Math.ceil(size.heightCm)
  return Math.ceil((cm3 * 1000) / VOLUMETRIC_DIVISOR)
}

/** What a courier bills the parcel as (g): its weight, or its volumetric weight when the box is light for its size. */
export function billedWeightGrams(parcel: Parcel): number {
  return Math.max(Math.ceil(parcel.weightGrams), volumetricWeightGrams(parcel))
}

const volume = (box: ShippingBox) => box.lengthCm * box.breadthCm * box.heightCm

export type BoxProposal = {
  box: ShippingBox
  /** False when no box takes the weight: the largest is proposed, and the owner should split the parcel or pick another box. */
  fits: boolean
  /** The parcel as it would be booked in that box. */
  parcel: Parcel
  billedWeightGrams: number
}

/**
 * The smallest of the owner's boxes that takes `weightGrams` (by size, then by the weight it takes, then the owner's
 * order); when none does, the one that takes the most weight, flagged. Null when the owner keeps no boxes.
 */
export function proposeBox(weightGrams: number, boxes: readonly ShippingBox[]): BoxProposal | null {
  if (boxes.length === 0) return null
  const smallestFirst = [...boxes].sort((a, b) => volume(a) - volume(b) || a.maxWeightGrams - b.maxWeightGrams)
  const fitting = smallestFirst.find((box) => box.maxWeightGrams >= weightGrams)
  const box = fitting ?? smallestFirst.reduce((best, box) => (box.maxWeightGrams > best.maxWeightGrams ? box : best))
  const parcel: Parcel = { weightGrams, lengthCm: box.lengthCm, breadthCm: box.breadthCm, heightCm: box.heightCm }
  return { box, fits: fitting !== undefined, parcel, billedWeightGrams: billedWeightGrams(parcel) }
}
