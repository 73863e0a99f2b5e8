import { useRouteLoaderData } from 'react-router'
import { mediaBaseFor } from '~/features/media/media-url'
import { DEFAULT_SHOP_SETTINGS, type StorefrontSettings } from '~/features/settings/shop-settings'

type RootData = { settings?: StorefrontSettings; siteUrl?: string; mediaBase?: string } | undefined

/** The shop settings the root loader read; the defaults when it could not (an error page, say). */
export function useShopSettings(): StorefrontSettings {
  return (useRouteLoaderData('root') as RootData)?.settings ?? DEFAULT_SHOP_SETTINGS
}

/** Where pictures are fetched from (PUBLIC_MEDIA_URL or /media), as the root loader said. */
export function useMediaBase(): string {
  return mediaBaseFor((useRouteLoaderData('root') as RootData)?.mediaBase)
}

/** The same for a route's `meta` function, which gets the matched routes' data instead of hooks. */
export function shopSettingsOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]): StorefrontSettings {
  const root = matches.find((m) => m?.id === 'root')
  return (root?.data as RootData)?.settings ?? DEFAULT_SHOP_SETTINGS
}

/**
 * What a route's `meta` needs to describe its page (features/findability/page-meta.ts): the shop's absolute origin
 * from the root loader (null on an error page without it), its name, and where its pictures are.
 */
export function siteOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]) {
  const root = matches.find((m) => m?.id === 'root')
  const data = root?.data as RootData
  return { siteUrl: data?.siteUrl ?? null, shopName: shopSettingsOf(matches).shopName, mediaBase: mediaBaseFor(data?.mediaBase) }
}
