import { type AppLoadContext, data, redirect } from 'react-router'
import { getProduct } from '~/features/catalogue/catalogue.server'
import { PRODUCT_ID_PATTERN, isSized, productPath } from '~/features/catalogue/product'
import { productPageJsonLd } from '~/features/findability/structured-data.server'
import { reviewsForProductPage } from '~/features/reviews/product-page.server'

/**
 * The product page's data, for both its addresses: `/product/:productId` (a single-price product, `name` undefined)
 * and `/product/:name/:productId` (a sized one, with the size selector). No such product answers 404; a product asked
 * for at the other address, or under an old name, moves to its own (301): one address per product.
 */
export async function loadProductPage(request: Request, context: AppLoadContext, productId: string, name?: string) {
  const { db } = context.shop
  if (!PRODUCT_ID_PATTERN.test(productId)) throw data('Product not found', { status: 404 })
  // The reviews (with their summary) are read beside the product, not after it.
  const [product, reviews] = await Promise.all([getProduct(db, productId), reviewsForProductPage(request, context, productId)])
  if (!product) throw data('Product not found', { status: 404 })
  const atItsAddress = name === undefined ? !isSized(product) : isSized(product) && name === product.slug
  if (!atItsAddress) throw redirect(productPath(product), 301)
  return { product, reviews, jsonLd: await productPageJsonLd(context, request, product, reviews.summary) }
}
