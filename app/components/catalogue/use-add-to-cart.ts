import { useCallback, useEffect, useRef, useState } from 'react'
import { type CartLine, sameLine } from '~/features/cart/cart'
import { cartStore } from '~/features/cart/cart-store'
import { m } from '~/i18n/paraglide/messages.js'

export type CartNotice = { kind: 'added' | 'short' | 'error'; text: string }

const NOTICE_MS = 5000

/**
 * Adds a line to the cart, never above the stock, and says what happened: how many were added, or
 * why fewer (or none) could be.
 */
export function useAddToCart() {
  const [notice, setNotice] = useState<CartNotice | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const show = useCallback((next: CartNotice) => {
    clearTimeout(timer.current)
    setNotice(next)
    timer.current = setTimeout(() => setNotice(null), NOTICE_MS)
  }, [])

  const addToCart = useCallback(
    (line: CartLine) => {
      const label = line.size ? `${line.name} (${line.size})` : line.name
      // Read the store now, not the last render: two quick clicks must both count.
      const inCart = cartStore.getSnapshot().find((l) => sameLine(l, line))?.quantity ?? 0
      const room = Math.max(0, line.stockCount - inCart)
      if (room === 0) {
        show({
          kind: 'short',
          text:
            line.stockCount === 0
              ? m.catalogue_cart_out_of_stock({ item: label })
              : m.catalogue_cart_holds_all({ stock: line.stockCount, item: label }),
        })
        return
      }
      const quantity = Math.min(line.quantity, room)
      try {
        cartStore.add({ ...line, quantity })
      } catch (err) {
        show({ kind: 'error', text: err instanceof Error ? err.message : m.catalogue_cart_not_saved() })
        return
      }
      if (quantity < line.quantity) {
        show({
          kind: 'short',
          text: m.catalogue_cart_added_fewer({ stock: line.stockCount, item: label, added: quantity, total: inCart + quantity }),
        })
      } else {
        show({ kind: 'added', text: m.catalogue_cart_added({ quantity, item: label }) })
      }
    },
    [show],
  )
  return { addToCart, notice }
}
