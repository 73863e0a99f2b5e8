-- The owner's product names and descriptions in Tamil (issue 41); null or empty means not translated.
ALTER TABLE "products" ADD COLUMN "name_ta" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_ta" text;--> statement-breakpoint
-- Search also matches the Tamil words: the generated column is made again (dropping it drops its index too).
ALTER TABLE "products" DROP COLUMN "search_document";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('simple', coalesce(name_ta, '')), 'A') || setweight(to_tsvector('english', coalesce(subcategory, '')), 'B') || setweight(to_tsvector('english', description), 'C') || setweight(to_tsvector('simple', coalesce(description_ta, '')), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_document");
