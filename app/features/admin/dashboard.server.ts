import type { Database } from '~/db/client.server'
import { startOfShopDay } from '../dates/india-time'
import { lowStockOffers } from '../catalogue/catalogue.server'
import { ordersWaitingToShip, salesSince } from '../checkout/fulfilment.server'
import { listContactMessages } from '../contact/contact.server'
import { listOutbox } from '../mail/outbox.server'
import { ledgerMismatches } from '../stock/ledger.server'
import { paymentsNeedingAttention } from '../payments/attention.server'

/** At or below this many units a pack size shows on the dashboard's restock list. */
export const LOW_STOCK_UNITS = 5

export { startOfShopDay }

/** What the owner sees at a glance on /dash. */
export async function loadDashboard(db: Database, now = new Date()) {
  const [today, waiting, lowStock, messages, outbox, stockMismatches, paymentAttention] = await Promise.all([
    salesSince(db, startOfShopDay(now)),
    ordersWaitingToShip(db),
    lowStockOffers(db, LOW_STOCK_UNITS),
    listContactMessages(db, { show: 'open' }, 1),
    listOutbox(db, { show: 'failed' }, 1),
    // Should always be empty: a pack listed here had its stock changed without a ledger row (decision 027).
    ledgerMismatches(db),
    // Payments the shop could not settle by itself (decision 032).
    paymentsNeedingAttention(db),
  ])
  return { today, waiting, lowStock, openMessages: messages.open, failedMails: outbox.counts.failed, stockMismatches, paymentAttention }
}
