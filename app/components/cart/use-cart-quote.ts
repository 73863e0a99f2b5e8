import { languageHeaders } from '~/i18n/language'
import { useEffect, useState } from 'react'
import type { CartQuote } from '~/features/checkout/quote.server'
import type { CartQuoteRequest } from '~/features/checkout/checkout-schemas'
import { type CartLine, cartItemsForServer } from '~/features/cart/cart'
import { m } from '~/i18n/paraglide/messages.js'

export type QuoteState =
  | { state: 'idle' | 'loading'; quote: CartQuote | null; error: null }
  | { state: 'ready'; quote: CartQuote; error: null }
  | { state: 'error'; quote: CartQuote | null; error: string }

/** What else the quote is for: the code typed, the way of paying, and (once known) who and where, for the COD rules. */
export type QuoteFor = Omit<CartQuoteRequest, 'items'>

/**
 * Prices the cart on the server whenever it (or the code, or the way of paying) changes; what the browser stored is
 * never the price.
 */
export function useCartQuote(lines: CartLine[], choice: QuoteFor = {}): QuoteState {
  const [result, setResult] = useState<QuoteState>({ state: 'idle', quote: null, error: null })
  const request: CartQuoteRequest = { items: cartItemsForServer(lines), ...Object.fromEntries(Object.entries(choice).filter(([, v]) => v)) }
  const key = JSON.stringify(request)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the request is compared by its key, not its identity
  useEffect(() => {
    if (lines.length === 0) {
      setResult({ state: 'idle', quote: null, error: null })
      return
    }
    const controller = new AbortController()
    setResult((r) => ({ state: 'loading', quote: r.quote, error: null }))
    fetch('/api/cart/quote', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...languageHeaders() },
      body: key,
      signal: controller.signal,
    })
      .then(async (res) => {
        const body = await res.json().catch(() => null)
        // A newer cart aborted this request while its answer was being read: that answer's body is gone, and
        // the newer request sets the result.
        if (controller.signal.aborted) return
        if (!res.ok || body === null) throw new Error(body?.error ?? m.cart_shop_answered({ status: res.status }))
        setResult({ state: 'ready', quote: body as CartQuote, error: null })
      })
      .catch((err: Error) => {
        if (controller.signal.aborted) return
        setResult((r) => ({ state: 'error', quote: r.quote, error: m.cart_prices_unavailable({ reason: err.message }) }))
      })
    return () => controller.abort()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the request: the cart's content and the choices
  }, [key])
  return result
}
