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
CREATE INDEX "test_provider_payments_order_idx" ON "test_provider_payments" USING btree ("provider_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_provider_payments_one_paid" ON "test_provider_payments" USING btree ("provider_order_id") WHERE "test_provider_payments"."status" in ('captured', 'authorized', 'refunded');
--> statement-breakpoint
-- Refunds (decision 033): the owner's decision, with what it gives back, and its transfer at the provider.
CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"items" jsonb NOT NULL,
	"reason" text NOT NULL,
	"restock" boolean NOT NULL,
	"speed" text NOT NULL,
	"status" text NOT NULL,
	"provider_refund_id" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"failure_reason" text,
	"next_check_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_paise" > 0)
);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_next_check_idx" ON "refunds" USING btree ("next_check_at") WHERE "refunds"."status" in ('requested', 'pending');--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"refund_id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"document" jsonb NOT NULL
);--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_series_number" ON "credit_notes" USING btree ("series","number");--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id");
