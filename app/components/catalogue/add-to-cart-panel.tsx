import { useEffect, useId, useState } from 'react'
import type { PackSize } from '~/features/catalogue/categories'
import { type Product, cartLineFor } from '~/features/catalogue/product'
import { CartNoticeRegion } from './cart-notice'
import { QuantityStepper } from './quantity-stepper'
import { primaryButton } from './styles'
import { useAddToCart } from './use-add-to-cart'
import { useMediaBase } from '../layout/use-shop-settings'
import { m } from '~/i18n/paraglide/messages.js'

/** Quantity stepper and Add to Cart for one purchasable item (a product, or one pack of it). */
export function AddToCartPanel({ product, stock, size }: { product: Product; stock: number; size?: PackSize }) {
  const [quantity, setQuantity] = useState(1)
  const { addToCart, notice } = useAddToCart()
  const mediaBase = useMediaBase()
  const stepperId = useId()
  // Another pack has another stock: start again from 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: another pack size starts again from 1
  useEffect(() => setQuantity(1), [size])

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-4">
        <QuantityStepper id={stepperId} value={Math.min(quantity, stock)} max={stock} onChange={setQuantity} />
        <button
          type="button"
          className={`${primaryButton} mb-5 min-w-40`}
          data-main-action
          onClick={() => addToCart(cartLineFor(product, Math.min(quantity, stock), size, mediaBase))}
        >
          {m.catalogue_add_to_cart()}
        </button>
      </div>
      <CartNoticeRegion notice={notice} />
    </div>
  )
}
