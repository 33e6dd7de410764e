CREATE TABLE "vehicle_doc_insurers" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"name" text NOT NULL,
	"rate_bps" integer NOT NULL,
	"minimum_premium_minor" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "vehicle_doc_insurers_rate_check" CHECK ("vehicle_doc_insurers"."rate_bps" BETWEEN 50 AND 2000),
	CONSTRAINT "vehicle_doc_insurers_minimum_check" CHECK ("vehicle_doc_insurers"."minimum_premium_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "vehicle_doc_fees" DROP CONSTRAINT "vehicle_doc_fees_document_check";--> statement-breakpoint
ALTER TABLE "vehicle_doc_request_items" DROP CONSTRAINT "vehicle_doc_request_items_document_check";--> statement-breakpoint
ALTER TABLE "vehicle_document_expiries" DROP CONSTRAINT "vehicle_document_expiries_document_check";--> statement-breakpoint
ALTER TABLE "vehicle_doc_requests" ADD COLUMN "insurer_id" integer;--> statement-breakpoint
ALTER TABLE "vehicle_doc_requests" ADD COLUMN "insurer_name" text;--> statement-breakpoint
ALTER TABLE "vehicle_doc_requests" ADD COLUMN "insured_value_minor" bigint;--> statement-breakpoint
ALTER TABLE "vehicle_doc_requests" ADD COLUMN "insurance_rate_bps" integer;--> statement-breakpoint
ALTER TABLE "vehicle_doc_requests" ADD COLUMN "insurance_minimum_minor" bigint;--> statement-breakpoint
ALTER TABLE "vehicle_doc_insurers" ADD CONSTRAINT "vehicle_doc_insurers_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_doc_insurers" ADD CONSTRAINT "vehicle_doc_insurers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_doc_insurers_name_key" ON "vehicle_doc_insurers" USING btree ("country_id","name");--> statement-breakpoint
ALTER TABLE "vehicle_doc_requests" ADD CONSTRAINT "vehicle_doc_requests_insurer_id_vehicle_doc_insurers_id_fk" FOREIGN KEY ("insurer_id") REFERENCES "public"."vehicle_doc_insurers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_doc_fees" ADD CONSTRAINT "vehicle_doc_fees_document_check" CHECK ("vehicle_doc_fees"."document_type" IN ('vehicle_licence', 'roadworthiness', 'third_party_insurance', 'comprehensive_insurance', 'proof_of_ownership', 'hackney_permit', 'drivers_licence_3y', 'drivers_licence_5y'));--> statement-breakpoint
ALTER TABLE "vehicle_doc_request_items" ADD CONSTRAINT "vehicle_doc_request_items_document_check" CHECK ("vehicle_doc_request_items"."document_type" IN ('vehicle_licence', 'roadworthiness', 'third_party_insurance', 'comprehensive_insurance', 'proof_of_ownership', 'hackney_permit', 'drivers_licence_3y', 'drivers_licence_5y'));--> statement-breakpoint
ALTER TABLE "vehicle_doc_requests" ADD CONSTRAINT "vehicle_doc_requests_insurance_check" CHECK (("vehicle_doc_requests"."insurer_name" IS NULL) = ("vehicle_doc_requests"."insured_value_minor" IS NULL) AND ("vehicle_doc_requests"."insured_value_minor" IS NULL) = ("vehicle_doc_requests"."insurance_rate_bps" IS NULL) AND ("vehicle_doc_requests"."insured_value_minor" IS NULL) = ("vehicle_doc_requests"."insurance_minimum_minor" IS NULL));--> statement-breakpoint
ALTER TABLE "vehicle_document_expiries" ADD CONSTRAINT "vehicle_document_expiries_document_check" CHECK ("vehicle_document_expiries"."document_type" IN ('vehicle_licence', 'roadworthiness', 'third_party_insurance', 'comprehensive_insurance', 'proof_of_ownership', 'hackney_permit', 'drivers_licence_3y', 'drivers_licence_5y'));