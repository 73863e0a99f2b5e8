import type { ReactNode } from 'react'
import { DietMark } from '~/components/catalogue/diet-mark'
import { describeUnitSalePrice } from '~/components/catalogue/offer-price'
import { useShopSettings } from '~/components/layout/use-shop-settings'
import { describeNet, describeShelfLife, mrpOf, netOf, unitSalePrice } from '~/features/catalogue/declarations'
import { NO_DECLARATIONS, type Offer, type Product } from '~/features/catalogue/product'
import { formatRupees } from '~/features/money/money'
import { telHref } from '~/features/settings/shop-settings'

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
  return usp ? describeUnitSalePrice(usp) : 'the price of the pack'
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
        Product information
      </h2>
      {!single && product.offers.length > 0 && (
        <div className="mb-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Each pack&rsquo;s quantity and prices</caption>
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-2 pr-3">
                  Net quantity
                </th>
                <th scope="col" className="py-2 pr-3">
                  MRP (incl. of all taxes)
                </th>
                <th scope="col" className="py-2 pr-3">
                  Our price
                </th>
                <th scope="col" className="py-2">
                  Unit sale price
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
        {single && net && <Row term="Net quantity">{describeNet(net)}</Row>}
        {single && <Row term="MRP">{`${formatRupees(mrpOf(single))} (incl. of all taxes)`}</Row>}
        {single && net && <Row term="Unit sale price">{uspText(single)}</Row>}
        {d.ingredients && <Row term="Ingredients">{d.ingredients}</Row>}
        {d.allergens && <Row term="Allergens">{d.allergens}</Row>}
        <Row term="Food mark">
          <DietMark mark={d.dietMark} withLabel />
        </Row>
        {shelfLife && <Row term="Best before">{shelfLife}</Row>}
        {d.storage && <Row term="Storage">{d.storage}</Row>}
        {d.manufacturer && <Row term="Manufactured or packed by">{d.manufacturer}</Row>}
        <Row term="Country of origin">{d.countryOfOrigin}</Row>
        <Row term="Customer care">
          <a href={telHref(settings.phone)} className="underline">
            {settings.phone}
          </a>
          {', '}
          <a href={`mailto:${settings.email}`} className="underline">
            {settings.email}
          </a>
        </Row>
        {settings.fssaiLicence && <Row term="FSSAI licence no.">{settings.fssaiLicence}</Row>}
      </dl>
    </section>
  )
}
