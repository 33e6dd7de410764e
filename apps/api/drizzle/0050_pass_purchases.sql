-- Monthly passes join the purchase engine: their codes and Idempotency-Keys move to purchases.
INSERT INTO "purchases" ("id", "kind", "code", "user_id", "idempotency_key", "request_hash", "created_at")
  SELECT "id", 'pass', "pass_code", "user_id", "idempotency_key", "request_hash", "created_at" FROM "passes";--> statement-breakpoint
DROP INDEX "passes_idempotency_key";--> statement-breakpoint
ALTER TABLE "passes" DROP COLUMN "idempotency_key";--> statement-breakpoint
ALTER TABLE "passes" DROP COLUMN "request_hash";