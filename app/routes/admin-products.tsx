import { useEffect, useState } from 'react'
import { data, Form, Link, useLocation, useNavigate } from 'react-router'
import { adminSearchText, z } from '~/zod'
import { PageDialog } from '~/components/admin/product-dialog'
import { FormOutcome, ProductFields } from '~/components/admin/product-fields'
import { UploadProgress } from '~/components/admin/upload-progress'
import { useUpload } from '~/components/admin/use-upload'
import { Pager } from '~/components/catalogue/pager'
import { focusRing, primaryButton, secondaryButton } from '~/components/catalogue/styles'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { productFormValues } from '~/features/admin/product-form'
import { getProductForAdmin, listProductsForAdminPage } from '~/features/admin/products.server'
import { manageProductAction } from '~/features/admin/form-actions.server'
import { type ManagerResult, UPDATE_FAILED } from '~/features/admin/form-results'
import { CATEGORIES, CATEGORY_LABELS, parseCategory } from '~/features/catalogue/categories'
import { readPageParam } from '~/features/catalogue/catalogue.server'
import { ADMIN_PRODUCT_PAGE_SIZE, pageNoticeOf, pageNoticeText } from '~/features/catalogue/paging'
import { isSized, packOffers, PRODUCT_ID_PATTERN, singleOffer, stockCount } from '~/features/catalogue/product'
import { mediaUrl } from '~/features/media/media-url'
import { useMediaBase } from '~/components/layout/use-shop-settings'
import { formatRupees } from '~/features/money/money'
import { readQuery } from '~/http/query.server'
import type { Route } from './+types/admin-products'
import { FormTokenField } from '~/components/forms/form-token-field'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Product manager · ${shopSettingsOf(matches).shopName}` },
  { name: 'robots', content: 'noindex' },
]

/** The product an Edit or Delete dialog is open for; anything that is not a product id opens none. */
const dialogProductId = z.string().regex(PRODUCT_ID_PATTERN).optional().catch(undefined)

const listQuery = z.object({
  q: adminSearchText,
  category: z
    .string()
    .transform((v) => parseCategory(v))
    .catch(undefined),
  // Read by readPageParam: a page that is not 1, 2, 3 … shows the first, with a notice (decision 038).
  page: z.string().optional(),
  edit: dialogProductId,
  delete: dialogProductId,
})

/**
 * One page of the products (ADMIN_PRODUCT_PAGE_SIZE), filtered by `q` and `category`. A page that is not 1, 2, 3 …
 * or past the last answers 400 with the first or the last page and a notice, as /product does (decision 038).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context)
  const { q, category, page, edit, delete: deleteId } = readQuery(request, listQuery)
  const asked = readPageParam(page)
  const list = await listProductsForAdminPage(context.shop.db, { search: q, category }, { page: asked.page, pageSize: ADMIN_PRODUCT_PAGE_SIZE })
  // The dialog's product when it is not on this page (an address from elsewhere, a list changed since): by its id.
  const openId = edit ?? deleteId
  const opened = openId && !list.items.some((p) => p.id === openId) ? await getProductForAdmin(context.shop.db, openId) : null
  const pageNotice = pageNoticeOf(asked, list.page)
  const body = {
    q,
    category: category ?? '',
    products: list.items,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    pageNotice,
    opened,
  }
  return pageNotice ? data(body, { status: 400 }) : body
}

/** The Edit and Delete forms without JavaScript post here; with it, Save posts to /api/admin/products/:id. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context)
  const { status, result } = await manageProductAction(request, context.shop, undefined, admin.email)
  // A refused upload may leave its body unread on the socket: do not reuse the connection.
  return data(result, { status, headers: status === 413 ? { Connection: 'close' } : undefined })
}

type ListedProduct = Route.ComponentProps['loaderData']['products'][number]

function prices(product: ListedProduct) {
  if (!isSized(product)) return formatRupees(singleOffer(product)?.pricePaise ?? 0)
  return packOffers(product)
    .map((o) => `${o.size} ${formatRupees(o.pricePaise)}`)
    .join(' · ')
}

function stock(product: ListedProduct) {
  if (!isSized(product)) return String(stockCount(product))
  return packOffers(product)
    .map((o) => `${o.size}: ${o.stock}`)
    .join(' · ')
}

export default function ProductManager({ loaderData, actionData }: Route.ComponentProps) {
  const { products, q, category, total, page, pageCount, pageNotice, opened } = loaderData
  const location = useLocation()
  const navigate = useNavigate()
  const mediaBase = useMediaBase()
  const params = new URLSearchParams(location.search)
  // The list as filtered, at one of its pages (none for the first).
  const listParamsAt = (n: number) => {
    const next = new URLSearchParams()
    if (q) next.set('q', q)
    if (category) next.set('category', category)
    if (n > 1) next.set('page', String(n))
    return next
  }
  // This page of the list, without an open dialog: where Cancel, Save and Delete lead back to.
  const listParams = listParamsAt(page)
  const listSearch = listParams.size ? `?${listParams}` : ''
  const withParam = (name: string, value: string) => {
    const next = new URLSearchParams(listParams)
    next.set(name, value)
    return `?${next}`
  }

  const [local, setLocal] = useState<ManagerResult | undefined>()
  useEffect(() => setLocal(undefined), [actionData])
  const result = local ?? actionData
  const failedUpdate = result && !result.ok && result.intent === 'update' && result.id ? result : undefined

  const editId = params.get('edit') ?? failedUpdate?.id
  // A product on this page, or the one the loader read by id for the dialog.
  const listed = (id: string) => products.find((p) => p.id === id) ?? (opened?.id === id ? opened : undefined)
  const editing = editId ? listed(editId) : undefined
  const deleteId = params.get('delete')
  const deleting = deleteId ? listed(deleteId) : undefined
  const closeDialog = () => navigate(`/Delete${listSearch}`, { replace: true, preventScrollReset: true })

  const upload = useUpload<ManagerResult>((answer) => {
    if (!answer.ok) return setLocal({ ok: false, error: UPDATE_FAILED, reason: answer.error, intent: 'update', id: editId })
    if (answer.body.ok) {
      setLocal(answer.body)
      closeDialog()
    } else {
      setLocal({ intent: 'update', id: editId, ...answer.body })
    }
  })

  // Messages about the open dialog show inside it (the page behind a modal dialog is out of reach).
  const pageResult = failedUpdate && editing ? undefined : result

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <p className="text-sm">
        <Link to="/dash" className="font-medium text-leaf-800 underline underline-offset-2">
          Dashboard
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl font-semibold text-earth-900">Product manager</h1>
      <div className="mt-4 grid gap-3">
        <FormOutcome
          message={pageResult?.ok ? pageResult.message : undefined}
          error={pageResult && !pageResult.ok ? pageResult.error : undefined}
          reason={pageResult && !pageResult.ok ? pageResult.reason : undefined}
        />
      </div>

      <Form method="get" action="/Delete" className="mt-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="search-q" className="block text-sm font-medium text-earth-900">
            Search by name
          </label>
          <input
            id="search-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={100}
            className="mt-1.5 block w-64 rounded-lg border border-stone-300 bg-white px-3 py-2.5"
          />
        </div>
        <div>
          <label htmlFor="search-category" className="block text-sm font-medium text-earth-900">
            Category
          </label>
          <select
            id="search-category"
            name="category"
            defaultValue={category}
            className="mt-1.5 block rounded-lg border border-stone-300 bg-white px-3 py-2.5"
          >
            <option value="">All categories</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={secondaryButton}>
          Search
        </button>
        <Link to="/Admin" className={primaryButton}>
          Add Product
        </Link>
      </Form>

      {pageNotice && (
        <p role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {pageNoticeText(pageNotice)}
        </p>
      )}
      <p className="mt-4 text-earth-700" aria-live="polite">
        {total === 1 ? '1 product' : `${total} products`}
        {q || category ? ' found' : ''}
        {pageCount > 1 && products.length > 0 && `, showing ${(page - 1) * ADMIN_PRODUCT_PAGE_SIZE + 1}–${(page - 1) * ADMIN_PRODUCT_PAGE_SIZE + products.length}`}
      </p>

      <div className="relative mt-3 overflow-x-auto">
        <table className="w-full min-w-[48rem] border-collapse text-left">
          <caption className="sr-only">Products</caption>
          <thead>
            <tr className="border-b border-stone-300 text-sm text-earth-700">
              <th scope="col" className="p-2">
                Picture
              </th>
              <th scope="col" className="p-2">
                Name
              </th>
              <th scope="col" className="p-2">
                Category
              </th>
              <th scope="col" className="p-2">
                Price
              </th>
              <th scope="col" className="p-2">
                Stock
              </th>
              <th scope="col" className="p-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {products.map((product) => (
              <tr key={product.id} className="border-b border-stone-200 align-middle">
                <td className="p-2">
                  {product.frontImage ? (
                    <img src={mediaUrl(mediaBase, product.frontImage, 320)} alt="" width={56} height={56} className="size-14 rounded-md object-cover" />
                  ) : (
                    <span className="flex size-14 items-center justify-center rounded-md bg-stone-100 text-xs text-earth-600">No picture</span>
                  )}
                </td>
                <th scope="row" className="p-2 font-medium text-earth-900">
                  {product.name}
                  {product.archivedAt && (
                    <span className="ml-2 rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">Archived</span>
                  )}
                </th>
                <td className="p-2">{CATEGORY_LABELS[product.category]}</td>
                <td className="p-2">{prices(product)}</td>
                <td className="p-2">{stock(product)}</td>
                <td className="p-2">
                  <div className="flex gap-2">
                    <Link
                      to={withParam('edit', product.id)}
                      preventScrollReset
                      aria-label={`Edit ${product.name}`}
                      className={`rounded-md border border-leaf-700 px-3 py-1.5 font-semibold text-leaf-800 hover:bg-leaf-50 ${focusRing}`}
                    >
                      Edit
                    </Link>
                    <Link
                      to={`/dash/products/${encodeURIComponent(product.id)}/stock`}
                      aria-label={`Stock and its history for ${product.name}`}
                      className={`rounded-md border border-stone-400 px-3 py-1.5 font-semibold text-earth-800 hover:bg-stone-50 ${focusRing}`}
                    >
                      Stock
                    </Link>
                    <Link
                      to={withParam('delete', product.id)}
                      preventScrollReset
                      aria-label={`Delete ${product.name}`}
                      className={`rounded-md border border-red-700 px-3 py-1.5 font-semibold text-red-800 hover:bg-red-50 ${focusRing}`}
                    >
                      Delete
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {products.length === 0 && <p className="mt-4 text-earth-700">No products match.</p>}
      </div>
      <Pager
        page={page}
        pageCount={pageCount}
        hrefFor={(n) => {
          const search = listParamsAt(n)
          return search.size ? `/Delete?${search}` : '/Delete'
        }}
      />

      {editId && !editing && (
        <p role="alert" className="mt-4 text-red-800">
          That product no longer exists (or is not in the filtered list).
        </p>
      )}

      {editing && (
        <PageDialog key={editing.id} title={editing.id ? 'Edit Product' : 'Add New Product'} onClose={closeDialog}>
          <form method="post" action={`/Delete${listSearch}`}
            data-api={`/api/admin/products/${encodeURIComponent(editing.id)}`}
            encType="multipart/form-data" onSubmit={upload.onSubmit} className="grid gap-5">
            <FormTokenField />
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="id" value={editing.id} />
            <FormOutcome error={failedUpdate?.error} reason={failedUpdate?.reason} />
            <ProductFields
              idPrefix="edit"
              editsStock
              values={failedUpdate?.values ?? productFormValues(editing)}
              errors={failedUpdate?.fieldErrors}
              imageErrors={failedUpdate?.imageErrors}
              currentImages={{
                frontImage: editing.frontImage ? mediaUrl(mediaBase, editing.frontImage, 320) : null,
                backImage: editing.backImage ? mediaUrl(mediaBase, editing.backImage, 320) : null,
              }}
            />
            <UploadProgress state={upload.state} label="Uploading…" />
            <div className="flex gap-3">
              <button type="submit" className={primaryButton} disabled={upload.busy}>
                {upload.busy ? 'Saving...' : 'Save'}
              </button>
              <Link to={`/Delete${listSearch}`} replace preventScrollReset className={secondaryButton}>
                Cancel
              </Link>
            </div>
          </form>
        </PageDialog>
      )}

      {deleting && (
        <PageDialog key={`delete-${deleting.id}`} title="Delete Product" onClose={closeDialog}>
          <p>
            Delete <strong>{deleting.name}</strong>? If past orders include it, it is kept as archived (hidden from the shop) so order
            history stays whole.
          </p>
          <Form method="post" action={`/Delete${listSearch}`} replace preventScrollReset className="mt-5 flex gap-3">
            <FormTokenField />
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={deleting.id} />
            <button type="submit" className={`${primaryButton} bg-red-700 hover:bg-red-800`}>
              Delete
            </button>
            <Link to={`/Delete${listSearch}`} replace preventScrollReset className={secondaryButton}>
              Cancel
            </Link>
          </Form>
        </PageDialog>
      )}
    </div>
  )
}
