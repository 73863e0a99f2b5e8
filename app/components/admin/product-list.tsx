import { Form, Link } from 'react-router'
import { focusRing, primaryButton, secondaryButton } from '~/components/catalogue/styles'
import { SelectField, TextField } from '~/components/forms/fields'
import { useMediaBase } from '~/components/layout/use-shop-settings'
import type { AdminProduct } from '~/features/admin/products.server'
import { CATEGORIES, CATEGORY_LABELS } from '~/features/catalogue/categories'
import { isSized, ownTextLang, packOffers, singleOffer, stockCount } from '~/features/catalogue/product'
import { mediaUrl } from '~/features/media/media-url'
import { formatRupees } from '~/features/money/money'
import { m } from '~/i18n/paraglide/messages.js'
import { currentLanguage } from '~/i18n/language'

// The product manager's list (/Delete): its search form and its table of products with their actions.

/** Search by name and category (a GET form, so the list's address keeps them). */
export function ProductSearch({ q, category }: { q: string; category: string }) {
  return (
    <Form method="get" action="/Delete" className="mt-6 flex flex-wrap items-end gap-3">
      <TextField
        id="search-q"
        name="q"
        label={m.admin_search_by_name()}
        type="search"
        defaultValue={q}
        maxLength={100}
        inputClassName="mt-1.5 block w-64 rounded-lg border border-stone-300 bg-white px-3 py-2.5"
      />
      <SelectField
        id="search-category"
        name="category"
        label={m.admin_col_category()}
        defaultValue={category}
        inputClassName="mt-1.5 block rounded-lg border border-stone-300 bg-white px-3 py-2.5"
      >
        <option value="">{m.admin_all_categories()}</option>
        {CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {CATEGORY_LABELS[c]}
          </option>
        ))}
      </SelectField>
      <button type="submit" className={secondaryButton}>
        {m.admin_search()}
      </button>
      <Link to="/Admin" className={primaryButton}>
        {m.admin_tile_add_product()}
      </Link>
    </Form>
  )
}

/** How a button's label names a product: in Tamil on a Tamil page when the owner wrote it, else in English. */
function nameShown(product: AdminProduct) {
  return currentLanguage() === 'ta' && product.nameTa ? product.nameTa : product.name
}

function prices(product: AdminProduct) {
  if (!isSized(product)) return formatRupees(singleOffer(product)?.pricePaise ?? 0)
  return packOffers(product)
    .map((o) => `${o.size} ${formatRupees(o.pricePaise)}`)
    .join(' · ')
}

function stock(product: AdminProduct) {
  if (!isSized(product)) return String(stockCount(product))
  return packOffers(product)
    .map((o) => `${o.size}: ${o.stock}`)
    .join(' · ')
}

/** The products of this page, each with Edit, Stock and Delete; `hrefWith` opens a dialog on this page of the list. */
export function ProductTable({ products, hrefWith }: { products: AdminProduct[]; hrefWith: (name: string, value: string) => string }) {
  const mediaBase = useMediaBase()
  return (
    <div className="relative mt-3 overflow-x-auto">
      <table className="w-full min-w-[48rem] border-collapse text-left">
        <caption className="sr-only">{m.admin_products_caption()}</caption>
        <thead>
          <tr className="border-b border-stone-300 text-sm text-earth-700">
            <th scope="col" className="p-2">
              {m.admin_col_picture()}
            </th>
            <th scope="col" className="p-2">
              {m.admin_col_name()}
            </th>
            <th scope="col" className="p-2">
              {m.admin_col_category()}
            </th>
            <th scope="col" className="p-2">
              {m.admin_col_price()}
            </th>
            <th scope="col" className="p-2">
              {m.admin_col_stock()}
            </th>
            <th scope="col" className="p-2">
              <span className="sr-only">{m.admin_col_actions()}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product.id} className="border-b border-stone-200 align-middle">
              <td className="p-2">
                {product.frontImage ? (
                  <img
                    src={mediaUrl(mediaBase, product.frontImage, 320)}
                    alt=""
                    width={56}
                    height={56}
                    className="size-14 rounded-md object-cover"
                  />
                ) : (
                  <span className="flex size-14 items-center justify-center rounded-md bg-stone-100 text-xs text-earth-600">
                    {m.admin_no_picture()}
                  </span>
                )}
              </td>
              <th scope="row" className="p-2 font-medium text-earth-900">
                <span lang={ownTextLang('en')}>{product.name}</span>
                {product.nameTa && (
                  <span lang="ta-IN" className="block text-sm font-normal text-earth-700">
                    {product.nameTa}
                  </span>
                )}
                {product.archivedAt && (
                  <span className="ml-2 rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">
                    {m.admin_archived()}
                  </span>
                )}
              </th>
              <td className="p-2">{CATEGORY_LABELS[product.category]}</td>
              <td className="p-2">{prices(product)}</td>
              <td className="p-2">{stock(product)}</td>
              <td className="p-2">
                <div className="flex gap-2">
                  <Link
                    to={hrefWith('edit', product.id)}
                    preventScrollReset
                    aria-label={m.admin_edit_named({ name: nameShown(product) })}
                    className={`rounded-md border border-leaf-700 px-3 py-1.5 font-semibold text-leaf-800 hover:bg-leaf-50 ${focusRing}`}
                  >
                    {m.admin_edit()}
                  </Link>
                  <Link
                    to={`/dash/products/${encodeURIComponent(product.id)}/stock`}
                    aria-label={m.admin_stock_named({ name: nameShown(product) })}
                    className={`rounded-md border border-stone-400 px-3 py-1.5 font-semibold text-earth-800 hover:bg-stone-50 ${focusRing}`}
                  >
                    {m.admin_stock()}
                  </Link>
                  <Link
                    to={hrefWith('delete', product.id)}
                    preventScrollReset
                    aria-label={m.admin_delete_named({ name: nameShown(product) })}
                    className={`rounded-md border border-red-700 px-3 py-1.5 font-semibold text-red-800 hover:bg-red-50 ${focusRing}`}
                  >
                    {m.admin_delete()}
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {products.length === 0 && <p className="mt-4 text-earth-700">{m.admin_no_products_match()}</p>}
    </div>
  )
}
