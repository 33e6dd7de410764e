-- Written by hand: the capped count within a radius without a distance test per park
-- (docs/decisions/007-park-search.md). park_cell numbers the 0.02° cell of a point; the API
-- (lib/park-cells.ts, the same formula) lists the cells lying entirely inside a search circle, and
-- when the parks of those cells alone reach the cap, the total is known from this B-tree,
-- index-only (INCLUDE lat, lng: an expression index serves index-only scans only with the columns
-- it reads). Otherwise the exact capped count through the GiST index runs as before.
CREATE OR REPLACE FUNCTION park_cell(lat float8, lng float8) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (floor(lat * 50)::int + 4500) * 20000 + (floor(lng * 50)::int + 9000) $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parks_country_cell_idx" ON "parks" USING btree ("country_id", park_cell("lat", "lng"))
  INCLUDE ("lat", "lng") WHERE status = 'active';
