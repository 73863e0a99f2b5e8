import { type AppLoadContext, data, redirect } from 'react-router'
import { getProduct } from '~/features/catalogue/catalogue.server'
import { PRODUCT_ID_PATTERN, type Product, isSized, productPath } from '~/features/catalogue/product'
import { productPageJsonLd } from '~/features/findability/structured-data.server'
import { reviewsForProductPage } from '~/features/reviews/product-page.server'
import { DEFAULT_PACK_SIZE, PACK_SIZES } from '~/features/catalogue/categories'
import { estimateForPin } from '~/features/shipping/delivery-estimate.server'
import { typedPin } from '~/features/shipping/remembered-pin'
import { m } from '~/i18n/paraglide/messages.js'

/**
 * The product page's data, for both its addresses: `/product/:productId` (a single-price product, `name` undefined)
 * and `/product/:name/:productId` (a sized one, with the size selector). No such product answers 404; a product asked
 * for at the other address, or under an old name, moves to its own (301): one address per product.
 */
export async function loadProductPage(request: Request, context: AppLoadContext, productId: string, name?: string) {
  const { db } = context.shop
  if (!PRODUCT_ID_PATTERN.test(productId)) throw data(m.catalogue_product_not_found(), { status: 404 })
  // The reviews (with their summary) are read beside the product, not after it.
  const [product, reviews] = await Promise.all([getProduct(db, productId), reviewsForProductPage(request, context, productId)])
  if (!product) throw data(m.catalogue_product_not_found(), { status: 404 })
  const atItsAddress = name === undefined ? !isSized(product) : isSized(product) && name === product.slug
  if (!atItsAddress) throw redirect(productPath(product), 301)
  return {
    product,
    reviews,
    jsonLd: await productPageJsonLd(context, request, product, reviews.summary),
    delivery: await deliveryForAskedPin(request, context, product),
  }
}

/**
 * The answer for the PIN typed in the page's delivery box when the browser ran no script (its plain GET form:
 * `?pin=…&size=…`); null when none was asked. A PIN that is not one is answered as the API would word it.
 */
async function deliveryForAskedPin(request: Request, context: AppLoadContext, product: Pick<Product, 'id' | 'category'>) {
  const url = new URL(request.url)
  const asked = url.searchParams.get('pin')
  if (asked === null) return null
  const pin = typedPin(asked.slice(0, 20))
  if (!pin) return { pin: asked.slice(0, 7), delivers: false, codOffered: false, message: m.catalogue_pin_help() }
  const sizeAsked = url.searchParams.get('size')
  const size = isSized(product) ? (PACK_SIZES.find((s) => s === sizeAsked) ?? DEFAULT_PACK_SIZE) : 'one'
  const answer = await estimateForPin(context.shop.db, {
    pin,
    items: [{ productId: product.id, size, quantity: 1 }],
    now: new Date(),
    courierRates: context.shop.courierRates ?? undefined,
  })
  return { pin, delivers: answer.delivers, codOffered: answer.codOffered, message: answer.message }
}
