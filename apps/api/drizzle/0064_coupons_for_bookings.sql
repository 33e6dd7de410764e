-- Parking bookings and event parking take a coupon too: the kinds a coupon may name are now every
-- purchase a driver can type a code at.
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_kinds_known";--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_kinds_known" CHECK (cardinality("coupons"."kinds") > 0 AND "coupons"."kinds" <@ ARRAY['booking', 'event_booking', 'pass', 'order', 'vehicle_docs']::text[]);