/**
 * The payment page's key for one checkout, kept in sessionStorage with a fingerprint of what is being bought.
 * A reload sends the same key (and so finds the same order); a changed cart or address gets a new one.
 */
const KEY = 'checkoutKey'

function randomKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(18))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

export function checkoutKeyFor(fingerprint: string) {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as { key: string; fingerprint: string } | null
    if (saved && saved.fingerprint === fingerprint && typeof saved.key === 'string') return saved.key
  } catch {
    // A damaged entry is replaced below.
  }
  const key = randomKey()
  window.sessionStorage.setItem(KEY, JSON.stringify({ key, fingerprint }))
  return key
}

export function forgetCheckoutKey() {
  window.sessionStorage.removeItem(KEY)
}
