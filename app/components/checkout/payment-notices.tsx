import { Link } from 'react-router'
import type { CartLine } from '~/features/cart/cart'
import type { ShortLine } from '~/features/checkout/checkout-api'
import { m } from '~/i18n/paraglide/messages.js'

/** The payment page opened without a cart or without an address: where to go first. */
export function NoCheckoutNotice({ reason }: { reason: 'cart' | 'address' }) {
  return (
    <p className="rounded-md bg-amber-50 p-3 text-amber-900">
      {reason === 'cart' ? (
        <>
          {m.checkout_cart_empty()}{' '}
          <Link to="/" className="underline">
            {m.checkout_continue_shopping()}
          </Link>
        </>
      ) : (
        <>
          {m.checkout_need_address_first()}{' '}
          <Link to="/address" className="underline">
            {m.checkout_enter_address()}
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
      <p className="font-medium">{m.checkout_sold_out_heading()}</p>
      <ul className="mt-2 list-disc pl-5">
        {lines.map((l) => {
          const line = cartLines.find((c) => c.id === l.productId && (c.size ?? null) === l.size)
          return (
            <li key={`${l.productId}:${l.size}`}>
              {line?.name ?? m.checkout_an_item()}
              {l.size ? ` (${l.size})` : ''}:{' '}
              {l.reason === 'gone' ? m.checkout_line_no_longer_sold() : m.checkout_line_only_left({ count: l.available })}
            </li>
          )
        })}
      </ul>
      <Link to="/Cart-page" className="mt-2 inline-block underline">
        {m.checkout_update_cart()}
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
            {m.checkout_pay_online_instead()}
          </button>
        ) : (
          <Link to="/Cart-page" className="underline">
            {m.checkout_change_code_in_cart()}
          </Link>
        )}
        <Link to="/checkout" className="underline">
          {m.checkout_back_to_summary()}
        </Link>
      </p>
    </div>
  )
}
