-- A search without a country reads its page in the order of these indexes, as a country's
-- search reads its country's (parks_country_name_idx and the others): without them it sorted every
-- active park for each page (400-500 ms at 500,000 parks, "?page=5" or "?amenities=ev_charging").
CREATE INDEX "parks_name_idx" ON "parks" USING btree ("name","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "parks_type_name_idx" ON "parks" USING btree ("type","name","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "parks_price_idx" ON "parks" USING btree ("hourly_from_minor","id") WHERE status = 'active';