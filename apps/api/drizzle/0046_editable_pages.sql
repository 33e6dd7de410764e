CREATE TABLE "page_versions" (
	"page_key" text NOT NULL,
	"version" integer NOT NULL,
	"content_en" jsonb NOT NULL,
	"content_fr" jsonb NOT NULL,
	"note" text NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "page_versions_page_key_version_pk" PRIMARY KEY("page_key","version"),
	CONSTRAINT "page_versions_key_check" CHECK ("page_versions"."page_key" IN ('terms', 'privacy', 'cancellation', 'about', 'faq')),
	CONSTRAINT "page_versions_version_check" CHECK ("page_versions"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "accepted_terms_version" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "accepted_terms_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;