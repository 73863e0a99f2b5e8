import type { ProductFieldErrors, ProductImageField } from './product-form'

/** What the Add Product and product manager forms answer, for the pages and their upload script alike. */

export const PRODUCT_ADDED = 'Product added successfully!'
export const ADD_FAILED = 'An error occurred while adding the product.'
export const UPDATE_FAILED = 'An error occurred while saving the product.'
export const DELETE_FAILED = 'An error occurred while deleting the product.'
/** The pictures' storage failed (answered 503); nothing was saved and the same form can be sent again. */
export const STORAGE_UNAVAILABLE = 'The pictures could not be stored right now; nothing was saved. Please try again in a few minutes.'
/** The pictures' storage is full (answered 507). */
export const STORAGE_FULL =
  'The pictures could not be stored because the storage is full; nothing was saved. Free some space (or ask whoever runs the shop’s server), then try again.'

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
