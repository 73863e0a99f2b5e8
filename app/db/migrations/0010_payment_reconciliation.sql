-- The payment reconciliation (decision 032): when each unpaid order is next looked up at the provider, how its
-- look-ups went, and why the owner must look at it.
ALTER TABLE "orders" ADD COLUMN "next_payment_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_check_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_attention" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_attention_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "last_payment_failure" text;--> statement-breakpoint
-- Orders already waiting are looked up at their expiry, as before.
UPDATE "orders" SET "next_payment_check_at" = "expires_at" WHERE "status" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "orders_payment_check_idx" ON "orders" USING btree ("next_payment_check_at") WHERE "orders"."status" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "orders_payment_attention_idx" ON "orders" USING btree ("payment_attention_at") WHERE "orders"."payment_attention" is not null;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "event" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "order_id" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "outcome" text;--> statement-breakpoint
CREATE TABLE "test_provider_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_order_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"status" text NOT NULL,
	"amount_refunded_paise" integer DEFAULT 0 NOT NULL,
	"refund_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "test_provider_payments_order_idx" ON "test_provider_payments" USING btree ("provider_order_id");
