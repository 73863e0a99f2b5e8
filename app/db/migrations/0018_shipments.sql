CREATE TABLE "cod_remittances" (
	"id" serial PRIMARY KEY NOT NULL,
	"utr" text NOT NULL,
	"paid_on" date NOT NULL,
	"amount_paise" integer NOT NULL,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_remittances_utr_unique" UNIQUE("utr"),
	CONSTRAINT "cod_remittances_amount" CHECK ("cod_remittances"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"key" text PRIMARY KEY NOT NULL,
	"shipment_id" text NOT NULL,
	"provider_status" text NOT NULL,
	"status" text,
	"at" timestamp with time zone NOT NULL,
	"applied" boolean NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'booking' NOT NULL,
	"booking_lease_until" timestamp with time zone,
	"provider_order_id" text,
	"provider_shipment_id" text,
	"awb" text,
	"courier_id" text,
	"courier" text,
	"lines" jsonb,
	"weight_grams" integer NOT NULL,
	"box" jsonb NOT NULL,
	"charge_paise" integer,
	"pickup_requested_at" timestamp with time zone,
	"pickup_scheduled_for" text,
	"provider_status" text,
	"status_at" timestamp with time zone,
	"expected_by" date,
	"scans" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure_reason" text,
	"delivery_attempts" integer DEFAULT 0 NOT NULL,
	"next_track_at" timestamp with time zone,
	"cod_remittance_id" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "shipments_weight" CHECK ("shipments"."weight_grams" between 1 and 100000),
	CONSTRAINT "shipments_reference" CHECK (length("shipments"."reference") <= 50)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promised_by" date;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "shipped_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_cod_remittance_id_cod_remittances_id_fk" FOREIGN KEY ("cod_remittance_id") REFERENCES "public"."cod_remittances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id","at");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_provider_awb" ON "shipments" USING btree ("provider","awb") WHERE "shipments"."provider" <> 'self';--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_one_whole_parcel" ON "shipments" USING btree ("order_id") WHERE "shipments"."lines" is null and "shipments"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "shipments_next_track_idx" ON "shipments" USING btree ("next_track_at") WHERE "shipments"."next_track_at" is not null;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_shipped_weight" CHECK ("variants"."shipped_weight_grams" is null or "variants"."shipped_weight_grams" between 1 and 50000);