import { asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { orderLines, orders, type Role, users } from '~/db/schema'
import { orderNumberLabel } from '../checkout/order-mails'
import { getOrder } from '../checkout/orders.server'
import { emailSchema, newPasswordSchema } from './account-schemas'
import type { ShopAuth } from './auth.server'

/** An account's orders: those placed with its e-mail address, signed in or as a guest. Newest first, with their lines. */
export async function ordersForEmail(db: Database, email: string) {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      totalPaise: orders.totalPaise,
      createdAt: orders.createdAt,
    })
    .from(orders)
    // Checkout keeps the address as typed; accounts keep it in lower case.
    .where(eq(sql`lower(${orders.email})`, email.toLowerCase()))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(200)
  const lines = rows.length
    ? await db
        .select({ orderId: orderLines.orderId, name: orderLines.name, size: orderLines.size, quantity: orderLines.quantity })
        .from(orderLines)
        .where(inArray(orderLines.orderId, rows.map((r) => r.id)))
        .orderBy(asc(orderLines.name))
    : []
  return rows.map((r) => ({
    ...r,
    label: orderNumberLabel(r.number),
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
