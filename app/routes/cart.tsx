import { Link } from 'react-router'
import { CartLineRow } from '~/components/cart/cart-line-row'
import { cartSubtotalPaise } from '~/features/cart/cart'
import { useCart } from '~/features/cart/use-cart'
import { formatRupees } from '~/features/money/money'

export function meta() {
  return [{ title: 'Shopping Cart' }, { name: 'robots', content: 'noindex' }]
}

export default function CartPage() {
  const cart = useCart()
  const subtotal = cartSubtotalPaise(cart.lines)
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-semibold text-leaf-800">Shopping Cart</h1>
      {cart.lines.length === 0 ? (
        <p className="mt-6 text-lg">
          Your cart is empty.{' '}
          <Link to="/herb-ro" className="text-leaf-700 underline">
            Browse our products
          </Link>
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-leaf-100 border-y border-leaf-100">
          {cart.lines.map((line) => (
            <CartLineRow key={`${line.id}:${line.size ?? ''}`} line={line} />
          ))}
        </ul>
      )}
      <div className="mt-6 flex flex-col items-end gap-3">
        <p className="text-lg" aria-live="polite">
          Subtotal ({cart.count} {cart.count === 1 ? 'item' : 'items'}): <strong>{formatRupees(subtotal)}</strong>
        </p>
        {cart.lines.length === 0 ? (
          <button type="button" disabled className="rounded-md bg-gray-300 px-5 py-3 font-medium text-gray-600">
            Proceed to Checkout
          </button>
        ) : (
          <Link to="/address" className="rounded-md bg-leaf-700 px-5 py-3 font-medium text-white hover:bg-leaf-800">
            Proceed to Checkout
          </Link>
        )}
      </div>
    </div>
  )
}
