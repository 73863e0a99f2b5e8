ALTER TABLE "orders" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_language_known" CHECK ("orders"."language" in ('en', 'ta'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_known" CHECK ("users"."language" is null or "users"."language" in ('en', 'ta'));