import { m } from '~/i18n/paraglide/messages.js'
import type { ProductFieldErrors, ProductImageField } from './product-form'

/** What the Add Product and product manager forms answer, for the pages and their upload script alike. */

export const productAdded = () => m.admin_product_added()
export const addFailed = () => m.admin_add_failed()
export const updateFailed = () => m.admin_update_failed()
export const deleteFailed = () => m.admin_delete_failed()
/** The pictures' storage failed (answered 503); nothing was saved and the same form can be sent again. */
export const storageUnavailable = () => m.admin_storage_unavailable()
/** The pictures' storage is full (answered 507). */
export const storageFull = () => m.admin_storage_full()

type ImageErrors = Partial<Record<ProductImageField, string>>
export type Failure = {
  ok: false
  error: string
  reason?: string
  intent?: 'update' | 'delete'
  id?: string
  fieldErrors?: ProductFieldErrors
  imageErrors?: ImageErrors
  values?: Partial<Record<string, string>>
}
export type AddProductResult = { ok: true; message: string; product: { id: string; name: string; url: string } } | Failure
export type ManagerResult = { ok: true; message: string; outcome?: 'deleted' | 'archived' | 'saved' } | Failure
