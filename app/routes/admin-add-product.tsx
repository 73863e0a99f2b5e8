import { useState } from 'react'
import { data, Link } from 'react-router'
import { FormOutcome, ProductFields } from '~/components/admin/product-fields'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import { UploadProgress } from '~/components/admin/upload-progress'
import { useUpload } from '~/components/admin/use-upload'
import { primaryButton } from '~/components/catalogue/styles'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { addProductAction } from '~/features/admin/form-actions.server'
import { addFailed, type AddProductResult } from '~/features/admin/form-results'
import { m } from '~/i18n/paraglide/messages.js'
import type { Route } from './+types/admin-add-product'
import { FormTokenField } from '~/components/forms/form-token-field'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.admin_add_product_title({ shop: shopSettingsOf(matches).shopName }) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context)
  return null
}

/** The form without JavaScript posts here; with it, the page's upload script posts to /api/admin/products. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context)
  const { status, result } = await addProductAction(request, context.shop, admin.email)
  // A refused upload may leave its body unread on the socket: do not reuse the connection.
  return data(result, { status, headers: status === 413 ? { Connection: 'close' } : undefined })
}

export default function AddProduct({ actionData }: Route.ComponentProps) {
  const [result, setResult] = useState<AddProductResult | undefined>(actionData)
  // A new key after a success renders the form afresh: empty fields and the category's fields hidden again.
  const [formKey, setFormKey] = useState(0)
  const upload = useUpload<AddProductResult>((answer, form) => {
    if (!answer.ok) return setResult({ ok: false, error: addFailed(), reason: answer.error, fieldErrors: {}, imageErrors: {}, values: {} })
    setResult(answer.body)
    if (answer.body.ok) {
      form.reset()
      setFormKey((k) => k + 1)
      window.scrollTo({ top: 0 })
    }
  })
  const failed = result && !result.ok ? result : undefined

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <FocusFirstError failure={failed} />
      <p className="text-sm">
        <Link to="/dash" className="font-medium text-leaf-800 underline underline-offset-2">
          {m.admin_dashboard()}
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl font-semibold text-earth-900">{m.admin_tile_add_product()}</h1>
      <div className="mt-4 grid gap-3">
        <FormOutcome message={result?.ok ? result.message : undefined} error={failed?.error} reason={failed?.reason} />
        {result?.ok && (
          <p>
            <Link to={result.product.url} className="font-medium text-leaf-800 underline underline-offset-2">
              {m.admin_see_in_shop({ name: result.product.name })}
            </Link>
          </p>
        )}
      </div>
      <form
        key={formKey}
        method="post"
        action="/Admin"
        data-api="/api/admin/products"
        encType="multipart/form-data"
        onSubmit={upload.onSubmit}
        className="mt-6 grid gap-6 rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm sm:p-8"
      >
        <FormTokenField />
        <ProductFields idPrefix="add" values={failed?.values} errors={failed?.fieldErrors} imageErrors={failed?.imageErrors} />
        <UploadProgress state={upload.state} label={m.admin_uploading()} />
        <div>
          <button type="submit" className={primaryButton} disabled={upload.busy}>
            {upload.busy ? m.admin_adding_product() : m.admin_tile_add_product()}
          </button>
        </div>
      </form>
    </div>
  )
}
