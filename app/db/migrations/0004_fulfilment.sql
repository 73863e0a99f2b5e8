CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"actor" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
-- Orders placed before the history existed get the events their columns still tell.
INSERT INTO "order_events" ("order_id", "status", "note", "created_at") SELECT "id", 'pending_payment', 'Order placed', "created_at" FROM "orders";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "status", "note", "created_at") SELECT "id", 'paid', 'Payment ' || coalesce("payment_id", ''), "paid_at" FROM "orders" WHERE "paid_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "status", "created_at") SELECT "id", "status", "updated_at" FROM "orders" WHERE "status" NOT IN ('pending_payment', 'paid');
