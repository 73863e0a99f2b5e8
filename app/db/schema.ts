import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { CATEGORIES } from '~/features/catalogue/categories'

export const categoryEnum = pgEnum('category', CATEGORIES)

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    category: categoryEnum('category').notNull(),
    /** A shelf within a category, e.g. `biscuits` among herbal products. */
    subcategory: text('subcategory'),
    /** Media keys (content hashes) of the front and back pictures; null until uploaded. */
    frontImage: text('front_image'),
    backImage: text('back_image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('products_category_idx').on(t.category, t.subcategory)],
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
    stock: integer('stock').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.size] }),
    check('variants_price_positive', sql`${t.pricePaise} > 0`),
    check('variants_stock_not_negative', sql`${t.stock} >= 0`),
  ],
)

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Every mail the shop sends is written here first, in the same transaction as its cause. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
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
