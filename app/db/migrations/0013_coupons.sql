CREATE TABLE "coupon_uses" (
	"order_id" text PRIMARY KEY NOT NULL,
	"coupon_code" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"discount_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "coupon_uses_discount" CHECK ("coupon_uses"."discount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_order_paise" integer DEFAULT 0 NOT NULL,
	"max_discount_paise" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"total_uses" integer,
	"uses_per_customer" integer,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"prepaid_only" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_shape" CHECK ("coupons"."code" ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'),
	CONSTRAINT "coupons_value" CHECK ("coupons"."value" > 0 and ("coupons"."kind" = 'fixed' or "coupons"."value" <= 10000)),
	CONSTRAINT "coupons_limits" CHECK ("coupons"."min_order_paise" >= 0 and coalesce("coupons"."max_discount_paise", 0) >= 0 and coalesce("coupons"."total_uses", 1) > 0 and coalesce("coupons"."uses_per_customer", 1) > 0),
	CONSTRAINT "coupons_dates" CHECK ("coupons"."valid_from" is null or "coupons"."valid_until" is null or "coupons"."valid_from" < "coupons"."valid_until")
);
--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_code_coupons_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupons"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_uses_code_idx" ON "coupon_uses" USING btree ("coupon_code") WHERE "coupon_uses"."released_at" is null;