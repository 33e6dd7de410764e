CREATE TABLE "purchase_checkouts" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"input" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"total_minor" bigint NOT NULL,
	"balance_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"purchase_id" uuid,
	"code" text,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "purchase_checkouts_status_check" CHECK ("purchase_checkouts"."status" IN ('pending', 'made', 'not_made'))
);
--> statement-breakpoint
ALTER TABLE "company_policies" ADD COLUMN "passes_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_policies" ADD COLUMN "vehicle_docs_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_checkouts" ADD CONSTRAINT "purchase_checkouts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_checkouts" ADD CONSTRAINT "purchase_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_checkouts_user_idx" ON "purchase_checkouts" USING btree ("user_id","created_at");