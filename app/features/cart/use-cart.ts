import { useSyncExternalStore } from 'react'
import { cartCount } from './cart'
import { cartStore } from './cart-store'

/** The cart, live: re-renders on every change, in this tab or another. Empty during server rendering. */
export function useCart() {
  const lines = useSyncExternalStore(cartStore.subscribe, cartStore.getSnapshot, cartStore.getServerSnapshot)
  return { lines, count: cartCount(lines), ...cartStore }
}
