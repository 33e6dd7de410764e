CREATE TABLE "billing_entities" (
	"country_id" integer PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"tax_id" text NOT NULL,
	"email" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_sequences" (
	"country_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "receipt_sequences_country_id_year_pk" PRIMARY KEY("country_id","year")
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"number" text,
	"sequence" integer,
	"country_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"ledger_key" text NOT NULL,
	"reverses_id" bigint,
	"reference" text NOT NULL,
	"park_id" integer,
	"issued_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"currency" char(3) NOT NULL,
	"decimals" smallint NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"taxes" jsonb NOT NULL,
	"total_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_kind_check" CHECK (kind IN ('booking', 'event_booking', 'extension', 'renewal', 'overstay', 'pass', 'order', 'topup', 'credit_note')),
	CONSTRAINT "receipts_credit_note_reverses" CHECK (("receipts"."kind" = 'credit_note') = ("receipts"."reverses_id" IS NOT NULL)),
	CONSTRAINT "receipts_total_sign" CHECK (("receipts"."kind" = 'credit_note' AND "receipts"."total_minor" < 0) OR ("receipts"."kind" <> 'credit_note' AND "receipts"."total_minor" > 0)),
	CONSTRAINT "receipts_numbered_together" CHECK (("receipts"."number" IS NULL) = ("receipts"."sequence" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_tax_id" text;--> statement-breakpoint
ALTER TABLE "billing_entities" ADD CONSTRAINT "billing_entities_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_sequences" ADD CONSTRAINT "receipt_sequences_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_number_key" ON "receipts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_ledger_key" ON "receipts" USING btree ("ledger_key");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_sequence_key" ON "receipts" USING btree ("country_id","year","sequence");--> statement-breakpoint
CREATE INDEX "receipts_user_idx" ON "receipts" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "receipts_reference_idx" ON "receipts" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "receipts_unnumbered_idx" ON "receipts" USING btree ("country_id","id") WHERE "receipts"."number" IS NULL;--> statement-breakpoint
-- One receipt per ledger move, and the move exists by the end of the purchase's transaction (the
-- receipt may be written before the move, inside the same transaction: deferred).
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_ledger_key_fk" FOREIGN KEY ("ledger_key") REFERENCES "public"."ledger_transactions"("idempotency_key") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_reverses_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."receipts"("id");--> statement-breakpoint
-- A receipt never changes once written: an UPDATE may only give its number (and sequence) to a
-- receipt without one; no DELETE.
CREATE OR REPLACE FUNCTION receipts_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.number IS NULL AND NEW.number IS NOT NULL
     AND (to_jsonb(NEW) - 'number' - 'sequence') = (to_jsonb(OLD) - 'number' - 'sequence') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'receipts are immutable once issued (% refused)', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER receipts_no_change BEFORE UPDATE OR DELETE ON "receipts" FOR EACH ROW EXECUTE FUNCTION receipts_immutable();
