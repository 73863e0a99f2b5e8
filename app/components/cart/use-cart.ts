import { useSyncExternalStore } from 'react'
import { cartCount } from '~/features/cart/cart'
import { cartStore } from '~/features/cart/cart-store'
import { useHydrated } from '../layout/use-hydrated'

/**
 * The cart, live: re-renders on every change, in this tab or another. The cart lives in the browser, so
 * during server rendering and hydration it is not known yet (`loaded` false) rather than empty.
 */
export function useCart() {
  const lines = useSyncExternalStore(cartStore.subscribe, cartStore.getSnapshot, cartStore.getServerSnapshot)
  const loaded = useHydrated()
  return { lines, loaded, count: cartCount(lines), ...cartStore }
}
