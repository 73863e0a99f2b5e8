ALTER TABLE "products" ADD COLUMN "ingredients" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "allergens" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "diet_mark" text DEFAULT 'veg' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shelf_life_months" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "storage" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "country_of_origin" text DEFAULT 'India' NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "mrp_paise" integer;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "net_quantity" integer;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "net_unit" text;--> statement-breakpoint
-- Packs sold before MRPs were recorded: their price is the MRP until the owner says otherwise (decision 039), and a
-- pack size names its own net quantity.
UPDATE "variants" SET "mrp_paise" = "price_paise";--> statement-breakpoint
UPDATE "variants" SET "net_quantity" = CASE "size" WHEN '250g' THEN 250 WHEN '500g' THEN 500 WHEN '1kg' THEN 1000 END, "net_unit" = 'g' WHERE "size" <> 'one';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_diet_mark_known" CHECK ("products"."diet_mark" in ('veg', 'non-veg', 'none'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shelf_life_months" CHECK ("products"."shelf_life_months" is null or "products"."shelf_life_months" between 1 and 120);--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_price_within_mrp" CHECK ("variants"."mrp_paise" is null or "variants"."mrp_paise" >= "variants"."price_paise");--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_net_quantity" CHECK (("variants"."net_quantity" is null and "variants"."net_unit" is null) or ("variants"."net_quantity" > 0 and "variants"."net_unit" in ('g', 'ml', 'unit')));