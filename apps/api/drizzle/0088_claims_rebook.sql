ALTER TABLE "claims" DROP CONSTRAINT "claims_status_known";--> statement-breakpoint
ALTER TABLE "claims" DROP CONSTRAINT "claims_decided";--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "rebooked_booking_id" uuid;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_rebooked_booking_id_bookings_id_fk" FOREIGN KEY ("rebooked_booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_status_known" CHECK ("claims"."status" IN ('open', 'refunded', 'declined', 'rebooked'));--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_decided" CHECK (("claims"."status" = 'open') = ("claims"."decision" IS NULL) AND ("claims"."decision" IS NULL) = ("claims"."decided_at" IS NULL)
        AND ("claims"."decision" IS NULL OR "claims"."decision" IN ('refund_full', 'refund_part', 'decline', 'rebook'))
        AND (("claims"."decision" = 'decline') = ("claims"."status" = 'declined'))
        AND (("claims"."decision" = 'rebook') = ("claims"."status" = 'rebooked'))
        AND (("claims"."decision" IS NOT DISTINCT FROM 'rebook') = ("claims"."rebooked_booking_id" IS NOT NULL)));