CREATE TABLE "vehicle_doc_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"storage_key" text,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"purged_at" timestamp with time zone,
	CONSTRAINT "vehicle_doc_files_kind_check" CHECK ("vehicle_doc_files"."kind" IN ('driver_upload', 'issued_scan')),
	CONSTRAINT "vehicle_doc_files_type_check" CHECK ("vehicle_doc_files"."content_type" IN ('image/jpeg', 'image/png', 'application/pdf')),
	CONSTRAINT "vehicle_doc_files_size_check" CHECK ("vehicle_doc_files"."size_bytes" > 0 AND "vehicle_doc_files"."size_bytes" <= 10485760),
	CONSTRAINT "vehicle_doc_files_purged_check" CHECK (("vehicle_doc_files"."storage_key" IS NULL) = ("vehicle_doc_files"."purged_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "vehicle_doc_files" ADD CONSTRAINT "vehicle_doc_files_request_id_vehicle_doc_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."vehicle_doc_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_doc_files" ADD CONSTRAINT "vehicle_doc_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_doc_files_request_idx" ON "vehicle_doc_files" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_doc_files_key" ON "vehicle_doc_files" USING btree ("storage_key");