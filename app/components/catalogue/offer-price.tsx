import { type UnitSalePrice, mrpOf, netOf, pricePer100, savingOf, unitSalePrice } from '~/features/catalogue/declarations'
import type { Offer } from '~/features/catalogue/product'
import { formatRupees, formatRupeesAndPaise } from '~/features/money/money'
import { m } from '~/i18n/paraglide/messages.js'

/** The unit a unit sale price is per, as its sentence says it ("per litre"). */
const PER_LABEL: Record<UnitSalePrice['per'], () => string> = {
  g: m.catalogue_per_g,
  kg: m.catalogue_per_kg,
  ml: m.catalogue_per_ml,
  l: m.catalogue_per_l,
  unit: m.catalogue_per_unit,
}

/** "₹1.68 per g": rule 6(11)'s rupees to two decimals. */
export function describeUnitSalePrice(usp: UnitSalePrice) {
  return m.catalogue_price_per({ price: formatRupeesAndPaise(usp.paise), unit: PER_LABEL[usp.per]() })
}

/**
 * Beside a pack's price, as the law asks a listing to show it (decision 039): the MRP struck through when the shop
 * sells for less and what that saves, or "MRP, incl. of all taxes" when the price is the MRP.
 */
export function MrpNote({ offer, compact = false }: { offer: Pick<Offer, 'pricePaise' | 'mrpPaise'>; compact?: boolean }) {
  const saving = savingOf(offer)
  if (!saving) return compact ? null : <span className="text-sm text-stone-700">{m.catalogue_mrp_incl_taxes()}</span>
  return (
    <>
      <span className="text-sm text-stone-700">
        <span className="sr-only">{m.catalogue_mrp()} </span>
        <s className="tabular-nums">{formatRupees(mrpOf(offer))}</s>
        {!compact && <span> {m.catalogue_mrp_incl_taxes()}</span>}
      </span>
      <span className="text-sm font-semibold text-leaf-800">
        {compact
          ? m.catalogue_percent_off({ percent: saving.percent })
          : m.catalogue_you_save({ amount: formatRupees(saving.paise), percent: saving.percent })}
      </span>
    </>
  )
}

/** A pack's price with its MRP note. */
export function OfferPrice({
  offer,
  className = '',
  compact = false,
}: {
  offer: Pick<Offer, 'pricePaise' | 'mrpPaise'>
  className?: string
  compact?: boolean
}) {
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <span className={`font-semibold tabular-nums ${className}`}>{formatRupees(offer.pricePaise)}</span>
      <MrpNote offer={offer} compact={compact} />
    </span>
  )
}

/** "Unit sale price: ₹1.68 per g (₹168.00 per 100 g)", or nothing where the rule's proviso spares it. */
export function UnitSalePriceText({ offer }: { offer: Pick<Offer, 'size' | 'pricePaise' | 'net'> }) {
  const net = netOf(offer)
  const usp = unitSalePrice(offer.pricePaise, net)
  if (!usp) return null
  const per100 = usp.per === 'g' || usp.per === 'ml' ? pricePer100(offer.pricePaise, net) : null
  return (
    <p className="text-sm text-stone-700 tabular-nums">
      {per100 === null
        ? m.catalogue_unit_sale_price_line({ price: describeUnitSalePrice(usp) })
        : m.catalogue_unit_sale_price_line_per_100({
            price: describeUnitSalePrice(usp),
            per100: formatRupeesAndPaise(per100),
            unit: usp.per,
          })}
    </p>
  )
}
