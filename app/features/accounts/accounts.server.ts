import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm'
import { adminSearchText, z } from '~/zod'
import { m } from '~/i18n/paraglide/messages.js'
import type { Database } from '~/db/client.server'
import { invoices, orderLines, orders, type Role, ROLES, users } from '~/db/schema'
import { orderNumberLabel } from '../orders/order-number'
import { getOrder, orderMoneyColumns } from '../orders/order-lookup.server'
import { emailSchema, newPasswordSchema } from './account-schemas'
import type { ShopAuth } from './auth.server'
import { containsPattern } from '~/db/search'

/** An account's orders: those placed with its e-mail address, signed in or as a guest. Newest first, with their lines. */
export async function ordersForEmail(db: Database, email: string) {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      numberPrefix: orders.numberPrefix,
      status: orders.status,
      ...orderMoneyColumns,
      createdAt: orders.createdAt,
      // As /track tells them: a failed transfer is the shop's to retry, so still on its way.
      // Qualified by hand: in a select list drizzle writes columns unqualified, and "id" would be the refund's own.
      refundedPaise: sql<number>`(select coalesce(sum(r.amount_paise), 0)::int from refunds r where r.order_id = ${orders}.id and r.status = 'processed')`,
      refundingPaise: sql<number>`(select coalesce(sum(r.amount_paise), 0)::int from refunds r where r.order_id = ${orders}.id and r.status <> 'processed')`,
      invoiced: sql<boolean>`exists (select 1 from ${invoices} where ${invoices.orderId} = ${orders.id})`,
    })
    .from(orders)
    // Checkout keeps the address as typed; accounts keep it in lower case.
    .where(eq(sql`lower(${orders.email})`, email.toLowerCase()))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(200)
  const lines = rows.length
    ? await db
        .select({
          orderId: orderLines.orderId,
          name: orderLines.name,
          size: orderLines.size,
          quantity: orderLines.quantity,
          unitPricePaise: orderLines.unitPricePaise,
        })
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(orderLines.name))
    : []
  return rows.map((r) => ({
    ...r,
    label: orderNumberLabel(r),
    lines: lines.filter((l) => l.orderId === r.id).map(({ orderId: _, ...l }) => l),
  }))
}

/** The order, if it was placed with this account's e-mail address and the account has confirmed that address. */
export async function getOrderForAccount(db: Database, orderId: string, user: { email: string; emailVerified: boolean } | null) {
  if (!user?.emailVerified) return null
  const order = await getOrder(db, orderId)
  return order && order.email.toLowerCase() === user.email.toLowerCase() ? order : null
}

export type AccountOrder = Awaited<ReturnType<typeof ordersForEmail>>[number]

export const userListQuerySchema = z.object({
  q: adminSearchText,
  role: z.enum(['all', ...ROLES]).catch('all'),
})

/** Accounts for the admin's Users page, newest first, searched by e-mail, username or phone. */
export async function listUsers(db: Database, query: z.infer<typeof userListQuerySchema>, limit = 100) {
  const conditions: SQL[] = []
  if (query.role !== 'all') conditions.push(eq(users.role, query.role))
  if (query.q) {
    const pattern = containsPattern(query.q)
    conditions.push(or(ilike(users.email, pattern), ilike(users.username, pattern), ilike(users.phone, pattern))!)
  }
  const where = conditions.length ? and(...conditions) : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        username: users.username,
        phone: users.phone,
        role: users.role,
        emailVerified: users.emailVerified,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), asc(users.email))
      .limit(limit),
    db.select({ n: count() }).from(users).where(where),
  ])
  return { total: total!.n, users: rows }
}

export const roleChangeSchema = z.object({
  userId: z
    .string({ error: () => m.accounts_unknown_account() })
    .min(1, { error: () => m.accounts_unknown_account() })
    .max(100, { error: () => m.accounts_unknown_account() }),
  role: z.enum(ROLES, { error: () => m.accounts_choose_role() }),
})

export class RoleChangeRefusedError extends Error {}

/**
 * Makes an account an admin or a customer again. An admin cannot change their own role, so the shop always
 * keeps at least the admin doing the changing. Sessions read the role on every request: it takes effect at once.
 */
export async function setUserRole(db: Database, change: z.infer<typeof roleChangeSchema>, actorId: string) {
  if (change.userId === actorId) throw new RoleChangeRefusedError(m.accounts_own_role())
  const [updated] = await db
    .update(users)
    .set({ role: change.role, updatedAt: new Date() })
    .where(eq(users.id, change.userId))
    .returning({ email: users.email, role: users.role })
  if (!updated) throw new RoleChangeRefusedError(m.accounts_no_such_account())
  return updated
}

export async function roleOf(db: Database, userId: string): Promise<Role | null> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId))
  return row?.role ?? null
}

export class AdminInputError extends Error {}

/**
 * The command line's way to the first admin: creates the account with this password, or makes an existing
 * account an admin (its password stays as it is).
 */
export async function createOrPromoteAdmin(db: Database, auth: ShopAuth, input: { email: string; password: string | undefined }) {
  const parsedEmail = emailSchema.safeParse(input.email)
  if (!parsedEmail.success) throw new AdminInputError(`--email: ${parsedEmail.error.issues[0]!.message}`)
  const email = parsedEmail.data
  const [existing] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email))
  if (existing) {
    if (existing.role === 'admin') return { outcome: 'already-admin' as const, email }
    await db.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, existing.id))
    return { outcome: 'promoted' as const, email }
  }
  if (!input.password) throw new AdminInputError(`There is no account for ${email} yet: give --password to create it.`)
  const password = newPasswordSchema.safeParse(input.password)
  if (!password.success) throw new AdminInputError(`--password: ${password.error.issues[0]!.message}`)
  const username = email.split('@')[0]!.slice(0, 50)
  // Called from the server itself (no request): better-auth lets it set the role.
  await auth.api.createUser({ body: { email, password: password.data, name: username, role: 'admin', data: { username } } })
  return { outcome: 'created' as const, email }
}
