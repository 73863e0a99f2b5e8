import { asc, inArray } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { orderLines, orders, type shipments } from '~/db/schema'
import type { ShippingAddress } from '../checkout/checkout-schemas'
import { streetLines } from '../checkout/address-lines'
import { orderNumberLabel } from '../orders/order-number'
import { getShopSettings } from '../settings/shop-settings.server'
import { type PackingSlip, packingSlipsPdf, type ShippingLabel, shippingLabelsPdf } from './labels.server'

type ShipmentRow = typeof shipments.$inferSelect

/**
 * The shop's own labels for parcels it sends itself (decision 073): the customer's address as the order has it, the
 * shop's first address to return to, the weight the owner booked, and, for cash on delivery, what the courier collects.
 */
export async function selfShippedLabelsPdf(db: Database, rows: readonly ShipmentRow[]) {
  const { labels } = await labelsAndSlips(db, rows)
  return shippingLabelsPdf(labels)
}

/** The packing slips of the same parcels: what the packer puts in each box. */
export async function packingSlipsOf(db: Database, rows: readonly ShipmentRow[]) {
  const { slips } = await labelsAndSlips(db, rows)
  return packingSlipsPdf(slips)
}

async function labelsAndSlips(db: Database, rows: readonly ShipmentRow[]) {
  const ids = [...new Set(rows.map((r) => r.orderId))]
  const [settings, orderRows, lineRows] = await Promise.all([
    getShopSettings(db),
    db.select().from(orders).where(inArray(orders.id, ids)),
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.name)),
  ])
  const home = settings.addresses[0]!
  const labels: ShippingLabel[] = []
  const slips: PackingSlip[] = []
  for (const shipment of rows) {
    const order = orderRows.find((o) => o.id === shipment.orderId)!
    const a = order.shippingAddress as ShippingAddress
    const collect =
      order.paymentMethod === 'cod' ? { method: 'cod' as const, amountPaise: order.totalPaise } : { method: 'prepaid' as const }
    labels.push({
      orderNumber: orderNumberLabel(order),
      to: { name: a.fullName, lines: streetLines(a), city: a.city, state: a.state, pinCode: a.postalCode, phone: a.phoneNumber },
      returnTo: { name: settings.shopName, lines: home.lines, phone: home.phone || settings.phone },
      weightGrams: shipment.weightGrams,
      courier: shipment.courier,
      trackingNumber: shipment.awb,
      collect,
    })
    slips.push({
      orderNumber: orderNumberLabel(order),
      orderedAt: order.createdAt,
      customerName: a.fullName,
      items: lineRows
        .filter((l) => l.orderId === order.id)
        .map((l) => ({ name: l.name, packSize: l.size === 'one' ? null : l.size, quantity: l.quantity })),
      weightGrams: shipment.weightGrams,
      collect,
    })
  }
  return { labels, slips }
}
