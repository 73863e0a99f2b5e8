import { useEffect, useState } from 'react'
import { data, Form, Link, useLocation, useNavigate } from 'react-router'
import { adminSearchText, z } from '~/zod'
import { PageDialog } from '~/components/admin/product-dialog'
import { FormOutcome, ProductFields } from '~/components/admin/product-fields'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import { UploadProgress } from '~/components/admin/upload-progress'
import { useUpload } from '~/components/admin/use-upload'
import { Pager } from '~/components/catalogue/pager'
import { primaryButton, secondaryButton } from '~/components/catalogue/styles'
import { ProductSearch, ProductTable } from '~/components/admin/product-list'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { productFormValues } from '~/features/admin/product-form-fields'
import { countUntranslatedProducts, getProductForAdmin, listProductsForAdminPage } from '~/features/admin/products.server'
import { manageProductAction } from '~/features/admin/form-actions.server'
import { type ManagerResult, updateFailed } from '~/features/admin/form-results'
import { m } from '~/i18n/paraglide/messages.js'
import { parseCategory } from '~/features/catalogue/categories'
import { readPageParam } from '~/features/catalogue/catalogue.server'
import { ADMIN_PRODUCT_PAGE_SIZE, pageNoticeOf, pageNoticeText } from '~/features/catalogue/paging'
import { PRODUCT_ID_PATTERN } from '~/features/catalogue/product'
import { mediaUrl } from '~/features/media/media-url'
import { useMediaBase } from '~/components/layout/use-shop-settings'
import { readQuery } from '~/http/query.server'
import type { Route } from './+types/admin-products'
import { FormTokenField } from '~/components/forms/form-token-field'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.admin_products_title({ shop: shopSettingsOf(matches).shopName }) },
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
  // `untranslated=1`: only the products without a Tamil name.
  untranslated: z
    .string()
    .optional()
    .transform((v) => v === '1')
    .catch(false),
  edit: dialogProductId,
  delete: dialogProductId,
})

/**
 * One page of the products (ADMIN_PRODUCT_PAGE_SIZE), filtered by `q` and `category`. A page that is not 1, 2, 3 …
 * or past the last answers 400 with the first or the last page and a notice, as /product does (decision 038).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context)
  const { q, category, page, untranslated, edit, delete: deleteId } = readQuery(request, listQuery)
  const asked = readPageParam(page)
  const [list, untranslatedCount] = await Promise.all([
    listProductsForAdminPage(
      context.shop.db,
      { search: q, category, untranslated },
      { page: asked.page, pageSize: ADMIN_PRODUCT_PAGE_SIZE },
    ),
    countUntranslatedProducts(context.shop.db),
  ])
  // The dialog's product when it is not on this page (an address from elsewhere, a list changed since): by its id.
  const openId = edit ?? deleteId
  const opened = openId && !list.items.some((p) => p.id === openId) ? await getProductForAdmin(context.shop.db, openId) : null
  const pageNotice = pageNoticeOf(asked, list.page)
  const body = {
    q,
    category: category ?? '',
    untranslated,
    untranslatedCount,
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

export default function ProductManager({ loaderData, actionData }: Route.ComponentProps) {
  const { products, q, category, untranslated, untranslatedCount, total, page, pageCount, pageNotice, opened } = loaderData
  const location = useLocation()
  const navigate = useNavigate()
  const mediaBase = useMediaBase()
  const params = new URLSearchParams(location.search)
  // The list as filtered, at one of its pages (none for the first).
  const listParamsAt = (n: number) => {
    const next = new URLSearchParams()
    if (q) next.set('q', q)
    if (category) next.set('category', category)
    if (untranslated) next.set('untranslated', '1')
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer from the server replaces the local one
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
    if (!answer.ok) return setLocal({ ok: false, error: updateFailed(), reason: answer.error, intent: 'update', id: editId })
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
          {m.admin_dashboard()}
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl font-semibold text-earth-900">{m.admin_products_heading()}</h1>
      <div className="mt-4 grid gap-3">
        <FormOutcome
          message={pageResult?.ok ? pageResult.message : undefined}
          error={pageResult && !pageResult.ok ? pageResult.error : undefined}
          reason={pageResult && !pageResult.ok ? pageResult.reason : undefined}
        />
        <FocusFirstError failure={pageResult && !pageResult.ok ? pageResult : undefined} />
      </div>

      <ProductSearch q={q} category={category} />

      {pageNotice && (
        <p role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {pageNoticeText(pageNotice)}
        </p>
      )}
      <p className="mt-4 text-earth-700" aria-live="polite">
        {q || category || untranslated ? m.admin_products_found({ count: total }) : m.admin_products_count({ count: total })}
        {pageCount > 1 &&
          products.length > 0 &&
          m.admin_products_showing({
            from: (page - 1) * ADMIN_PRODUCT_PAGE_SIZE + 1,
            to: (page - 1) * ADMIN_PRODUCT_PAGE_SIZE + products.length,
          })}
      </p>

      {untranslated ? (
        <p className="mt-2 text-sm text-earth-700">
          {m.admin_untranslated_filtered()}{' '}
          <Link to="/Delete" className="font-medium text-leaf-800 underline underline-offset-2">
            {m.admin_untranslated_show_all()}
          </Link>
        </p>
      ) : (
        untranslatedCount > 0 && (
          <p className="mt-2 text-sm text-earth-700">
            {m.admin_untranslated_count({ count: untranslatedCount })}{' '}
            <Link to="/Delete?untranslated=1" className="font-medium text-leaf-800 underline underline-offset-2">
              {m.admin_untranslated_show()}
            </Link>
          </p>
        )
      )}
      <ProductTable products={products} hrefWith={withParam} />
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
          {m.admin_product_gone()}
        </p>
      )}

      {editing && (
        <PageDialog key={editing.id} title={editing.id ? m.admin_edit_product() : m.admin_add_new_product()} onClose={closeDialog}>
          <form
            method="post"
            action={`/Delete${listSearch}`}
            data-api={`/api/admin/products/${encodeURIComponent(editing.id)}`}
            encType="multipart/form-data"
            onSubmit={upload.onSubmit}
            className="grid gap-5"
          >
            <FormTokenField />
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="id" value={editing.id} />
            <FormOutcome error={failedUpdate?.error} reason={failedUpdate?.reason} />
            <FocusFirstError failure={failedUpdate} />
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
            <UploadProgress state={upload.state} label={m.admin_uploading()} />
            <div className="flex gap-3">
              <button type="submit" className={primaryButton} disabled={upload.busy}>
                {upload.busy ? m.admin_saving() : m.admin_save()}
              </button>
              <Link to={`/Delete${listSearch}`} replace preventScrollReset className={secondaryButton}>
                {m.admin_cancel()}
              </Link>
            </div>
          </form>
        </PageDialog>
      )}

      {deleting && (
        <PageDialog key={`delete-${deleting.id}`} title={m.admin_delete_product()} onClose={closeDialog}>
          <p>
            {m.admin_delete_product_question()} <strong>{deleting.name}</strong>
            {m.admin_delete_product_explain()}
          </p>
          <Form method="post" action={`/Delete${listSearch}`} replace preventScrollReset className="mt-5 flex gap-3">
            <FormTokenField />
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={deleting.id} />
            <button type="submit" className={`${primaryButton} bg-red-700 hover:bg-red-800`}>
              {m.admin_delete()}
            </button>
            <Link to={`/Delete${listSearch}`} replace preventScrollReset className={secondaryButton}>
              {m.admin_cancel()}
            </Link>
          </Form>
        </PageDialog>
      )}
    </div>
  )
}
