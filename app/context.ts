import type { Logger } from './log.server'
import type { Shop } from './shop.server'

declare module 'react-router' {
  interface AppLoadContext {
    shop: Shop
    /** The client's address: the socket's, or from X-Forwarded-For when TRUST_PROXY says so (server/app.ts). */
    clientAddress: string
    /** The request's logger: every line carries its request id (server/app.ts). */
    log: Logger
    /** This answer's Content-Security-Policy nonce (server/app.ts): React Router's inline scripts carry it. */
    cspNonce?: string
    /** Set by handleError (app/entry.server.tsx) when the database was away: server/app.ts answers 503. */
    databaseUnavailable?: boolean
    /**
     * This browser's form token, setting its form-key cookie when it has none (server/app.ts, decision 034).
     * Absent when the page is rendered for everyone (the page cache): such pages hold no form that posts.
     */
    formToken?: () => Promise<string>
  }
}
