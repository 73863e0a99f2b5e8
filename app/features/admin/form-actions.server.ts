import { z } from '~/zod'
import { PRODUCT_ID_PATTERN, productPath } from '../catalogue/product'
import type { Shop } from '~/shop.server'
import { parseForm } from '~/http/form-result'
import { type ProductFormField, productFormEntries, productFormSchema, productFormValues } from './product-form'
import { log } from '~/log.server'
import { m } from '~/i18n/paraglide/messages.js'
import {
  createProduct,
  deleteProduct,
  getProductForAdmin,
  MediaStorageFailedError,
  ProductImageRejectedError,
  ProductNotFoundError,
  updateProduct,
} from './products.server'
import { readProductFormUpload, UploadRejectedError } from './uploads.server'
import { StockChangedError } from '../stock/adjustments.server'

/**
 * The Add Product and product manager forms, answered the same way to a plain form post (the page renders the
 * result) and to the pages' upload script (JSON from /api/admin/products). Callers check the admin first.
 */

import {
  addFailed,
  type AddProductResult,
  deleteFailed,
  type Failure,
  type ManagerResult,
  productAdded,
  storageFull,
  storageUnavailable,
  updateFailed,
} from './form-results'

export type Answer<T> = { status: number; result: T }

/** A storage failure, told to the admin plainly (503, or 507 when full), with the form's values kept to send again. */
function storageFailed(err: MediaStorageFailedError, error: string, extra: Pick<Failure, 'intent' | 'id' | 'values'>): Answer<Failure> {
  log.error({ err: err.cause }, `Product pictures could not be stored: ${err.message}`)
  return { status: err.full ? 507 : 503, result: { ok: false, error, reason: err.full ? storageFull() : storageUnavailable(), ...extra } }
}

async function readUpload(request: Request, error: string): Promise<Awaited<ReturnType<typeof readProductFormUpload>> | Answer<Failure>> {
  try {
    return await readProductFormUpload(request)
  } catch (err) {
    if (!(err instanceof UploadRejectedError)) throw err
    const imageErrors = err.field === 'frontImage' || err.field === 'backImage' ? { [err.field]: err.message } : {}
    return { status: err.status, result: { ok: false, error, reason: err.message, imageErrors } }
  }
}

const isAnswer = (x: object): x is Answer<Failure> => 'status' in x

export async function addProductAction(request: Request, shop: Shop, admin: string | null = null): Promise<Answer<AddProductResult>> {
  const upload = await readUpload(request, addFailed())
  if (isAnswer(upload)) return upload
  const values = productFormEntries(new URLSearchParams(upload.fields))
  const parsed = parseForm<typeof productFormSchema, ProductFormField>(upload.fields, productFormSchema)
  if (!parsed.ok) {
    return {
      status: 400,
      result: {
        ok: false,
        error: addFailed(),
        reason: m.admin_correct_fields(),
        fieldErrors: parsed.fieldErrors,
        values,
      },
    }
  }
  try {
    const product = await createProduct(shop.db, shop.media, parsed.values, upload.images, admin)
    return {
      status: 200,
      result: { ok: true, message: productAdded(), product: { id: product.id, name: product.name, url: productPath(product) } },
    }
  } catch (err) {
    if (err instanceof MediaStorageFailedError) return storageFailed(err, addFailed(), { values })
    if (!(err instanceof ProductImageRejectedError)) throw err
    return {
      status: 422,
      result: { ok: false, error: addFailed(), reason: err.message, imageErrors: { [err.field]: err.message }, values },
    }
  }
}

const managerFields = z.object({
  intent: z.enum(['update', 'delete'], { error: () => m.admin_unknown_action() }),
  id: z.string({ error: () => m.admin_unknown_product() }).regex(PRODUCT_ID_PATTERN, { error: () => m.admin_unknown_product() }),
})

/** The product manager's posts: intent=update (the Edit dialog, multipart) or intent=delete. */
export async function manageProductAction(
  request: Request,
  shop: Shop,
  idFromPath?: string,
  admin: string | null = null,
): Promise<Answer<ManagerResult>> {
  const upload = await readUpload(request, updateFailed())
  if (isAnswer(upload)) return upload
  const target = managerFields.safeParse({ ...upload.fields, ...(idFromPath ? { id: idFromPath } : {}) })
  if (!target.success)
    return { status: 400, result: { ok: false, error: m.admin_request_not_understood(), reason: target.error.issues[0]!.message } }
  const { intent, id } = target.data
  const { db, media } = shop

  if (intent === 'delete') {
    const product = await getProductForAdmin(db, id)
    try {
      const { outcome } = await deleteProduct(db, id)
      const name = product?.name
      const message =
        outcome === 'deleted'
          ? name === undefined
            ? m.admin_the_product_deleted()
            : m.admin_product_deleted({ name })
          : name === undefined
            ? m.admin_the_product_archived()
            : m.admin_product_archived({ name })
      return { status: 200, result: { ok: true, message, outcome } }
    } catch (err) {
      if (!(err instanceof ProductNotFoundError)) throw err
      return { status: 404, result: { ok: false, error: deleteFailed(), reason: err.message, intent, id } }
    }
  }

  const values = productFormEntries(new URLSearchParams(upload.fields))
  const parsed = parseForm<typeof productFormSchema, ProductFormField>(upload.fields, productFormSchema)
  if (!parsed.ok) {
    const fieldErrors = parsed.fieldErrors
    return {
      status: 400,
      result: { ok: false, error: updateFailed(), reason: m.admin_correct_fields(), intent, id, fieldErrors, values },
    }
  }
  try {
    const product = await updateProduct(db, media, id, parsed.values, upload.images, admin)
    return { status: 200, result: { ok: true, message: m.admin_product_saved({ name: product.name }), outcome: 'saved' } }
  } catch (err) {
    if (err instanceof ProductNotFoundError)
      return { status: 404, result: { ok: false, error: updateFailed(), reason: err.message, intent, id } }
    // Nothing was saved: the form is shown again with what was typed, and the message gives the count now.
    if (err instanceof StockChangedError) {
      // The form comes back showing the counts now, so saving it again applies the admin's count to them.
      const now = await getProductForAdmin(db, id)
      const shown = now ? Object.fromEntries(Object.entries(productFormValues(now)).filter(([k]) => k.startsWith('shownStock'))) : {}
      return { status: 409, result: { ok: false, error: updateFailed(), reason: err.message, intent, id, values: { ...values, ...shown } } }
    }
    if (err instanceof MediaStorageFailedError) return storageFailed(err, updateFailed(), { intent, id, values })
    if (err instanceof ProductImageRejectedError) {
      const imageErrors = { [err.field]: err.message }
      return { status: 422, result: { ok: false, error: updateFailed(), reason: err.message, intent, id, imageErrors, values } }
    }
    throw err
  }
}
