import { z } from '~/zod'
import { PRODUCT_ID_PATTERN, productPath } from '../catalogue/product'
import type { Shop } from '~/shop.server'
import { parseForm } from '~/http/form-result'
import { type ProductFormField, productFormEntries, productFormSchema, productFormValues } from './product-form'
import { log } from '~/log.server'
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
  ADD_FAILED,
  type AddProductResult,
  DELETE_FAILED,
  type Failure,
  type ManagerResult,
  PRODUCT_ADDED,
  STORAGE_FULL,
  STORAGE_UNAVAILABLE,
  UPDATE_FAILED,
} from './form-results'

export type Answer<T> = { status: number; result: T }

/** A storage failure, told to the admin plainly (503, or 507 when full), with the form's values kept to send again. */
function storageFailed(err: MediaStorageFailedError, error: string, extra: Pick<Failure, 'intent' | 'id' | 'values'>): Answer<Failure> {
  log.error({ err: err.cause }, `Product pictures could not be stored: ${err.message}`)
  return { status: err.full ? 507 : 503, result: { ok: false, error, reason: err.full ? STORAGE_FULL : STORAGE_UNAVAILABLE, ...extra } }
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
  const upload = await readUpload(request, ADD_FAILED)
  if (isAnswer(upload)) return upload
  const values = productFormEntries(new URLSearchParams(upload.fields))
  const parsed = parseForm<typeof productFormSchema, ProductFormField>(upload.fields, productFormSchema)
  if (!parsed.ok) {
    return {
      status: 400,
      result: {
        ok: false,
        error: ADD_FAILED,
        reason: 'Please correct the fields marked below.',
        fieldErrors: parsed.fieldErrors,
        values,
      },
    }
  }
  try {
    const product = await createProduct(shop.db, shop.media, parsed.values, upload.images, admin)
    return {
      status: 200,
      result: { ok: true, message: PRODUCT_ADDED, product: { id: product.id, name: product.name, url: productPath(product) } },
    }
  } catch (err) {
    if (err instanceof MediaStorageFailedError) return storageFailed(err, ADD_FAILED, { values })
    if (!(err instanceof ProductImageRejectedError)) throw err
    return { status: 422, result: { ok: false, error: ADD_FAILED, reason: err.message, imageErrors: { [err.field]: err.message }, values } }
  }
}

const managerFields = z.object({
  intent: z.enum(['update', 'delete'], { error: 'Unknown action' }),
  id: z.string({ error: 'Unknown product' }).regex(PRODUCT_ID_PATTERN, 'Unknown product'),
})

/** The product manager's posts: intent=update (the Edit dialog, multipart) or intent=delete. */
export async function manageProductAction(
  request: Request,
  shop: Shop,
  idFromPath?: string,
  admin: string | null = null,
): Promise<Answer<ManagerResult>> {
  const upload = await readUpload(request, UPDATE_FAILED)
  if (isAnswer(upload)) return upload
  const target = managerFields.safeParse({ ...upload.fields, ...(idFromPath ? { id: idFromPath } : {}) })
  if (!target.success)
    return { status: 400, result: { ok: false, error: 'The request was not understood.', reason: target.error.issues[0]!.message } }
  const { intent, id } = target.data
  const { db, media } = shop

  if (intent === 'delete') {
    const product = await getProductForAdmin(db, id)
    try {
      const { outcome } = await deleteProduct(db, id)
      const name = product?.name ?? 'The product'
      const message =
        outcome === 'deleted'
          ? `${name} was deleted.`
          : `${name} was kept as archived because past orders include it. It no longer shows in the shop.`
      return { status: 200, result: { ok: true, message, outcome } }
    } catch (err) {
      if (!(err instanceof ProductNotFoundError)) throw err
      return { status: 404, result: { ok: false, error: DELETE_FAILED, reason: err.message, intent, id } }
    }
  }

  const values = productFormEntries(new URLSearchParams(upload.fields))
  const parsed = parseForm<typeof productFormSchema, ProductFormField>(upload.fields, productFormSchema)
  if (!parsed.ok) {
    const fieldErrors = parsed.fieldErrors
    return {
      status: 400,
      result: { ok: false, error: UPDATE_FAILED, reason: 'Please correct the fields marked below.', intent, id, fieldErrors, values },
    }
  }
  try {
    const product = await updateProduct(db, media, id, parsed.values, upload.images, admin)
    return { status: 200, result: { ok: true, message: `${product.name} was saved.`, outcome: 'saved' } }
  } catch (err) {
    if (err instanceof ProductNotFoundError)
      return { status: 404, result: { ok: false, error: UPDATE_FAILED, reason: err.message, intent, id } }
    // Nothing was saved: the form is shown again with what was typed, and the message gives the count now.
    if (err instanceof StockChangedError) {
      // The form comes back showing the counts now, so saving it again applies the admin's count to them.
      const now = await getProductForAdmin(db, id)
      const shown = now ? Object.fromEntries(Object.entries(productFormValues(now)).filter(([k]) => k.startsWith('shownStock'))) : {}
      return { status: 409, result: { ok: false, error: UPDATE_FAILED, reason: err.message, intent, id, values: { ...values, ...shown } } }
    }
    if (err instanceof MediaStorageFailedError) return storageFailed(err, UPDATE_FAILED, { intent, id, values })
    if (err instanceof ProductImageRejectedError) {
      const imageErrors = { [err.field]: err.message }
      return { status: 422, result: { ok: false, error: UPDATE_FAILED, reason: err.message, intent, id, imageErrors, values } }
    }
    throw err
  }
}
