CREATE TABLE "vehicle_doc_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"actor_id" uuid,
	"actor_role" text NOT NULL,
	"note" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_doc_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_id" integer NOT NULL,
	"document_type" text NOT NULL,
	"vehicle_use" text DEFAULT 'any' NOT NULL,
	"engine_band" text DEFAULT 'any' NOT NULL,
	"fee_minor" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "vehicle_doc_fees_document_check" CHECK ("vehicle_doc_fees"."document_type" IN ('vehicle_licence', 'roadworthiness', 'third_party_insurance', 'proof_of_ownership', 'hackney_permit', 'drivers_licence_3y', 'drivers_licence_5y')),
	CONSTRAINT "vehicle_doc_fees_use_check" CHECK ("vehicle_doc_fees"."vehicle_use" IN ('private', 'commercial', 'any')),
	CONSTRAINT "vehicle_doc_fees_band_check" CHECK ("vehicle_doc_fees"."engine_band" IN ('upto_1600', '1601_2000', '2001_3000', 'over_3000', 'any')),
	CONSTRAINT "vehicle_doc_fees_fee_check" CHECK ("vehicle_doc_fees"."fee_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vehicle_doc_request_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"fee_minor" bigint NOT NULL,
	CONSTRAINT "vehicle_doc_request_items_document_check" CHECK ("vehicle_doc_request_items"."document_type" IN ('vehicle_licence', 'roadworthiness', 'third_party_insurance', 'proof_of_ownership', 'hackney_permit', 'drivers_licence_3y', 'drivers_licence_5y'))
);
--> statement-breakpoint
CREATE TABLE "vehicle_doc_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"country_id" integer NOT NULL,
	"vehicle_id" integer,
	"plate_number" text,
	"type" text NOT NULL,
	"stage" text NOT NULL,
	"state_id" integer NOT NULL,
	"vehicle_use" text,
	"engine_band" text,
	"address_id" integer,
	"address_text" text,
	"pickup_park_id" integer,
	"currency" char(3) NOT NULL,
	"fees_minor" bigint NOT NULL,
	"service_charge_minor" bigint NOT NULL,
	"delivery_charge_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	"tax_name" text NOT NULL,
	"tax_bps" integer NOT NULL,
	"total_minor" bigint NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"ledger_key" text NOT NULL,
	"moves" integer DEFAULT 1 NOT NULL,
	"question" text,
	"answer" text,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "vehicle_doc_requests_type_check" CHECK ("vehicle_doc_requests"."type" IN ('vehicle_papers', 'drivers_licence')),
	CONSTRAINT "vehicle_doc_requests_stage_check" CHECK ("vehicle_doc_requests"."stage" IN ('submitted', 'info_needed', 'documents_checked', 'at_office', 'ready', 'out_for_delivery', 'ready_for_pickup', 'delivered', 'cancelled', 'refunded')),
	CONSTRAINT "vehicle_doc_requests_delivery_check" CHECK (("vehicle_doc_requests"."address_text" IS NULL) <> ("vehicle_doc_requests"."pickup_park_id" IS NULL)),
	CONSTRAINT "vehicle_doc_requests_total_check" CHECK ("vehicle_doc_requests"."total_minor" = "vehicle_doc_requests"."fees_minor" + "vehicle_doc_requests"."service_charge_minor" + "vehicle_doc_requests"."delivery_charge_minor" + "vehicle_doc_requests"."tax_minor"),
	CONSTRAINT "vehicle_doc_requests_refund_check" CHECK ("vehicle_doc_requests"."refunded_minor" >= 0 AND "vehicle_doc_requests"."refunded_minor" <= "vehicle_doc_requests"."total_minor")
);
--> statement-breakpoint
CREATE TABLE "vehicle_doc_service_charges" (
	"country_id" integer PRIMARY KEY NOT NULL,
	"service_charge_minor" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "vehicle_doc_service_charges_check" CHECK ("vehicle_doc_service_charges"."service_charge_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vehicle_document_expiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"vehicle_id" integer,
	"document_type" text NOT NULL,
	"expires_on" date NOT NULL,
	"source" text NOT NULL,
	"request_id" uuid,
	"reminded_30_at" timestamp with time zone,
	"reminded_7_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vehicle_document_expiries_document_check" CHECK ("vehicle_document_expiries"."document_type" IN ('vehicle_licence', 'roadworthiness', 'third_party_insurance', 'proof_of_ownership', 'hackney_permit', 'drivers_licence_3y', 'drivers_licence_5y')),
	CONSTRAINT "vehicle_document_expiries_source_check" CHECK ("vehicle_document_expiries"."source" IN ('request', 'driver'))
);
--> statement-breakpoint
ALTER TABLE "receipts" DROP CONSTRAINT "receipts_kind_check";--> statement-breakpoint
ALTER TABLE "user_vehicles" ADD COLUMN "year" smallint;--> statement-breakpoint
ALTER TABLE "user_vehicles" ADD COLUMN "engine_cc" integer;--> statement-breakpoint
ALTER TABLE "user_vehicles" ADD COLUMN "vin" text;--> statement-breakpoint
ALTER TABLE "user_vehicles" ADD COLUMN "registration_state_id" integer;--> statement-breakpoint
ALTER TABLE "user_vehicles" ADD COLUMN "vehicle_use" text;--> statement-breakpoint
ALTER TABLE "vehicle_doc_events" ADD CONSTRAINT "vehicle_doc_events_request_id_vehicle_doc_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."vehicle_doc_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_doc_events" ADD CONSTRAINT "vehicle_doc_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_doc_fees" ADD CONSTRAINT "vehicle_doc_fees_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_doc_fees" ADD CONSTRAINT "vehicle_doc_fees_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_doc_request_items" ADD CONSTRAINT "vehicle_doc_request_items_request_id_vehicle_doc_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."vehicle_doc_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_doc_requests" ADD CONSTRAINT "vehicle_doc_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_doc_requests" ADD CONSTRAINT "vehicle_doc_requests_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_doc_requests" ADD CONSTRAINT "vehicle_doc_requests_vehicle_id_user_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."user_vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_doc_requests" ADD CONSTRAINT "vehicle_doc_requests_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_doc_requests" ADD CONSTRAINT "vehicle_doc_requests_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_doc_requests" ADD CONSTRAINT "vehicle_doc_requests_pickup_park_id_parks_id_fk" FOREIGN KEY ("pickup_park_id") REFERENCES "public"."parks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_doc_service_charges" ADD CONSTRAINT "vehicle_doc_service_charges_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_doc_service_charges" ADD CONSTRAINT "vehicle_doc_service_charges_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_document_expiries" ADD CONSTRAINT "vehicle_document_expiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_document_expiries" ADD CONSTRAINT "vehicle_document_expiries_vehicle_id_user_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."user_vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_document_expiries" ADD CONSTRAINT "vehicle_document_expiries_request_id_vehicle_doc_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."vehicle_doc_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_doc_events_request_idx" ON "vehicle_doc_events" USING btree ("request_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_doc_fees_key" ON "vehicle_doc_fees" USING btree ("state_id","document_type","vehicle_use","engine_band");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_doc_request_items_key" ON "vehicle_doc_request_items" USING btree ("request_id","document_type");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_doc_requests_code_key" ON "vehicle_doc_requests" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_doc_requests_ledger_key" ON "vehicle_doc_requests" USING btree ("ledger_key");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_doc_requests_idempotency_key" ON "vehicle_doc_requests" USING btree ("user_id","idempotency_key") WHERE "vehicle_doc_requests"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "vehicle_doc_requests_user_idx" ON "vehicle_doc_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "vehicle_doc_requests_queue_idx" ON "vehicle_doc_requests" USING btree ("stage","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_document_expiries_vehicle_key" ON "vehicle_document_expiries" USING btree ("vehicle_id","document_type") WHERE "vehicle_document_expiries"."vehicle_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_document_expiries_licence_key" ON "vehicle_document_expiries" USING btree ("user_id","document_type") WHERE "vehicle_document_expiries"."vehicle_id" IS NULL;--> statement-breakpoint
CREATE INDEX "vehicle_document_expiries_due_idx" ON "vehicle_document_expiries" USING btree ("expires_on");--> statement-breakpoint
ALTER TABLE "user_vehicles" ADD CONSTRAINT "user_vehicles_registration_state_id_states_id_fk" FOREIGN KEY ("registration_state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_vehicles" ADD CONSTRAINT "user_vehicles_use_check" CHECK ("user_vehicles"."vehicle_use" IS NULL OR "user_vehicles"."vehicle_use" IN ('private', 'commercial'));--> statement-breakpoint
ALTER TABLE "user_vehicles" ADD CONSTRAINT "user_vehicles_engine_cc_check" CHECK ("user_vehicles"."engine_cc" IS NULL OR "user_vehicles"."engine_cc" BETWEEN 50 AND 20000);--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_kind_check" CHECK (kind IN ('booking', 'event_booking', 'extension', 'renewal', 'overstay', 'pass', 'order', 'topup', 'vehicle_docs', 'credit_note'));