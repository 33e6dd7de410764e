-- coupon_uses keyed by purchase_id alone (0058 filled it); the order column goes.
ALTER TABLE "coupon_uses" DROP CONSTRAINT "coupon_uses_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "coupon_uses" DROP CONSTRAINT "coupon_uses_order_id_pk";--> statement-breakpoint
ALTER TABLE "coupon_uses" ALTER COLUMN "purchase_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_purchase_id_pk" PRIMARY KEY("purchase_id");--> statement-breakpoint
ALTER TABLE "coupon_uses" DROP COLUMN "order_id";