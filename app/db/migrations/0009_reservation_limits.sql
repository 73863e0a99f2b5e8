ALTER TABLE "orders" ADD COLUMN "client_address" text;--> statement-breakpoint
-- Units held by unpaid orders are counted per client address, e-mail (lower case, without a +tag) and phone.
CREATE INDEX "orders_pending_client_idx" ON "orders" USING btree ("client_address") WHERE "orders"."status" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "orders_pending_holder_email_idx" ON "orders" USING btree (regexp_replace(lower("email"), '\+[^@]*@', '@')) WHERE "orders"."status" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "orders_pending_phone_idx" ON "orders" USING btree (("shipping_address"->>'phoneNumber')) WHERE "orders"."status" = 'pending_payment';
