import { AsyncLocalStorage } from 'node:async_hooks'
import { type ParaglideAsyncLocalStorage, overwriteServerAsyncLocalStorage } from './paraglide/runtime.js'
import type { Language } from './language'

/**
 * The language of the request being answered, for every message the server words while answering it: pages, form
 * errors, mails sent from the request. Paraglide's message functions read it from here (its runtime's storage).
 */
const requestLanguage = new AsyncLocalStorage<{ locale?: Language }>()
overwriteServerAsyncLocalStorage(requestLanguage as ParaglideAsyncLocalStorage)

/** Runs `work` (and all it awaits) in a language: a request's, or an order's when its mail goes out later. */
export function inLanguage<T>(language: Language, work: () => T): T {
  return requestLanguage.run({ locale: language }, work)
}
