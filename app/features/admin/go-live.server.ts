import type { ShopConfig } from '~/config.server'
import type { Database } from '~/db/client.server'
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
      label: 'Your GSTIN',
      done: settings.gstin !== demo.gstin,
      href: '/dash/settings',
      todo: 'The GSTIN on invoices is the demo’s made-up one.',
    },
    {
      key: 'fssai',
      label: 'Your FSSAI licence number',
      done: settings.fssaiLicence !== demo.fssaiLicence,
      href: '/dash/settings#fssai',
      todo: 'The footer and invoices show the demo’s made-up number.',
    },
    {
      key: 'details',
      label: 'The shop’s name, contacts, address and grievance officer',
      done: detailsAreOwn(settings),
      href: '/dash/shop',
      todo: 'Some of them are still the demo shop’s.',
    },
    {
      key: 'policies',
      label: 'Policy pages reviewed and published',
      done: templates === 0,
      href: '/dash/policies',
      todo: `${templates === 1 ? '1 page still shows' : `${templates} pages still show`} the template.`,
    },
    {
      key: 'sender',
      label: 'Mail: who it comes from, and a mail server',
      done: senderNamed && Boolean(config.SMTP_URL),
      href: '/dash/shop#mail-sender',
      todo: !config.SMTP_URL
        ? 'Set SMTP_URL (and MAIL_FROM) in the server’s settings: until then mails wait in the outbox.'
        : 'Set the sender name, or MAIL_FROM in the server’s settings.',
    },
    {
      key: 'claims',
      label: 'The home page’s claims confirmed',
      done: settings.claims.confirmed,
      href: '/dash/shop#claims',
      todo: isDemoClaims(settings.claims) ? 'The home page makes the demo shop’s claims, marked as demo text.' : 'Confirm them.',
    },
    {
      key: 'demo',
      label: 'The demo catalogue removed',
      done: demoLeft.toRemove + demoLeft.toHide === 0,
      href: '/dash/demo-catalogue',
      todo: `${demoLeft.toRemove + demoLeft.toHide} demo products are on sale.`,
    },
  ]
}
