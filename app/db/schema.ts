import { sql } from 'drizzle-orm'
import { ORDER_STATUSES, PAYMENT_METHODS } from '../features/orders/statuses'
import { ROLES } from '../features/accounts/roles'
import { REFUND_METHODS } from '../features/payments/refund-methods'
import { SHIPMENT_STATUSES } from '../features/shipping/shipment-status-list'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { tsvector } from './column-types'
import { CATEGORIES } from '~/features/catalogue/category-list'
import { LANGUAGES } from '~/i18n/languages'

export const categoryEnum = pgEnum('category', CATEGORIES)

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** The name and description in Tamil; null or empty means not translated (the English is shown instead). */
    nameTa: text('name_ta'),
    descriptionTa: text('description_ta'),
    category: categoryEnum('category').notNull(),
    /** A shelf within a category, e.g. `biscuits` among herbal products. */
    subcategory: text('subcategory'),
    /** Media keys (content hashes) of the front and back pictures; null until uploaded. */
    frontImage: text('front_image'),
    backImage: text('back_image'),
    /** The GST tariff code printed on invoices (features/invoices); 4 to 8 digits. */
    hsnCode: text('hsn_code').notNull().default(''),
    /** GST charged on this product, in whole percent; prices include it. */
    gstRatePercent: integer('gst_rate_percent').notNull().default(5),
    /**
     * What search matches (features/search): the name weighs most, then the shelf, then the description; the
     * Tamil name and description (migration 0020) as words of their own ('simple': no English stemming).
     * Kept by PostgreSQL itself, so no write path can forget it.
     */
    searchDocument: tsvector('search_document')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('simple', coalesce(name_ta, '')), 'A') || setweight(to_tsvector('english', coalesce(subcategory, '')), 'B') || setweight(to_tsvector('english', description), 'C') || setweight(to_tsvector('simple', coalesce(description_ta, '')), 'C')`,
      ),
    /*
     * What the pack's label declares, shown on the listing (decision 039: Legal Metrology (Packaged Commodities)
     * Rules, 2011, rule 6(1) and 6(10); FSSAI Labelling and Display Regulations, 2020). Blank means not declared.
     */
    ingredients: text('ingredients').notNull().default(''),
    allergens: text('allergens').notNull().default(''),
    /** FSSAI's mark: green (vegetarian), brown (non-vegetarian), or none for what is not food (oils for the skin). */
    dietMark: text('diet_mark', { enum: ['veg', 'non-veg', 'none'] })
      .notNull()
      .default('veg'),
    /** Best before this many months from packing; null when not declared. */
    shelfLifeMonths: integer('shelf_life_months'),
    storage: text('storage').notNull().default(''),
    /** The manufacturer's or packer's name and address, as on the label. */
    manufacturer: text('manufacturer').notNull().default(''),
    countryOfOrigin: text('country_of_origin').notNull().default('India'),
    /** Set when the owner deletes a product that past orders name: hidden from the shop, kept for history. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /**
     * Loaded by the demo catalogue's seed and never edited since: what "Remove the demo catalogue" removes (decision
     * 071). Saving the product form clears it: a demo product the owner has edited is theirs.
     */
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_category_idx').on(t.category, t.subcategory),
    index('products_search_idx').using('gin', t.searchDocument),
    // Typo-tolerant matching of names (pg_trgm): "tokku" finds "thokku".
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    check('products_gst_rate_known', sql`${t.gstRatePercent} in (0, 3, 5, 12, 18, 28, 40)`),
    check('products_hsn_code_digits', sql`${t.hsnCode} = '' or ${t.hsnCode} ~ '^[0-9]{4,8}$'`),
    check('products_diet_mark_known', sql`${t.dietMark} in ('veg', 'non-veg', 'none')`),
    check('products_shelf_life_months', sql`${t.shelfLifeMonths} is null or ${t.shelfLifeMonths} between 1 and 120`),
  ],
)

/**
 * What a customer can put in the cart: a single-price product has one variant (`size` = 'one');
 * a sized product has one per pack size. Stock is kept per variant.
 */
export const variants = pgTable(
  'variants',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size', { enum: ['one', '250g', '500g', '1kg'] }).notNull(),
    pricePaise: integer('price_paise').notNull(),
    /**
     * The maximum retail price printed on the pack, GST included; the price never exceeds it. The shop always writes
     * it; null (a row written by hand) reads as "the price is the MRP".
     */
    mrpPaise: integer('mrp_paise'),
    /** What the pack holds, e.g. 100 g, 30 ml or 60 capsules ('unit'); null when not declared. */
    netQuantity: integer('net_quantity'),
    netUnit: text('net_unit', { enum: ['g', 'ml', 'unit'] }),
    stock: integer('stock').notNull(),
    /**
     * What the pack weighs packed for the courier, in grams (contents, jar or pouch, padding); null until the owner
     * says, when a parcel's weight is proposed from the net quantity (features/shipping/parcels.ts).
     */
    shippedWeightGrams: integer('shipped_weight_grams'),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.size] }),
    check('variants_shipped_weight', sql`${t.shippedWeightGrams} is null or ${t.shippedWeightGrams} between 1 and 50000`),
    check('variants_price_positive', sql`${t.pricePaise} > 0`),
    check('variants_price_within_mrp', sql`${t.mrpPaise} is null or ${t.mrpPaise} >= ${t.pricePaise}`),
    check(
      'variants_net_quantity',
      sql`(${t.netQuantity} is null and ${t.netUnit} is null) or (${t.netQuantity} > 0 and ${t.netUnit} in ('g', 'ml', 'unit'))`,
    ),
    check('variants_stock_not_negative', sql`${t.stock} >= 0`),
  ],
)

/** Why a pack's stock changed: each row of the stock ledger names one (decision 027). */
export const STOCK_CHANGE_REASONS = [
  'opening',
  'new_product',
  'seed',
  'reserved',
  'paid_after_expiry',
  'expired',
  'cancelled',
  'returned',
  'received',
  'damaged',
  'counted',
  'correction',
  'pack_removed',
] as const
export type StockChangeReason = (typeof STOCK_CHANGE_REASONS)[number]

/**
 * Every change of a pack's stock, written in the same transaction as the change, so that a pack's stock is the
 * sum of its rows' `change` (the migration wrote an opening row for the stock each pack had then).
 */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    id: serial('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size', { enum: ['one', '250g', '500g', '1kg'] }).notNull(),
    change: integer('change').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason', { enum: STOCK_CHANGE_REASONS }).notNull(),
    orderId: text('order_id'),
    /** The admin who made the change (their e-mail, as in the order history), or null for orders and the shop itself. */
    admin: text('admin'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_ledger_pack_idx').on(t.productId, t.size, t.id),
    check(
      'stock_ledger_reason_known',
      sql`${t.reason} in ('opening', 'new_product', 'seed', 'reserved', 'paid_after_expiry', 'expired', 'cancelled', 'returned', 'received', 'damaged', 'counted', 'correction', 'pack_removed')`,
    ),
    check('stock_ledger_stock_after_not_negative', sql`${t.stockAfter} >= 0`),
  ],
)

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When, and by which admin, the message was answered or otherwise dealt with. */
  handledAt: timestamp('handled_at', { withTimezone: true }),
  handledBy: text('handled_by'),
})

/** Every mail the shop sends is written here first, in the same transaction as its cause. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
)

/** One row of shop details the owner edits (phone, addresses, hours); see features/settings. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('shop_settings_single_row', sql`${t.id} = 1`)],
)

/**
 * A policy page the owner has edited (features/policies): privacy, terms, shipping, returns, grievance officer. A
 * page without a row shows its template.
 */
export const policyPages = pgTable(
  'policy_pages',
  {
    slug: text('slug').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('policy_pages_slug', sql`${t.slug} in ('privacy', 'terms', 'shipping', 'returns', 'grievance')`)],
)

export { ORDER_STATUSES, type OrderStatus, PAYMENT_METHODS, type PaymentMethod } from '../features/orders/statuses'

/**
 * An order. `id` is unguessable and used in links and the API; `number` is what the customer reads.
 * Stock is taken from the variants when the order is created (the reservation) and given back if it expires.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    number: serial('number').notNull().unique(),
    /**
     * The letters before the number as the order was issued (KO-12): the owner's prefix of the moment (decision 070).
     * A later change of prefix leaves it, so an order's number reads the same forever.
     */
    numberPrefix: text('number_prefix').notNull().default('KO'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending_payment'),
    /** The language the order was placed in: its mails and papers are in it (decision 074). */
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    email: text('email').notNull(),
    shippingAddress: jsonb('shipping_address').notNull(),
    subtotalPaise: integer('subtotal_paise').notNull(),
    deliveryPaise: integer('delivery_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    /** Paid online (through the provider) or cash on delivery (decision 043). */
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull().default('online'),
    /** The coupon the order took, as the shop keeps codes; its use is in coupon_uses. */
    couponCode: text('coupon_code'),
    /** Each discount and the COD fee, so that total = subtotal − coupon − prepaid + delivery + COD fee (decision 042). */
    couponDiscountPaise: integer('coupon_discount_paise').notNull().default(0),
    prepaidDiscountPaise: integer('prepaid_discount_paise').notNull().default(0),
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    currency: text('currency').notNull().default('INR'),
    /** The payment provider the order was opened with (its id in the registry, features/payments/registry.server.ts). */
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').unique(),
    paymentId: text('payment_id'),
    /** Hash of the browser's buyer token: who may read this order without signing in. */
    buyerTokenHash: text('buyer_token_hash').notNull(),
    /** The payment page's key for this checkout, so a reload finds the same order. */
    checkoutKey: text('checkout_key').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Filled in when the order ships: its (first) shipment's courier and AWB, as the customer's pages show them. */
    courier: text('courier'),
    trackingNumber: text('tracking_number'),
    /** The day (India) the customer was promised delivery by at checkout; null when no date was shown. */
    promisedBy: date('promised_by'),
    /** The address the order was placed from, for the cap on units held by unpaid orders (decision 024). */
    clientAddress: text('client_address'),
    /**
     * When the payment reconciliation next asks the provider about this unpaid order (decision 032): a few minutes
     * after it was placed, then later; pushed back further after each failed look-up.
     */
    nextPaymentCheckAt: timestamp('next_payment_check_at', { withTimezone: true }),
    /** Look-ups made so far, and how many of the last ones failed in a row. */
    paymentChecks: integer('payment_checks').notNull().default(0),
    paymentCheckFailures: integer('payment_check_failures').notNull().default(0),
    /** Why the owner must look at this order's payment (an amount that differs, look-ups that keep failing); null when nothing. */
    paymentAttention: text('payment_attention'),
    paymentAttentionAt: timestamp('payment_attention_at', { withTimezone: true }),
    /** The provider's reason for the last failed payment attempt, shown to the customer when they try again. */
    lastPaymentFailure: text('last_payment_failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_status_expiry_idx').on(t.status, t.expiresAt),
    index('orders_email_idx').on(t.email),
    // Units held by unpaid orders (waiting for payment, or for a COD confirmation) are counted per holder
    // (features/checkout/reservation-limits.server.ts).
    index('orders_pending_client_idx').on(t.clientAddress).where(sql`${t.status} in ('pending_payment', 'awaiting_confirmation')`),
    index('orders_pending_holder_email_idx')
      .on(sql`regexp_replace(lower(${t.email}), '\\+[^@]*@', '@')`)
      .where(sql`${t.status} in ('pending_payment', 'awaiting_confirmation')`),
    index('orders_pending_phone_idx')
      .on(sql`(${t.shippingAddress}->>'phoneNumber')`)
      .where(sql`${t.status} in ('pending_payment', 'awaiting_confirmation')`),
    // Cash-on-delivery orders not confirmed in time cancel themselves (features/checkout/cash-on-delivery.server.ts).
    index('orders_awaiting_confirmation_idx').on(t.expiresAt).where(sql`${t.status} = 'awaiting_confirmation'`),
    index('orders_payment_check_idx').on(t.nextPaymentCheckAt).where(sql`${t.status} = 'pending_payment'`),
    index('orders_payment_attention_idx').on(t.paymentAttentionAt).where(sql`${t.paymentAttention} is not null`),
    check('orders_number_prefix', sql`${t.numberPrefix} ~ '^[A-Z0-9]{2,5}$'`),
    check('orders_language_known', sql`${t.language} in ('en', 'ta')`),
    check(
      'orders_total_is_sum',
      sql`${t.totalPaise} = ${t.subtotalPaise} - ${t.couponDiscountPaise} - ${t.prepaidDiscountPaise} + ${t.deliveryPaise} + ${t.codFeePaise}`,
    ),
    check(
      'orders_discounts',
      sql`${t.couponDiscountPaise} >= 0 and ${t.prepaidDiscountPaise} >= 0 and ${t.codFeePaise} >= 0 and ${t.couponDiscountPaise} + ${t.prepaidDiscountPaise} <= ${t.subtotalPaise}`,
    ),
    // The prepaid discount only for paying online, the COD fee only for cash on delivery.
    check(
      'orders_payment_method_money',
      sql`(${t.paymentMethod} = 'online' and ${t.codFeePaise} = 0) or (${t.paymentMethod} = 'cod' and ${t.prepaidDiscountPaise} = 0)`,
    ),
  ],
)

export const orderLines = pgTable(
  'order_lines',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    size: text('size', { enum: ['one', '250g', '500g', '1kg'] }).notNull(),
    /** Name and price as they were when ordered; the product may change or vanish later. */
    name: text('name').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    quantity: integer('quantity').notNull(),
    /** This line's part of the order's discounts, taxed on what is left (decision 042). */
    discountPaise: integer('discount_paise').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.productId, t.size] }),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('order_lines_discount', sql`${t.discountPaise} >= 0 and ${t.discountPaise} <= ${t.unitPricePaise} * ${t.quantity}`),
  ],
)

/** Every status an order has been in, with who moved it there (an admin's e-mail; null for the shop itself). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    note: text('note'),
    actor: text('actor'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
)

/**
 * Webhook deliveries already handled, so a replay changes nothing. Written in the transaction of the delivery's
 * effect (decision 032): a delivery whose handling failed left no row, and its redelivery is handled again.
 */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  event: text('event'),
  orderId: text('order_id'),
  outcome: text('outcome'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The built-in test provider's payments (no Razorpay keys): kept in the shop's database so that every app server
 * sees them and the test shop walks through the same fetch, capture and refund steps as with Razorpay.
 */
export const testProviderPayments = pgTable(
  'test_provider_payments',
  {
    id: text('id').primaryKey(),
    providerOrderId: text('provider_order_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status', { enum: ['authorized', 'captured', 'failed', 'refunded'] }).notNull(),
    amountRefundedPaise: integer('amount_refunded_paise').notNull().default(0),
    /** The idempotency keys of the refunds made, so a key asked again refunds nothing more. */
    refundKeys: jsonb('refund_keys').notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('test_provider_payments_order_idx').on(t.providerOrderId),
    // One payment that went through per order, as Razorpay takes no second payment for a paid order.
    uniqueIndex('test_provider_payments_one_paid').on(t.providerOrderId).where(sql`${t.status} in ('captured', 'authorized', 'refunded')`),
  ],
)

/** Secrets the shop makes for itself on first start (e.g. the test payment provider's key), shared by all instances. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
})

// Accounts (better-auth, app/features/accounts/auth.server.ts). The JS property names are the field names
// better-auth writes (its drizzle adapter addresses columns by them); the columns are snake_case like ours.

export { ROLES, type Role } from '../features/accounts/roles'

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** better-auth's display name; we keep the username here too. */
    name: text('name').notNull(),
    /** Always lower case (better-auth lowers it). */
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    username: text('username').notNull().default(''),
    /** Empty for accounts made from the command line. */
    phone: text('phone').notNull().default(''),
    /** The language the customer chose with the switch (decision 074): theirs on any browser they sign in on. */
    language: text('language', { enum: LANGUAGES }),
    // The admin plugin's fields.
    role: text('role', { enum: ROLES }).notNull().default('user'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_role_known', sql`${t.role} in ('user', 'admin')`),
    check('users_language_known', sql`${t.language} is null or ${t.language} in ('en', 'ta')`),
  ],
)

/** A signed-in browser. The cookie holds the token (signed); the row says until when and for whom. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** Set by the admin plugin when an admin acts as this user. */
    impersonatedBy: text('impersonated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** How a user signs in; for e-mail and password, provider `credential` with the password's scrypt hash. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
)

/** One-time values such as password-reset tokens (stored hashed), each with its expiry. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
)

/** Sign-in, sign-up and reset attempts per client address and path, shared by every app server. */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  /** Milliseconds since the epoch, as better-auth keeps it. */
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
})

/**
 * Requests counted per bucket and client address in fixed windows (app/http/rate-limit.server.ts), shared by
 * every app server. Rows whose window ended long ago are pruned.
 */
export const requestLimits = pgTable('request_limits', {
  /** `${bucket}:${clientAddress}`, e.g. `contact:203.0.113.5`. */
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
})

/**
 * A customer's rating of a product (features/reviews): one per customer and product, editable by its author.
 * `verifiedPurchase` is settled when the review is written or edited, from the customer's paid orders.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    body: text('body').notNull(),
    verifiedPurchase: boolean('verified_purchase').notNull().default(false),
    /** Set when an admin hides the review from the shop; kept so the author's edit does not bring it back. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: text('hidden_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_one_per_customer').on(t.productId, t.userId),
    check('reviews_rating_1_to_5', sql`${t.rating} between 1 and 5`),
  ],
)

/**
 * The last number handed out in each series: one per invoice prefix and Indian financial year (`2026-27` for the
 * prefix KO, as before prefixes could change; `MP/2026-27` for another, decision 070), and `CN/2026-27` for credit notes.
 * Taken with a row lock in the transaction that marks the order paid, so the series has no gaps.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull(),
})

/**
 * A paid order's tax invoice (features/invoices). `document` is everything printed on it (seller, buyer, lines
 * with HSN and GST split, totals) as it was when issued, so later edits to products or settings never change it.
 */
export const invoices = pgTable(
  'invoices',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The series (invoice_counters' key, series.ts): the number is unique within it. */
    series: text('series').notNull(),
    number: integer('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    document: jsonb('document').notNull(),
  },
  (t) => [uniqueIndex('invoices_series_number').on(t.series, t.number)],
)

/**
 * One row per running app server (features/servers): refreshed every 15 s, removed when the server stops cleanly.
 * Rows not seen for a minute belong to servers that are gone. `media` says where the server keeps pictures, so a
 * server can tell whether it and the others serve the same ones.
 */
export const serverHeartbeats = pgTable('server_heartbeats', {
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  media: text('media').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A refund (decision 033): the owner's decision to give money back, with what it gives back (lines and quantities,
 * delivery, or an amount), and its transfer at the payment provider. `status`: requested (written, the provider not
 * yet answered), pending (the provider took it), processed (the money went back), failed (the provider could not;
 * the owner may try the transfer again). `id` with the attempt number is the provider's idempotency key.
 * A cash-on-delivery order's refund is paid by the owner outside the provider, by UPI or bank transfer (decision
 * 069): `method` says so, with the transfer's `reference` and the day it was `paidOn`; it is processed when written
 * and has no speed, so nothing ever sends it to a provider.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountPaise: integer('amount_paise').notNull(),
    items: jsonb('items').notNull(),
    reason: text('reason').notNull(),
    /** Whether the goods went back to stock (damaged goods do not). */
    restock: boolean('restock').notNull(),
    /** The provider's speed; null for a refund paid outside the provider. */
    speed: text('speed', { enum: ['normal', 'optimum'] }),
    status: text('status', { enum: ['requested', 'pending', 'processed', 'failed'] }).notNull(),
    method: text('method', { enum: REFUND_METHODS }).notNull().default('provider'),
    /** The UPI reference or the UTR of a refund paid outside the provider, as the bank prints it; one refund each. */
    reference: text('reference').unique(),
    /** The day in India the owner paid a refund outside the provider. */
    paidOn: date('paid_on'),
    providerRefundId: text('provider_refund_id').unique(),
    attempts: integer('attempts').notNull().default(1),
    failureReason: text('failure_reason'),
    /** When the reconciliation next sends (requested) or looks up (pending) this refund. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_next_check_idx').on(t.nextCheckAt).where(sql`${t.status} in ('requested', 'pending')`),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
    check(
      'refunds_method',
      sql`(${t.method} = 'provider' and ${t.speed} is not null and ${t.reference} is null and ${t.paidOn} is null) or (${t.method} in ('upi', 'bank_transfer') and ${t.speed} is null and ${t.reference} is not null and ${t.paidOn} is not null and ${t.status} = 'processed' and ${t.nextCheckAt} is null and ${t.providerRefundId} is null)`,
    ),
  ],
)

/** A GST credit note, one per refund of an invoiced order: its own gap-free series per financial year (decision 033). */
export const creditNotes = pgTable(
  'credit_notes',
  {
    /** The refund's id for a refund's note (so its address stays the same); `rto_<order id>` for a parcel returned to origin. */
    id: text('id').primaryKey(),
    /** The refund it goes with; null for a COD parcel returned to origin, which takes no money back (decision 043). */
    refundId: text('refund_id')
      .unique()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    series: text('series').notNull(),
    number: integer('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    document: jsonb('document').notNull(),
  },
  (t) => [uniqueIndex('credit_notes_series_number').on(t.series, t.number), index('credit_notes_order_idx').on(t.orderId)],
)

/**
 * A coupon code the owner made (issue 19, decision 042). `code` is kept upper-case: codes are case-insensitive. A
 * percentage is in basis points (500 = 5%), a fixed amount in paise.
 */
export const coupons = pgTable(
  'coupons',
  {
    code: text('code').primaryKey(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    value: integer('value').notNull(),
    minOrderPaise: integer('min_order_paise').notNull().default(0),
    maxDiscountPaise: integer('max_discount_paise'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    totalUses: integer('total_uses'),
    usesPerCustomer: integer('uses_per_customer'),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    productIds: text('product_ids').array().notNull().default(sql`'{}'::text[]`),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    prepaidOnly: boolean('prepaid_only').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('coupons_code_shape', sql`${t.code} ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'`),
    check('coupons_value', sql`${t.value} > 0 and (${t.kind} = 'fixed' or ${t.value} <= 10000)`),
    check(
      'coupons_limits',
      sql`${t.minOrderPaise} >= 0 and coalesce(${t.maxDiscountPaise}, 0) >= 0 and coalesce(${t.totalUses}, 1) > 0 and coalesce(${t.usesPerCustomer}, 1) > 0`,
    ),
    check('coupons_dates', sql`${t.validFrom} is null or ${t.validUntil} is null or ${t.validFrom} < ${t.validUntil}`),
  ],
)

