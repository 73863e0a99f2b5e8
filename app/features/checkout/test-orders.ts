import { testAddress } from '../../../tests/support/test-address'
import { TEST_SHOP_URL } from '../../../tests/support/test-shop-url'
import type { Database } from '~/db/client.server'
import { coupons, orders, outbox, products, shopSettings } from '~/db/schema'
import type { PaymentProvider } from '../payments/provider'
import type { CreateOrderInput } from './checkout-schemas'
import { createOrder } from './orders.server'
import { confirmPayment } from '../payments/settle.server'

// Orders for the domain tests, placed (and paid) as checkout would.

type TestOrder = Pick<CreateOrderInput, 'items'> &
  Partial<Omit<CreateOrderInput, 'items' | 'shippingAddress'>> & {
    /** What differs from `testAddress` (leave a field out rather than pass it undefined). */
    address?: Partial<CreateOrderInput['shippingAddress']>
    buyerToken?: string
    expiryMinutes?: number
    clientAddress?: string
  }

/** An order awaiting payment, by meena@example.in to `testAddress` unless told, reserved for 30 minutes. */
export function placeTestOrder(
  db: Database,
  provider: PaymentProvider,
  { address, email = 'meena@example.in', buyerToken, expiryMinutes = 30, ...rest }: TestOrder,
) {
  return createOrder(db, provider, TEST_SHOP_URL, {
    ...rest,
    email,
    shippingAddress: { ...testAddress, ...address },
    buyerToken: buyerToken ?? `buyer-${email}`,
    expiryMinutes,
  })
}

/** An order placed and paid (payment id `pay_<number>`), as after a successful checkout. */
export async function placePaidOrder(db: Database, provider: PaymentProvider, order: TestOrder) {
  const created = await placeTestOrder(db, provider, order)
  await confirmPayment(db, TEST_SHOP_URL, created.providerOrderId!, `pay_${created.number}`)
  return created
}

/**
 * Empties what the order tests fill, before each test: the orders (and with them, by their foreign keys, their lines,
 * history, invoices, credit notes, refunds and coupon uses), the outbox, the coupons, the saved settings and the
 * products with their packs.
 */
export async function emptyOrdersAndCatalogue(db: Database) {
  await db.delete(orders)
  await db.delete(outbox)
  await db.delete(coupons)
  await db.delete(shopSettings)
  await db.delete(products)
}
