-- Monthly passes take a coupon on their first term: the kinds a coupon may name now include pass.
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_kinds_known";--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_kinds_known" CHECK (cardinality("coupons"."kinds") > 0 AND "coupons"."kinds" <@ ARRAY['order', 'vehicle_docs', 'pass']::text[]);