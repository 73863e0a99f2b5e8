import { Link } from 'react-router'
import type { CartLine } from '~/features/cart/cart'
import { cartStore } from '~/features/cart/cart-store'
import type { QuotedLine } from '~/features/checkout/quote.server'
import { formatRupees } from '~/features/money/money'
import { m } from '~/i18n/paraglide/messages.js'

const stepButton = 'size-9 rounded-md border border-leaf-600 text-lg aria-disabled:cursor-not-allowed aria-disabled:opacity-40'

export function CartLineRow({ line, quoted, onRemoved }: { line: CartLine; quoted?: QuotedLine; onRemoved?: () => void }) {
  const key = { id: line.id, size: line.size }
  const label = line.size ? `${line.name} (${line.size})` : line.name
  const unitPrice = quoted?.unitPricePaise ?? null
  const maxQuantity = quoted ? quoted.available : line.stockCount
  return (
    <li className="flex flex-wrap items-center gap-4 py-4">
      {line.imageUrl ? (
        <img src={line.imageUrl} alt="" width={80} height={80} className="size-20 rounded-md object-cover" />
      ) : (
        <div className="size-20 rounded-md bg-leaf-50" />
      )}
      <div className="min-w-40 flex-1">
        <Link to={line.url} className="font-medium text-leaf-800 hover:underline">
          {line.name}
        </Link>
        {line.size ? <p className="text-sm text-gray-700">{m.cart_size({ size: line.size })}</p> : null}
        {unitPrice !== null ? <p className="text-sm text-gray-700">{m.cart_price_each({ price: formatRupees(unitPrice) })}</p> : null}
        {quoted?.status === 'gone' ? <p className="text-sm font-medium text-red-700">{m.cart_product_gone()}</p> : null}
        {quoted?.status === 'short' ? (
          <p className="text-sm font-medium text-red-700">
            {quoted.available === 0 ? m.cart_out_of_stock_now() : m.cart_only_left({ count: quoted.available })}
          </p>
        ) : null}
      </div>
      {/* aria-disabled at the limits, not disabled: a disabled button would drop the keyboard's focus to the page.
          The number is a live region: focus stays on the button, so the new quantity is read out. */}
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset brings a border and legend of its own; the group role names the stepper for screen readers */}
      <div className="flex items-center gap-2" role="group" aria-label={m.cart_quantity_of({ label })}>
        <button
          type="button"
          className={stepButton}
          aria-label={m.cart_one_less({ label })}
          aria-disabled={line.quantity <= 1}
          onClick={() => line.quantity > 1 && cartStore.setQuantity(key, line.quantity - 1)}
        >
          −
        </button>
        <span className="w-8 text-center" aria-live="polite" aria-atomic="true">
          <span className="sr-only">{m.cart_quantity_sr()}</span>
          <span data-testid="line-quantity">{line.quantity}</span>
        </span>
        <button
          type="button"
          className={stepButton}
          aria-label={m.cart_one_more({ label })}
          aria-disabled={line.quantity >= maxQuantity}
          onClick={() => line.quantity < maxQuantity && cartStore.setQuantity(key, line.quantity + 1)}
        >
          +
        </button>
      </div>
      <p className="w-24 text-right font-medium">{unitPrice !== null && quoted?.status === 'ok' ? formatRupees(quoted.linePaise) : '—'}</p>
      <button
        type="button"
        className="text-sm text-red-700 underline"
        onClick={() => {
          cartStore.remove(key)
          onRemoved?.()
        }}
      >
        {m.cart_remove()}
        <span className="sr-only"> {label}</span>
      </button>
    </li>
  )
}
