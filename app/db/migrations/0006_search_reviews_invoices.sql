-- pg_trgm for typo-tolerant search (trusted since PostgreSQL 13: the database owner may create it; PGlite loads it in client.server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"order_id" text PRIMARY KEY NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"document" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"user_id" text NOT NULL,
	"rating" integer NOT NULL,
	"body" text NOT NULL,
	"verified_purchase" boolean DEFAULT false NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_1_to_5" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate_percent" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', coalesce(subcategory, '')), 'B') || setweight(to_tsvector('english', description), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_number" ON "invoices" USING btree ("series","number");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_customer" ON "reviews" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gst_rate_known" CHECK ("products"."gst_rate_percent" in (0, 3, 5, 12, 18, 28, 40));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hsn_code_digits" CHECK ("products"."hsn_code" = '' or "products"."hsn_code" ~ '^[0-9]{4,8}$');--> statement-breakpoint
-- Tariff codes and GST rates for the products already on the shelves; the owner corrects them in the admin.
UPDATE "products" SET "hsn_code" = CASE "category"::text WHEN 'herbal' THEN '1211' WHEN 'freeze-dried-fruit' THEN '0813' WHEN 'dehydrated-fruit' THEN '0813' WHEN 'freeze-dried-vegetable' THEN '0712' WHEN 'dehydrated-vegetable' THEN '0712' WHEN 'essential-oils' THEN '3301' WHEN 'spices' THEN '0910' WHEN 'dry-fruits' THEN '0802' WHEN 'capsules-tablets' THEN '2106' WHEN 'ready-to-eat' THEN '2106' WHEN 'thokku' THEN '2001' ELSE '' END, "gst_rate_percent" = CASE "category"::text WHEN 'essential-oils' THEN 18 WHEN 'capsules-tablets' THEN 18 ELSE 5 END;
