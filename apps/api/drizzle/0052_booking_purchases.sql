-- Bookings (window and event bookings, and those a paid hold made) join the purchase engine's
-- table: each booking's row in `purchases` (kind 'booking', its code, buyer, Idempotency-Key and
-- request fingerprint, unchanged, so a retry sent across this migration replays), then the
-- bookings' own key columns go.
INSERT INTO "purchases" ("id", "kind", "code", "user_id", "idempotency_key", "request_hash", "created_at")
SELECT "id", 'booking', "booking_code", "user_id", "idempotency_key", "request_hash", "created_at"
FROM "bookings";--> statement-breakpoint
DROP INDEX "bookings_idempotency_key";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "idempotency_key";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "request_hash";
