import { wordedWhenRead } from '~/i18n/worded'
import type { PackSize } from './categories'
import type { DietMark, NetQuantity, Offer } from './product'
import { m } from '../../i18n/paraglide/messages.js'

/**
 * What a listing declares about a pack (decision 039): its MRP beside the price, its net quantity and its unit sale
 * price, worked out the way the Legal Metrology (Packaged Commodities) Rules, 2011, rule 6(11) (as substituted by
 * G.S.R. 226(E), 28 March 2022) asks for it.
 */

/** A sized pack's net quantity is its size. */
export const NET_OF_PACK: Record<PackSize, NetQuantity> = {
  '250g': { amount: 250, unit: 'g' },
  '500g': { amount: 500, unit: 'g' },
  '1kg': { amount: 1000, unit: 'g' },
}

export const NET_UNITS = ['g', 'ml', 'unit'] as const

/** The pack's net quantity: what the owner declared, or for a sized pack its size. */
export function netOf(offer: Pick<Offer, 'size' | 'net'>): NetQuantity | null {
  if (offer.net) return offer.net
  return offer.size === 'one' ? null : NET_OF_PACK[offer.size]
}

/** "250 g", "1 kg", "1.5 kg", "30 ml", "1 l", "60 units". */
export function describeNet(net: NetQuantity): string {
  if (net.unit === 'unit') return m.catalogue_net_units({ count: net.amount })
  if (net.amount >= 1000 && net.amount % 10 === 0) return `${trimZeros(net.amount / 1000)} ${net.unit === 'g' ? 'kg' : 'l'}`
  return `${net.amount} ${net.unit}`
}

function trimZeros(n: number) {
  return String(Number(n.toFixed(2)))
}

export type UnitSalePrice = { paise: number; per: 'g' | 'kg' | 'ml' | 'l' | 'unit' }

/**
 * Rule 6(11): the price in rupees to two decimals (so whole paise) per gram below a kilogram and per kilogram above
 * it, per millilitre or litre likewise, per unit for what is sold by number. Null where the rule's proviso spares it:
 * when the unit sale price equals the price (a 1 kg pack, one unit).
 */
export function unitSalePrice(pricePaise: number, net: NetQuantity | null): UnitSalePrice | null {
  if (!net || net.amount <= 0) return null
  let usp: UnitSalePrice
  if (net.unit === 'unit') usp = { paise: Math.round(pricePaise / net.amount), per: 'unit' }
  else if (net.amount < 1000) usp = { paise: Math.round(pricePaise / net.amount), per: net.unit }
  else usp = { paise: Math.round((pricePaise * 1000) / net.amount), per: net.unit === 'g' ? 'kg' : 'l' }
  return usp.paise === pricePaise ? null : usp
}

/** The price per 100 g or 100 ml, which shoppers compare by; null for what is sold by number. */
export function pricePer100(pricePaise: number, net: NetQuantity | null): number | null {
  if (!net || net.unit === 'unit' || net.amount <= 0) return null
  return Math.round((pricePaise * 100) / net.amount)
}

/** The MRP of a pack: recorded with it, else its price (a pack written before MRPs were kept). */
export function mrpOf(offer: Pick<Offer, 'pricePaise' | 'mrpPaise'>) {
  return Math.max(offer.mrpPaise ?? offer.pricePaise, offer.pricePaise)
}

/** What the customer saves against the MRP, in paise and whole per cent (rounded down, never overstated). */
export function savingOf(offer: Pick<Offer, 'pricePaise' | 'mrpPaise'>): { paise: number; percent: number } | null {
  const mrp = mrpOf(offer)
  if (mrp <= offer.pricePaise) return null
  const paise = mrp - offer.pricePaise
  return { paise, percent: Math.floor((paise * 100) / mrp) }
}

const DIET_MARK_WORDS: Record<DietMark, () => string> = {
  veg: m.catalogue_diet_veg,
  'non-veg': m.catalogue_diet_non_veg,
  none: m.catalogue_diet_none,
}

/** "Vegetarian", "Non-vegetarian" or "Not food: no vegetarian mark", in the language of the moment. */
export function dietMarkLabel(mark: DietMark): string {
  return DIET_MARK_WORDS[mark]()
}

/** The marks' names by value, each read when looked up (a getter per mark), so in the language of the moment. */
export const DIET_MARK_LABELS = wordedWhenRead(DIET_MARK_WORDS)

/** "12 months from the date of packing", or null when not declared. */
export function describeShelfLife(months: number | null): string | null {
  if (months === null) return null
  return m.catalogue_shelf_life({ count: months })
}
