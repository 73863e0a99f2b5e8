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

/** A customer's mail about their order, worded in the language the order was placed in (`orders.language`). */
export function inOrderLanguage<T>(order: { language?: Language | null }, work: () => T): T {
  return inLanguage(order.language ?? 'en', work)
}

/**
 * The owner's notices (a new order, a message): in English, the shop's first language, whatever the language of the
 * customer whose action sent them, until the owner can choose theirs.
 */
export function inOwnerLanguage<T>(work: () => T): T {
  return inLanguage('en', work)
}
