import { useRouteLoaderData } from 'react-router'
import logoFile from '~/assets/logo.svg?no-inline'
import shareImageFile from '~/assets/showcase/freeze-dried-fruits.webp?no-inline'
import type { SharedImage } from '~/features/findability/page-meta'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'

type RootData = { siteUrl?: string } | undefined

/** The shop's absolute origin from the root loader (features/findability/site-url.server.ts); null on an error page without it. */
export function siteUrlOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string | null {
  const root = matches.find((m) => m?.id === 'root')
  return (root?.data as RootData)?.siteUrl ?? null
}

/** What a route's `meta` needs to describe its page: the shop's origin and name. */
export function siteOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]) {
  return { siteUrl: siteUrlOf(matches), shopName: shopSettingsOf(matches).shopName }
}

export function useSiteUrl() {
  return (useRouteLoaderData('root') as RootData)?.siteUrl ?? null
}

/** The logo as a file of its own (the top bar inlines it): search engines take a logo by URL. */
export const LOGO_URL = logoFile

/** The picture of pages without one of their own in link previews: the home page's first showcase, 960 × 640. */
export const SHOP_SHARE_IMAGE: SharedImage = { url: shareImageFile, alt: 'Illustration of banana, mango, sapota, apple and other fruits' }
