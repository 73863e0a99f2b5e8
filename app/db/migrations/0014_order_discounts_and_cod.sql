ALTER TABLE "orders" DROP CONSTRAINT "orders_total_is_sum";--> statement-breakpoint
DROP INDEX "orders_pending_client_idx";--> statement-breakpoint
DROP INDEX "orders_pending_holder_email_idx";--> statement-breakpoint
DROP INDEX "orders_pending_phone_idx";--> statement-breakpoint
-- A credit note may now go without a refund (a cash-on-delivery parcel returned to origin, decision 043): it gets an id of
-- its own, the refund's id for the notes already issued, so their addresses stay the same. Written by hand: drizzle-kit
-- cannot name the old primary key, nor fill the new column.
ALTER TABLE "credit_notes" ADD COLUMN "id" text;--> statement-breakpoint
UPDATE "credit_notes" SET "id" = "refund_id";--> statement-breakpoint
ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_pkey";--> statement-breakpoint
ALTER TABLE "credit_notes" ALTER COLUMN "id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD PRIMARY KEY ("id");--> statement-breakpoint
ALTER TABLE "credit_notes" ALTER COLUMN "refund_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prepaid_discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_awaiting_confirmation_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'awaiting_confirmation';--> statement-breakpoint
CREATE INDEX "orders_pending_client_idx" ON "orders" USING btree ("client_address") WHERE "orders"."status" in ('pending_payment', 'awaiting_confirmation');--> statement-breakpoint
CREATE INDEX "orders_pending_holder_email_idx" ON "orders" USING btree (regexp_replace(lower("email"), '\+[^@]*@', '@')) WHERE "orders"."status" in ('pending_payment', 'awaiting_confirmation');--> statement-breakpoint
CREATE INDEX "orders_pending_phone_idx" ON "orders" USING btree (("shipping_address"->>'phoneNumber')) WHERE "orders"."status" in ('pending_payment', 'awaiting_confirmation');--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_id_unique" UNIQUE("refund_id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_discount" CHECK ("order_lines"."discount_paise" >= 0 and "order_lines"."discount_paise" <= "order_lines"."unit_price_paise" * "order_lines"."quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discounts" CHECK ("orders"."coupon_discount_paise" >= 0 and "orders"."prepaid_discount_paise" >= 0 and "orders"."cod_fee_paise" >= 0 and "orders"."coupon_discount_paise" + "orders"."prepaid_discount_paise" <= "orders"."subtotal_paise");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_money" CHECK (("orders"."payment_method" = 'online' and "orders"."cod_fee_paise" = 0) or ("orders"."payment_method" = 'cod' and "orders"."prepaid_discount_paise" = 0));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_is_sum" CHECK ("orders"."total_paise" = "orders"."subtotal_paise" - "orders"."coupon_discount_paise" - "orders"."prepaid_discount_paise" + "orders"."delivery_paise" + "orders"."cod_fee_paise");