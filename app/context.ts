import type { Shop } from './shop.server'

declare module 'react-router' {
  interface AppLoadContext {
    shop: Shop
    /** The client's address: the socket's, or from X-Forwarded-For when TRUST_PROXY says so (server/app.ts). */
    clientAddress: string
  }
}
export {}
