/**
 * `amount` paise shared over `weights` in proportion, in whole paise: each share is its exact part rounded down, and
 * the paise left over go one each to the largest remainders (ties to the earlier weight). The shares add up to
 * `amount` exactly and a weight of 0 gets nothing. In integers throughout (BigInt), so an order of crores rounds the
 * way one of rupees does: amount × weight can pass 2^53 where a floating division would drift.
 */
export function apportion(amount: number, weights: number[]): number[] {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`An amount to share must be whole, non-negative paise, not ${amount}`)
  for (const w of weights)
    if (!Number.isSafeInteger(w) || w < 0) throw new RangeError(`A weight must be a whole, non-negative number, not ${w}`)
  const total = weights.reduce((a, b) => a + BigInt(b), 0n)
  if (total === 0n) {
    if (amount === 0) return weights.map(() => 0)
    throw new RangeError('Nothing to share the amount over')
  }
  const big = BigInt(amount)
  const shares = weights.map((w) => (big * BigInt(w)) / total)
  const remainders = weights.map((w, i) => ({ i, rest: (big * BigInt(w)) % total }))
  let left = Number(big - shares.reduce((a, b) => a + b, 0n))
  remainders.sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1))
  for (const { i } of remainders) {
    if (left === 0) break
    shares[i]! += 1n
    left--
  }
  return shares.map(Number)
}
