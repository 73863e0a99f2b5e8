import { Link } from 'react-router'
import type { CartLine } from '~/features/cart/cart'
import type { ShortLine } from '~/features/checkout/checkout-api'

/** The payment page opened without a cart or without an address: where to go first. */
export function NoCheckoutNotice({ reason }: { reason: 'cart' | 'address' }) {
  return (
    <p className="rounded-md bg-amber-50 p-3 text-amber-900">
      {reason === 'cart' ? (
        <>
          Your cart is empty.{' '}
          <Link to="/" className="underline">
            Continue shopping
          </Link>
        </>
      ) : (
        <>
          We need your shipping address first.{' '}
          <Link to="/address" className="underline">
            Enter the address
          </Link>
        </>
      )}
    </p>
  )
}

/** Lines that sold out (or ran short) between the cart and the order, named as the cart names them. */
export function SoldOutNotice({ lines, cartLines }: { lines: ShortLine[]; cartLines: CartLine[] }) {
  return (
    <div role="alert" className="rounded-md bg-amber-50 p-3 text-amber-900">
      <p className="font-medium">Some items sold out while you were checking out:</p>
      <ul className="mt-2 list-disc pl-5">
        {lines.map((l) => {
          const line = cartLines.find((c) => c.id === l.productId && (c.size ?? null) === l.size)
          return (
            <li key={`${l.productId}:${l.size}`}>
              {line?.name ?? 'An item'}
              {l.size ? ` (${l.size})` : ''}: {l.reason === 'gone' ? 'no longer sold' : `only ${l.available} left`}
            </li>
          )
        })}
      </ul>
      <Link to="/Cart-page" className="mt-2 inline-block underline">
        Update your cart
      </Link>
    </div>
  )
}

/** The code or cash on delivery was refused when the order was placed: pay online instead, or change the code. */
export function OfferRefusedNotice({ message, cod, onPayOnline }: { message: string; cod: boolean; onPayOnline: () => void }) {
  return (
    <div role="alert" className="rounded-md bg-amber-50 p-3 text-amber-900">
      <p>{message}</p>
      <p className="mt-2 flex flex-wrap gap-4">
        {cod ? (
          <button type="button" className="font-medium underline" onClick={onPayOnline}>
            Pay online instead
          </button>
        ) : (
          <Link to="/Cart-page" className="underline">
            Change the code in your cart
          </Link>
        )}
        <Link to="/checkout" className="underline">
          Back to the order summary
        </Link>
      </p>
    </div>
  )
}
