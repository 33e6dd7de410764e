-- Coupons become a capability of every purchase: a coupon names the kinds of purchase it is for
-- (every coupon so far was a marketplace order's: '{order}') and may cap its uses by everyone
-- (total_limit); its uses are keyed by the purchase (any kind's purchases row), not the order.
-- An order's id is its purchases row's id (0049), so the uses so far keep their purchase.
ALTER TABLE "coupon_uses" ADD COLUMN "purchase_id" uuid;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "total_limit" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "kinds" text[] DEFAULT '{order}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_total_limit" CHECK ("coupons"."total_limit" IS NULL OR "coupons"."total_limit" > 0);--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_kinds_known" CHECK (cardinality("coupons"."kinds") > 0 AND "coupons"."kinds" <@ ARRAY['order', 'vehicle_docs']::text[]);--> statement-breakpoint
UPDATE "coupon_uses" SET "purchase_id" = "order_id";
