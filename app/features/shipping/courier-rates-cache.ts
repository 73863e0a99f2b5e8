import type { CourierRatesLookup } from './delivery-estimate'
import type { CourierRate } from './provider'

/**
 * Remembers the couriers' answers for a PIN, so a customer typing PINs, the cart re-pricing and the order being placed
 * ask the provider once: at most `maxEntries` answers (the oldest asked goes first), each for `ttlMs` (3 hours by
 * default: a courier's serviceability and dates change by the day, not the minute). Weights are asked by the 500 g
 * slab they fall in, as couriers price them, so carts a few grams apart share an answer. Questions asked at once
 * share one call; a failed call is not remembered.
 */
export function cachedCourierRates(
  lookup: CourierRatesLookup,
  { maxEntries = 2_000, ttlMs = 3 * 3_600_000, clock = Date.now }: { maxEntries?: number; ttlMs?: number; clock?: () => number } = {},
): CourierRatesLookup & { size(): number } {
  const answers = new Map<string, { at: number; rates: Promise<CourierRate[]> }>()
  const cached: CourierRatesLookup = (question) => {
    const slabGrams = Math.max(500, Math.ceil(question.weightGrams / 500) * 500)
    const key = `${question.pin}:${slabGrams}:${question.cod ? 'cod' : 'prepaid'}`
    const now = clock()
    const hit = answers.get(key)
    if (hit && now - hit.at < ttlMs) {
      // Map keeps insertion order: moving a used answer to the end makes the first one the least recently used.
      answers.delete(key)
      answers.set(key, hit)
      return hit.rates
    }
    const rates = lookup({ ...question, weightGrams: slabGrams })
    answers.delete(key)
    answers.set(key, { at: now, rates })
    rates.catch(() => {
      if (answers.get(key)?.rates === rates) answers.delete(key)
    })
    while (answers.size > maxEntries) answers.delete(answers.keys().next().value!)
    return rates
  }
  return Object.assign(cached, { size: () => answers.size })
}
