CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_idempotency_key";--> statement-breakpoint
DROP INDEX "vehicle_doc_requests_idempotency_key";--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_code_key" ON "purchases" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_idempotency_key" ON "purchases" USING btree ("user_id","kind","idempotency_key") WHERE "purchases"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "purchases_user_idx" ON "purchases" USING btree ("user_id","created_at");--> statement-breakpoint
-- The purchases made before the engine, with their Idempotency-Keys: a retry sent after this migration is answered as before.
INSERT INTO "purchases" ("id", "kind", "code", "user_id", "idempotency_key", "request_hash", "created_at")
  SELECT "id", 'vehicle_docs', "code", "user_id", "idempotency_key", "request_hash", "created_at" FROM "vehicle_doc_requests";--> statement-breakpoint
INSERT INTO "purchases" ("id", "kind", "code", "user_id", "idempotency_key", "request_hash", "created_at")
  SELECT "id", 'order', "order_code", "user_id", "idempotency_key", "request_hash", "created_at" FROM "orders";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "idempotency_key";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "request_hash";--> statement-breakpoint
ALTER TABLE "vehicle_doc_requests" DROP COLUMN "idempotency_key";--> statement-breakpoint
ALTER TABLE "vehicle_doc_requests" DROP COLUMN "request_hash";