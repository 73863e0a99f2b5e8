import { createContext, useContext } from 'react'

/**
 * This answer's CSP nonce while the server renders (app/entry.server.tsx provides it); '' in the browser, which
 * is also what the browser shows of a nonce attribute once it has read it, so hydration finds them equal.
 */
export const CspNonce = createContext('')

export const useCspNonce = () => useContext(CspNonce)
