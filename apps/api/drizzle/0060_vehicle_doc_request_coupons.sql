-- A coupon on a vehicle-document request takes its discount off Parkwell's service charge (never the
-- government fees or premiums): the request keeps the discount and the code; the total counts it.
ALTER TABLE "vehicle_doc_requests" DROP CONSTRAINT "vehicle_doc_requests_total_check";--> statement-breakpoint
ALTER TABLE "vehicle_doc_requests" ADD COLUMN "discount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle_doc_requests" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "vehicle_doc_requests" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "vehicle_doc_requests" ADD CONSTRAINT "vehicle_doc_requests_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_doc_requests" ADD CONSTRAINT "vehicle_doc_requests_discount_check" CHECK ("vehicle_doc_requests"."discount_minor" >= 0 AND "vehicle_doc_requests"."discount_minor" <= "vehicle_doc_requests"."service_charge_minor" AND ("vehicle_doc_requests"."discount_minor" = 0 OR "vehicle_doc_requests"."coupon_code" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "vehicle_doc_requests" ADD CONSTRAINT "vehicle_doc_requests_total_check" CHECK ("vehicle_doc_requests"."total_minor" = "vehicle_doc_requests"."fees_minor" + "vehicle_doc_requests"."service_charge_minor" - "vehicle_doc_requests"."discount_minor" + "vehicle_doc_requests"."delivery_charge_minor" + "vehicle_doc_requests"."tax_minor");