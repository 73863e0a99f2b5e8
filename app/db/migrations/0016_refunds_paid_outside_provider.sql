-- Refunds paid by the owner outside the payment provider, by UPI or bank transfer, for cash-on-delivery orders
-- (decision 069): how each refund was paid, the transfer's reference (one refund each) and its day; such a refund has
-- no speed and is processed when written, so nothing sends it to a provider.
ALTER TABLE "refunds" ALTER COLUMN "speed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "method" text DEFAULT 'provider' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "paid_on" date;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reference_unique" UNIQUE("reference");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method" CHECK (("refunds"."method" = 'provider' and "refunds"."speed" is not null and "refunds"."reference" is null and "refunds"."paid_on" is null) or ("refunds"."method" in ('upi', 'bank_transfer') and "refunds"."speed" is null and "refunds"."reference" is not null and "refunds"."paid_on" is not null and "refunds"."status" = 'processed' and "refunds"."next_check_at" is null and "refunds"."provider_refund_id" is null));
