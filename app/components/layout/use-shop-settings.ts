import { useRouteLoaderData } from 'react-router'
import { DEFAULT_SHOP_SETTINGS, type ShopSettings } from '~/features/settings/shop-settings'

type RootData = { settings?: ShopSettings } | undefined

/** The shop settings the root loader read; the defaults when it could not (an error page, say). */
export function useShopSettings(): ShopSettings {
  return (useRouteLoaderData('root') as RootData)?.settings ?? DEFAULT_SHOP_SETTINGS
}

/** The same for a route's `meta` function, which gets the matched routes' data instead of hooks. */
export function shopSettingsOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]): ShopSettings {
  const root = matches.find((m) => m?.id === 'root')
  return (root?.data as RootData)?.settings ?? DEFAULT_SHOP_SETTINGS
}
