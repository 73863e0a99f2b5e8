import type { Shop } from './shop.server'

declare module 'react-router' {
  interface AppLoadContext {
    shop: Shop
  }
}
export {}
