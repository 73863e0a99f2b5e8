import type { ReactNode } from 'react'
import { DietMark } from '~/components/catalogue/diet-mark'
import { describeUnitSalePrice } from '~/components/catalogue/offer-price'
import { useShopSettings } from '~/components/layout/use-shop-settings'
import { describeNet, describeShelfLife, mrpOf, netOf, unitSalePrice } from '~/features/catalogue/declarations'
import { NO_DECLARATIONS, type Offer, type Product } from '~/features/catalogue/product'
import { formatRupees } from '~/features/money/money'
import { telHref } from '~/features/settings/shop-settings'
import { m } from '~/i18n/paraglide/messages.js'

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-stone-200 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="font-semibold text-earth-900">{term}</dt>
      <dd className="whitespace-pre-line text-stone-800">{children}</dd>
    </div>
  )
}

function uspText(offer: Offer) {
  const usp = unitSalePrice(offer.pricePaise, netOf(offer))
  return usp ? describeUnitSalePrice(usp) : m.catalogue_price_of_pack()
}

/**
 * What the pack's label declares, on the product page (decision 039): the Legal Metrology (Packaged Commodities)
 * Rules' items for e-commerce (rule 6(10)), FSSAI's, and the shop's customer care and licence from its settings.
 * A sized product lists each pack's quantity, MRP, price and unit sale price in a table.
 */
export function ProductDeclarations({ product }: { product: Product }) {
  const settings = useShopSettings()
  const d = product.declarations ?? NO_DECLARATIONS
  const single = product.offers.length === 1 && product.offers[0]!.size === 'one' ? product.offers[0]! : null
  const net = single ? netOf(single) : null
  const shelfLife = describeShelfLife(d.shelfLifeMonths)
  return (
    <section aria-labelledby="declarations-heading" className="border-t border-stone-200 pt-4">
      <h2 id="declarations-heading" className="mb-2 text-lg font-semibold">
        {m.catalogue_product_information()}
      </h2>
      {!single && product.offers.length > 0 && (
        <div className="mb-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{m.catalogue_packs_caption()}</caption>
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-2 pr-3">
                  {m.catalogue_net_quantity()}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {m.catalogue_mrp_incl_taxes_heading()}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {m.catalogue_our_price()}
                </th>
                <th scope="col" className="py-2">
                  {m.catalogue_unit_sale_price()}
                </th>
              </tr>
            </thead>
            <tbody>
              {product.offers.map((offer) => {
                const packNet = netOf(offer)
                return (
                  <tr key={offer.size} className="border-b border-stone-200 tabular-nums">
                    <th scope="row" className="py-2 pr-3 font-semibold">
                      {packNet ? describeNet(packNet) : offer.size}
                    </th>
                    <td className="py-2 pr-3">{formatRupees(mrpOf(offer))}</td>
                    <td className="py-2 pr-3">{formatRupees(offer.pricePaise)}</td>
                    <td className="py-2">{uspText(offer)}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      <dl className="text-sm">
        {single && net && <Row term={m.catalogue_net_quantity()}>{describeNet(net)}</Row>}
        {single && <Row term={m.catalogue_mrp()}>{m.catalogue_amount_incl_taxes({ amount: formatRupees(mrpOf(single)) })}</Row>}
        {single && net && <Row term={m.catalogue_unit_sale_price()}>{uspText(single)}</Row>}
        {d.ingredients && <Row term={m.catalogue_ingredients()}>{d.ingredients}</Row>}
        {d.allergens && <Row term={m.catalogue_allergens()}>{d.allergens}</Row>}
        <Row term={m.catalogue_food_mark()}>
          <DietMark mark={d.dietMark} withLabel />
        </Row>
        {shelfLife && <Row term={m.catalogue_best_before()}>{shelfLife}</Row>}
        {d.storage && <Row term={m.catalogue_storage()}>{d.storage}</Row>}
        {d.manufacturer && <Row term={m.catalogue_manufacturer()}>{d.manufacturer}</Row>}
        <Row term={m.catalogue_country_of_origin()}>{d.countryOfOrigin}</Row>
        <Row term={m.catalogue_customer_care()}>
          <a href={telHref(settings.phone)} className="underline">
            {settings.phone}
          </a>
          {', '}
          <a href={`mailto:${settings.email}`} className="underline">
            {settings.email}
          </a>
        </Row>
        {settings.fssaiLicence && <Row term={m.catalogue_fssai_licence()}>{settings.fssaiLicence}</Row>}
      </dl>
    </section>
  )
}
