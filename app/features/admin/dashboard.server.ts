import type { Database } from '~/db/client.server'
import { startOfShopDay } from '../dates/india-time'
import { lowStockOffers } from '../catalogue/catalogue.server'
import { codFigures } from '../checkout/cod-figures.server'
import { ordersWaitingToShip } from '../orders/admin-orders.server'
import { salesSince } from '../orders/sales.server'
import { listContactMessages } from '../contact/contact.server'
import { listOutbox } from '../mail/outbox.server'
import { ledgerMismatches } from '../stock/ledger.server'
import { paymentsNeedingAttention } from '../payments/attention.server'
import { codAwaitingRemittance } from '../shipping/cod-remittances.server'
import { failedDeliveries, failedDeliveryRows } from '../shipping/shipments.server'

/** At or below this many units a pack size shows on the dashboard's restock list. */
export const LOW_STOCK_UNITS = 5

/** The cash-on-delivery panel's period: today and the days before it, this many in all (India's calendar days). */
export const COD_PERIOD_DAYS = 30

export { startOfShopDay }

/**
 * The start of the COD panel's period: midnight in India `COD_PERIOD_DAYS - 1` days before today, so the figures
 * change when a parcel's outcome is recorded or at the shop's midnight, not hour by hour as a rolling 720 hours would.
 */
export function codPeriodStart(now: Date) {
  return new Date(startOfShopDay(now).getTime() - (COD_PERIOD_DAYS - 1) * 24 * 3_600_000)
}

/** What the owner sees at a glance on /dash. */
export async function loadDashboard(db: Database, now = new Date()) {
  const [today, waiting, lowStock, messages, outbox, stockMismatches, paymentAttention, cod, failed, codWithCourier] = await Promise.all([
    salesSince(db, startOfShopDay(now)),
    ordersWaitingToShip(db),
    lowStockOffers(db, LOW_STOCK_UNITS),
    listContactMessages(db, { show: 'open' }, 1),
    listOutbox(db, { show: 'failed' }, 1),
    // Should always be empty: a pack listed here had its stock changed without a ledger row (decision 027).
    ledgerMismatches(db),
    // Payments the shop could not settle by itself (decision 032).
    paymentsNeedingAttention(db),
    // Cash on delivery: to collect, collected and returned, the RTO rate (decision 043).
    codFigures(db, { since: codPeriodStart(now) }),
    // Parcels a courier could not deliver, waiting for the owner's answer (decision 073).
    failedDeliveries(db),
    // Delivered COD parcels whose cash the courier has not paid yet.
    codAwaitingRemittance(db),
  ])
  return {
    today,
    waiting,
    lowStock,
    openMessages: messages.open,
    failedMails: outbox.counts.failed,
    stockMismatches,
    paymentAttention,
    cod,
    failedDeliveries: failedDeliveryRows(failed),
    codWithCourier: { parcels: codWithCourier.parcels.length, owedPaise: codWithCourier.owedPaise },
  }
}
