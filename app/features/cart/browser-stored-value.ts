/**
 * A value kept in the browser's localStorage under one key, in the shape React's useSyncExternalStore reads: the same
 * object while the stored text is unchanged, `fallback` on the server and when storage cannot be read, and every
 * subscriber told of a change made here or in another tab (the `storage` event). localStorage is the source of
 * truth, so every tab sees the same value. Serves the cart and the checkout choices.
 */
export function browserStoredValue<T>({
  key,
  parse,
  fallback,
  alsoStore,
  cannotSave,
}: {
  key: string
  /** The stored text (null when there is none) as a value; the storage is the browser's to change, so anything. */
  parse: (raw: string | null) => T
  fallback: T
  /** What else is written with each value, in the same attempt (the cart's subtotal beside it). */
  alsoStore?: (value: T) => void
  /** The message when the browser refuses to store it, worded when the save fails (in the page's language). */
  cannotSave: string | (() => string)
}) {
  type Listener = () => void
  const listeners = new Set<Listener>()
  let cached: { raw: string | null; value: T } | undefined

  function read(): T {
    if (typeof window === 'undefined') return fallback
    let raw: string | null = null
    try {
      raw = window.localStorage.getItem(key)
    } catch {
      return fallback
    }
    if (cached?.raw !== raw) cached = { raw, value: parse(raw) }
    return cached.value
  }

  function write(value: T) {
    try {
      window.localStorage.setItem(key, JSON.stringify(value))
      alsoStore?.(value)
    } catch {
      throw new Error(typeof cannotSave === 'function' ? cannotSave() : cannotSave)
    }
    for (const listener of listeners) listener()
  }

  return {
    write,
    getSnapshot: read,
    getServerSnapshot: () => fallback,
    subscribe(listener: Listener) {
      listeners.add(listener)
      const onStorage = (e: StorageEvent) => {
        if (e.key === null || e.key === key) listener()
      }
      window.addEventListener('storage', onStorage)
      return () => {
        listeners.delete(listener)
        window.removeEventListener('storage', onStorage)
      }
    },
  }
}