/**
 * A coupon's use by an order, taken in the order's transaction; `releasedAt` is set, in the transaction that expires
 * or cancels the order before dispatch, when the use is given back. Customers are known by e-mail and by phone.
 */
export const couponUses = pgTable(
  'coupon_uses',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    couponCode: text('coupon_code')
      .notNull()
      .references(() => coupons.code),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    discountPaise: integer('discount_paise').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    index('coupon_uses_code_idx').on(t.couponCode).where(sql`${t.releasedAt} is null`),
    check('coupon_uses_discount', sql`${t.discountPaise} >= 0`),
  ],
)

/**
 * A parcel of an order, booked with a shipping provider (decision 073): usually one per order, more when the owner
 * splits it (`lines` then names what it holds; null means the whole order). Every change of status is also a line of
 * the order's history, written in the same transaction.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The shipping provider's id in the registry (features/shipping/registry.server.ts). */
    provider: text('provider').notNull(),
    /** The shop's id for this parcel at the provider (Shiprocket's `order_id`, at most 50 characters, never reused). */
    reference: text('reference').notNull().unique(),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull().default('booking'),
    /** While `booking`: until when the server asking the provider holds it (decision 073); null once booked or failed. */
    bookingLeaseUntil: timestamp('booking_lease_until', { withTimezone: true }),
    providerOrderId: text('provider_order_id'),
    providerShipmentId: text('provider_shipment_id'),
    awb: text('awb'),
    courierId: text('courier_id'),
    courier: text('courier'),
    /** Null for the whole order; else the lines (product, size, quantity) this parcel holds. */
    lines: jsonb('lines'),
    weightGrams: integer('weight_grams').notNull(),
    /** The box it travels in: its name and outside size in cm. */
    box: jsonb('box').notNull(),
    /** What the courier charges the shop, when the provider says. */
    chargePaise: integer('charge_paise'),
    pickupRequestedAt: timestamp('pickup_requested_at', { withTimezone: true }),
    pickupScheduledFor: text('pickup_scheduled_for'),
    /** The provider's own last status, kept even when the shop has no name for it. */
    providerStatus: text('provider_status'),
    /** When the courier recorded the event that set `status` (events older than it do not move it). */
    statusAt: timestamp('status_at', { withTimezone: true }),
    /** The courier's expected delivery day (India), as last told. */
    expectedBy: date('expected_by'),
    /** The courier's scans, newest first, as last told (place, activity, time). */
    scans: jsonb('scans').notNull().default([]),
    /** A failed delivery's reason and attempts, until the parcel moves on. */
    failureReason: text('failure_reason'),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    /** When the poll next asks the provider about this parcel in transit (a webhook may be lost). */
    nextTrackAt: timestamp('next_track_at', { withTimezone: true }),
    /** A delivered COD parcel's cash, once the courier has paid it to the shop. */
    codRemittanceId: integer('cod_remittance_id').references(() => codRemittances.id),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shipments_order_idx').on(t.orderId),
    // A courier's AWB names one parcel: its tracking events find the shipment by it. A number the owner types for a
    // parcel sent by hand is theirs to repeat (a post office's bundle, a typo put right later).
    uniqueIndex('shipments_provider_awb').on(t.provider, t.awb).where(sql`${t.provider} <> 'self'`),
    // Two servers booking the same order at once make one shipment: one parcel for the whole order that is not cancelled.
    uniqueIndex('shipments_one_whole_parcel').on(t.orderId).where(sql`${t.lines} is null and ${t.status} <> 'cancelled'`),
    index('shipments_next_track_idx').on(t.nextTrackAt).where(sql`${t.nextTrackAt} is not null`),
    check('shipments_weight', sql`${t.weightGrams} between 1 and 100000`),
    check('shipments_reference', sql`length(${t.reference}) <= 50`),
  ],
)

/**
 * Tracking events already applied, so a webhook delivered twice (or to two servers) and the poll's answer change
 * a shipment once. Written in the transaction of the event's effect.
 */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    /** provider, AWB, the provider's status code and the courier's time: the same event read twice has the same key. */
    key: text('key').primaryKey(),
    shipmentId: text('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    providerStatus: text('provider_status').notNull(),
    status: text('status', { enum: SHIPMENT_STATUSES }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Whether it moved the shipment (an older or unknown event is kept, and moves nothing). */
    applied: boolean('applied').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipment_events_shipment_idx').on(t.shipmentId, t.at)],
)

/** Cash a courier collected on COD parcels and paid to the shop, as the owner records it from the bank (UTR). */
export const codRemittances = pgTable(
  'cod_remittances',
  {
    id: serial('id').primaryKey(),
    utr: text('utr').notNull().unique(),
    paidOn: date('paid_on').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    recordedBy: text('recorded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('cod_remittances_amount', sql`${t.amountPaise} > 0`)],
)
