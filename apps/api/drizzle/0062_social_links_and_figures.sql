CREATE TABLE "social_links" (
	"country_code" text PRIMARY KEY NOT NULL,
	"facebook" text,
	"instagram" text,
	"linkedin" text,
	"twitter" text,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "social_links_country_code" CHECK ("social_links"."country_code" = 'DEFAULT' OR "social_links"."country_code" ~ '^[A-Z]{2}$'),
	CONSTRAINT "social_links_facebook_https" CHECK ("social_links"."facebook" IS NULL OR "social_links"."facebook" LIKE 'https://%'),
	CONSTRAINT "social_links_instagram_https" CHECK ("social_links"."instagram" IS NULL OR "social_links"."instagram" LIKE 'https://%'),
	CONSTRAINT "social_links_linkedin_https" CHECK ("social_links"."linkedin" IS NULL OR "social_links"."linkedin" LIKE 'https://%'),
	CONSTRAINT "social_links_twitter_https" CHECK ("social_links"."twitter" IS NULL OR "social_links"."twitter" LIKE 'https://%')
);
--> statement-breakpoint
ALTER TABLE "social_links" ADD CONSTRAINT "social_links_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_visible_created_idx" ON "reviews" USING btree ("created_at","stars") WHERE "reviews"."hidden_at" IS NULL;--> statement-breakpoint
CREATE INDEX "purchases_created_idx" ON "purchases" USING btree ("created_at","kind","user_id");