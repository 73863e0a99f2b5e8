import type { NetQuantity } from '../catalogue/product'

/**
 * A pack's weight when the owner has not weighed it and its label declares no weight or volume (capsules by the
 * count, say): half a kilo, so a parcel is rather priced a slab high than weighed again by the courier and charged
 * the difference.
 */
export const DEFAULT_PACK_WEIGHT_GRAMS = 500

/** The most one pack may weigh (variants_shipped_weight allows 1 g to 50 kg). */
export const MAX_PACK_WEIGHT_GRAMS = 50_000

/** What a pack needs for this: the owner's weighed figure, else what its label declares. */
export type PackWeighing = { shippedWeightGrams: number | null; net: NetQuantity | null | undefined }

const roundUpTo10 = (grams: number) => Math.ceil(grams / 10) * 10

/**
 * What one pack weighs packed for the courier, in grams:
 * - the owner's weighed figure (variants.shipped_weight_grams) when set;
 * - else proposed from the label: solids (g) are the contents plus 10% and 50 g for the pouch and padding (a 250 g
 *   pack ships at 330 g, a kilo at 1.15 kg); liquids (ml) are taken at water's weight, an oil's is a little less,
 *   plus 40% and 80 g for the glass bottle and its wrapping (a 10 ml oil ships at 100 g, 250 ml at 430 g);
 *   rounded up to 10 g;
 * - else DEFAULT_PACK_WEIGHT_GRAMS.
 */
export function packWeightGrams(pack: PackWeighing): number {
  if (pack.shippedWeightGrams !== null && pack.shippedWeightGrams > 0) return pack.shippedWeightGrams
  const net = pack.net
  if (net?.unit === 'g') return Math.min(MAX_PACK_WEIGHT_GRAMS, roundUpTo10(net.amount * 1.1 + 50))
  if (net?.unit === 'ml') return Math.min(MAX_PACK_WEIGHT_GRAMS, roundUpTo10(net.amount * 1.4 + 80))
  return DEFAULT_PACK_WEIGHT_GRAMS
}

/** A cart's or an order's weight: each line's pack weight times its quantity. */
export function parcelWeightGrams(lines: ReadonlyArray<PackWeighing & { quantity: number }>): number {
  return lines.reduce((total, line) => total + packWeightGrams(line) * line.quantity, 0)
}
