import { m } from '~/i18n/paraglide/messages.js'
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { codRemittances, orderEvents, orders, shipments } from '~/db/schema'
import { isUniqueViolation } from '~/db/unique-violation.server'
import { formatRupees } from '../money/money'
import { orderNumberLabel } from '../orders/order-number'
import { text, z } from '~/zod'
import { isCalendarDay } from '../dates/india-time'

/**
 * A delivered COD parcel's cash is with the courier until the courier pays it to the shop (Shiprocket remits COD
 * in cycles, by bank transfer). The owner records each remittance from the bank statement — the day, the UTR and the
 * parcels it covers — so the dashboard can say what is still owed (decision 073).
 */
export const codRemittanceSchema = z.object({
  utr: text({
    label: 'UTR',
    max: 40,
    missing: m.shipping_enter_utr,
    oneLine: true,
    tooLong: m.shipping_utr_too_long,
  }).pipe(z.string().regex(/^[A-Za-z0-9-]{6,40}$/, { error: () => m.shipping_utr_format() })),
  paidOn: z
    .string({ error: () => m.shipping_enter_money_day() })
    .trim()
    .refine(isCalendarDay, { error: () => m.shipping_day_format() }),
  shipmentIds: z
    .array(z.string().trim().min(1).max(40))
    .min(1, { error: () => m.shipping_tick_remitted() })
    .max(500, { error: () => m.shipping_remit_at_most() }),
})
export type CodRemittanceInput = z.infer<typeof codRemittanceSchema>

export class RemittanceRefusedError extends Error {}

/** COD parcels delivered whose cash the courier has not paid yet, oldest first, with the sum owed. */
export async function codAwaitingRemittance(db: Database) {
  const rows = await db
    .select({
      shipmentId: shipments.id,
      awb: shipments.awb,
      courier: shipments.courier,
      deliveredAt: shipments.statusAt,
      orderId: orders.id,
      number: orders.number,
      numberPrefix: orders.numberPrefix,
      totalPaise: orders.totalPaise,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(eq(shipments.status, 'delivered'), eq(orders.paymentMethod, 'cod'), isNull(shipments.codRemittanceId)))
    .orderBy(asc(shipments.statusAt))
  return { parcels: rows, owedPaise: rows.reduce((sum, r) => sum + r.totalPaise, 0) }
}

/** Records a remittance: every parcel must be a delivered COD parcel not yet covered; each order's history says so. */
export async function recordCodRemittance(db: Database, input: CodRemittanceInput, actor: string) {
  return db
    .transaction(async (tx) => {
      const ids = [...new Set(input.shipmentIds)]
      const parcels = await tx
        .select({
          id: shipments.id,
          orderId: shipments.orderId,
          remitted: shipments.codRemittanceId,
          status: shipments.status,
          method: orders.paymentMethod,
          totalPaise: orders.totalPaise,
          number: orders.number,
          numberPrefix: orders.numberPrefix,
        })
        .from(shipments)
        .innerJoin(orders, eq(orders.id, shipments.orderId))
        .where(inArray(shipments.id, ids))
        .for('update', { of: shipments })
      if (parcels.length !== ids.length) throw new RemittanceRefusedError(m.shipping_remit_missing_parcel())
      const wrong = parcels.find((p) => p.status !== 'delivered' || p.method !== 'cod' || p.remitted !== null)
      if (wrong) throw new RemittanceRefusedError(m.shipping_remit_not_owed({ order: orderNumberLabel(wrong) }))
      const amountPaise = parcels.reduce((sum, p) => sum + p.totalPaise, 0)
      const [remittance] = await tx
        .insert(codRemittances)
        .values({ utr: input.utr.toUpperCase(), paidOn: input.paidOn, amountPaise, recordedBy: actor })
        .returning()
      await tx.update(shipments).set({ codRemittanceId: remittance!.id, updatedAt: new Date() }).where(inArray(shipments.id, ids))
      await tx.insert(orderEvents).values(
        parcels.map((p) => ({
          orderId: p.orderId,
          status: 'delivered' as const,
          note: `COD cash ${formatRupees(p.totalPaise)} remitted by the courier on ${input.paidOn} (UTR ${remittance!.utr})`,
          actor,
        })),
      )
      return remittance!
    })
    .catch((err) => {
      if (isUniqueViolation(err)) throw new RemittanceRefusedError(m.shipping_utr_recorded_already({ utr: input.utr.toUpperCase() }))
      throw err
    })
}

/** Remittances recorded, newest first. */
export async function listCodRemittances(db: Database, limit = 20) {
  return db
    .select({
      id: codRemittances.id,
      utr: codRemittances.utr,
      paidOn: codRemittances.paidOn,
      amountPaise: codRemittances.amountPaise,
      // Qualified by hand: in a select list Drizzle writes columns bare, and both tables have an id.
      parcels: sql<number>`(select count(*)::int from shipments s where s.cod_remittance_id = cod_remittances.id)`,
    })
    .from(codRemittances)
    .orderBy(sql`${codRemittances.paidOn} desc, ${codRemittances.id} desc`)
    .limit(limit)
}
