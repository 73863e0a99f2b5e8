-- Every change of a pack's stock is a row here, written in the same transaction as the change (decision 027).
CREATE TABLE "stock_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"size" text NOT NULL,
	"change" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" text,
	"admin" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_ledger_reason_known" CHECK ("stock_ledger"."reason" in ('opening', 'new_product', 'seed', 'reserved', 'paid_after_expiry', 'expired', 'cancelled', 'returned', 'received', 'damaged', 'counted', 'correction', 'pack_removed')),
	CONSTRAINT "stock_ledger_stock_after_not_negative" CHECK ("stock_ledger"."stock_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_ledger_pack_idx" ON "stock_ledger" USING btree ("product_id","size","id");--> statement-breakpoint
-- The opening rows: the stock every pack has now, so that stock = the sum of its ledger rows from here on.
INSERT INTO "stock_ledger" ("product_id", "size", "change", "stock_after", "reason", "note")
SELECT "product_id", "size", "stock", "stock", 'opening', 'Stock when the ledger began'
FROM "variants" WHERE "stock" <> 0 ORDER BY "product_id", "size";
