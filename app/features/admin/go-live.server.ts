import type { ShopConfig } from '~/config.server'
import type { Database } from '~/db/client.server'
import { m } from '~/i18n/paraglide/messages.js'
import { isDemoClaims } from '../catalogue/home-claims'
import { demoCatalogueLeft } from '../catalogue/demo-removal.server'
import { listPolicies } from '../policies/policies.server'
import { DEFAULT_SHOP_SETTINGS, type ShopSettings } from '../settings/shop-settings'
import { getShopSettings } from '../settings/shop-settings.server'

/**
 * The dashboard's go-live checklist (issue 39, decision 071): what a shop needs before it takes real orders, each item
 * read from the shop as it is, so it ticks itself as the owner does it, with where it is done.
 */
export type GoLiveItem = {
  key: 'gstin' | 'fssai' | 'details' | 'policies' | 'sender' | 'claims' | 'demo'
  label: string
  done: boolean
  /** Where it is done. */
  href: string
  /** What is left, in a line. */
  todo: string
}

const demo = DEFAULT_SHOP_SETTINGS
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** Name, phone, e-mail, registered address and grievance officer: none of them the demo's made-up ones. */
function detailsAreOwn(settings: ShopSettings) {
  return (
    settings.shopName !== demo.shopName &&
    settings.phone !== demo.phone &&
    settings.email !== demo.email &&
    !same(settings.addresses[0], demo.addresses[0]) &&
    !same(settings.grievanceOfficer, demo.grievanceOfficer)
  )
}

export async function goLiveChecklist(db: Database, config: Pick<ShopConfig, 'SMTP_URL' | 'MAIL_FROM_SET'>): Promise<GoLiveItem[]> {
  const [settings, policies, demoLeft] = await Promise.all([getShopSettings(db), listPolicies(db), demoCatalogueLeft(db)])
  const templates = policies.filter((policy) => policy.isTemplate).length
  const senderNamed = config.MAIL_FROM_SET || settings.mailSenderName !== ''
  return [
    {
      key: 'gstin',
      label: m.admin_go_live_gstin(),
      done: settings.gstin !== demo.gstin,
      href: '/dash/settings',
      todo: m.admin_go_live_gstin_todo(),
    },
    {
      key: 'fssai',
      label: m.admin_go_live_fssai(),
      done: settings.fssaiLicence !== demo.fssaiLicence,
      href: '/dash/settings#fssai',
      todo: m.admin_go_live_fssai_todo(),
    },
    {
      key: 'details',
      label: m.admin_go_live_details(),
      done: detailsAreOwn(settings),
      href: '/dash/shop',
      todo: m.admin_go_live_details_todo(),
    },
    {
      key: 'policies',
      label: m.admin_go_live_policies(),
      done: templates === 0,
      href: '/dash/policies',
      todo: m.admin_go_live_policies_todo({ count: templates }),
    },
    {
      key: 'sender',
      label: m.admin_go_live_sender(),
      done: senderNamed && Boolean(config.SMTP_URL),
      href: '/dash/shop#mail-sender',
      todo: !config.SMTP_URL ? m.admin_go_live_sender_smtp_todo() : m.admin_go_live_sender_name_todo(),
    },
    {
      key: 'claims',
      label: m.admin_go_live_claims(),
      done: settings.claims.confirmed,
      href: '/dash/shop#claims',
      todo: isDemoClaims(settings.claims) ? m.admin_go_live_claims_demo_todo() : m.admin_go_live_claims_todo(),
    },
    {
      key: 'demo',
      label: m.admin_go_live_demo(),
      done: demoLeft.toRemove + demoLeft.toHide === 0,
      href: '/dash/demo-catalogue',
      todo: m.admin_go_live_demo_todo({ count: demoLeft.toRemove + demoLeft.toHide }),
    },
  ]
}
