import { useSyncExternalStore } from 'react'
import { checkoutChoicesStore } from '~/features/cart/checkout-choices'

/** The coupon code and the way of paying chosen for this checkout, live across tabs (features/cart/checkout-choices.ts). */
export function useCheckoutChoices() {
  const choices = useSyncExternalStore(
    checkoutChoicesStore.subscribe,
    checkoutChoicesStore.getSnapshot,
    checkoutChoicesStore.getServerSnapshot,
  )
  return { ...choices, ...checkoutChoicesStore }
}
