-- Written by hand: what a search page reads per park, in the park's own row; counts of active
-- parks per country and per grid cell; per-country search indexes
-- (docs/decisions/007-park-search.md, "Rate card", "Kept counts" and "Per-country indexes").
--
-- parks.rate_card: {"<vehicle_type_id>": [hourly_minor, daily_max_minor, capacity], ...}, the
-- standard rate and the capacity of every vehicle type the park has (null where one is missing).
-- Three subqueries per row (two rates, one capacity) were two thirds of a country search's
-- database time (pgbench, a page of 10: 3,500/s with them, 10,800/s reading this column).
-- park_rates and park_capacities stay the truth (pricing and booking read them); statement-level
-- triggers on both keep every touched park's card, and hourly_from_minor (the default vehicle
-- type's hourly rate, for the price order), in step, writing a park only when its card changed.
ALTER TABLE "parks" ADD COLUMN "rate_card" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Each park's rows are read through its own index entries (a lateral subquery per park), so the
-- cost follows the number of parks touched, never the size of the tables, whatever the planner's
-- statistics say in the middle of a bulk load.
CREATE OR REPLACE FUNCTION refresh_rate_cards(p_park_ids bigint[]) RETURNS void
  LANGUAGE sql
  AS $$
  WITH fresh AS (
    SELECT ids.park_id, coalesce(card.card, '{}'::jsonb) AS card
    FROM (SELECT DISTINCT unnest(p_park_ids) AS park_id) AS ids
    CROSS JOIN LATERAL (
      SELECT jsonb_object_agg(vehicle_type_id::text, jsonb_build_array(r.hourly_minor, r.daily_max_minor, c.capacity)) AS card
      FROM (SELECT vehicle_type_id, capacity FROM park_capacities WHERE park_id = ids.park_id) AS c
      FULL JOIN (SELECT vehicle_type_id, hourly_minor, daily_max_minor FROM park_rates
                 WHERE park_id = ids.park_id AND kind = 'standard') AS r USING (vehicle_type_id)) AS card)
  UPDATE parks p
  SET rate_card = fresh.card,
      -- DEFAULT_VEHICLE_TYPE_ID (packages/contract) is 1.
      hourly_from_minor = (fresh.card -> '1' ->> 0)::bigint
  FROM fresh
  WHERE p.id = fresh.park_id
    AND (p.rate_card IS DISTINCT FROM fresh.card
      OR p.hourly_from_minor IS DISTINCT FROM (fresh.card -> '1' ->> 0)::bigint)
$$;--> statement-breakpoint
-- One function for the six triggers: a transition table exists only for the events that have it,
-- and PL/pgSQL plans a statement when it first runs it, so each branch names only its own.
CREATE OR REPLACE FUNCTION rate_card_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_rate_cards(ARRAY(SELECT park_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_rate_cards(ARRAY(SELECT park_id FROM old_rows));
  ELSE
    PERFORM refresh_rate_cards(ARRAY(SELECT park_id FROM new_rows UNION SELECT park_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER park_rates_card_insert AFTER INSERT ON park_rates
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_card_changed();--> statement-breakpoint
CREATE TRIGGER park_rates_card_update AFTER UPDATE ON park_rates
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_card_changed();--> statement-breakpoint
CREATE TRIGGER park_rates_card_delete AFTER DELETE ON park_rates
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_card_changed();--> statement-breakpoint
CREATE TRIGGER park_capacities_card_insert AFTER INSERT ON park_capacities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_card_changed();--> statement-breakpoint
CREATE TRIGGER park_capacities_card_update AFTER UPDATE ON park_capacities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_card_changed();--> statement-breakpoint
CREATE TRIGGER park_capacities_card_delete AFTER DELETE ON park_capacities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_card_changed();--> statement-breakpoint
SELECT refresh_rate_cards(ARRAY(SELECT id FROM parks));--> statement-breakpoint
-- Per-country partial indexes for the two searches whose index is shared by every country: the
-- nearest parks (GiST KNN) and text (trigram GIN). A country's own index holds only its parks: the
-- composite (country_id, point) GiST groups its pages by country before place, so a KNN walk
-- visited more pages (pgbench, 10 nearest within 25 km: 3,570/s on it, 4,640/s on a country's
-- own), and a common word's trigram posting lists are a quarter as long (a three-word street:
-- 940/s on the global GIN, 1,980/s on the country's). The search SQL writes the country id as a
-- literal so that the planner can match these predicates. The global indexes stay for searches
-- without a country, and for a country added later until its migration creates its pair.
DROP INDEX IF EXISTS "parks_country_earth_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parks_earth_c1_idx" ON "parks" USING gist (ll_to_earth("lat", "lng")) INCLUDE ("lat", "lng", "id") WHERE status = 'active' AND country_id = 1;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parks_earth_c2_idx" ON "parks" USING gist (ll_to_earth("lat", "lng")) INCLUDE ("lat", "lng", "id") WHERE status = 'active' AND country_id = 2;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parks_earth_c3_idx" ON "parks" USING gist (ll_to_earth("lat", "lng")) INCLUDE ("lat", "lng", "id") WHERE status = 'active' AND country_id = 3;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parks_earth_c4_idx" ON "parks" USING gist (ll_to_earth("lat", "lng")) INCLUDE ("lat", "lng", "id") WHERE status = 'active' AND country_id = 4;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parks_trgm_c1_idx" ON "parks" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off) WHERE status = 'active' AND country_id = 1;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parks_trgm_c2_idx" ON "parks" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off) WHERE status = 'active' AND country_id = 2;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parks_trgm_c3_idx" ON "parks" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off) WHERE status = 'active' AND country_id = 3;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parks_trgm_c4_idx" ON "parks" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off) WHERE status = 'active' AND country_id = 4;
--> statement-breakpoint
-- Kept counts of active parks, per country and per 0.02° cell (park_cell, migration 0009): the
-- capped total of a search with no filter but the country (and a circle) is read from a few rows
-- instead of counting up to 501 parks through an index, which was half of a country search's
-- database time (pgbench, 20 clients: 5,000/s with the count, 11,000/s without). A
-- statement-level trigger on parks applies each statement's changes as deltas, in the same
-- transaction (a search's snapshot sees counts and parks that agree).
CREATE TABLE "park_country_counts" (
	"country_id" integer PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);--> statement-breakpoint
CREATE TABLE "park_cell_counts" (
	"country_id" integer NOT NULL,
	"cell" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "park_cell_counts_country_id_cell_pk" PRIMARY KEY("country_id","cell")
);--> statement-breakpoint
-- Rows are written in key order, so that two statements never wait on each other's rows in
-- opposite orders.
CREATE OR REPLACE FUNCTION park_counts_apply(p_country_ids int[], p_cells int[], p_deltas int[]) RETURNS void
  LANGUAGE sql
  AS $$
  WITH d AS (SELECT * FROM unnest(p_country_ids, p_cells, p_deltas) AS d(country_id, cell, delta)),
  cells AS (
    INSERT INTO park_cell_counts AS c (country_id, cell, n)
    SELECT country_id, cell, delta FROM d ORDER BY country_id, cell
    ON CONFLICT (country_id, cell) DO UPDATE SET n = c.n + EXCLUDED.n)
  INSERT INTO park_country_counts AS c (country_id, n)
  SELECT country_id, sum(delta)::int FROM d GROUP BY country_id HAVING sum(delta) <> 0 ORDER BY country_id
  ON CONFLICT (country_id) DO UPDATE SET n = c.n + EXCLUDED.n
$$;--> statement-breakpoint
-- The deltas of a statement, per (country, cell), zero sums left out: an update that moves no
-- park in or out of a cell (a new name, a rate card) writes nothing.
CREATE OR REPLACE FUNCTION park_counts_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  country_ids int[];
  cells int[];
  deltas int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(country_id), array_agg(cell), array_agg(n) INTO country_ids, cells, deltas FROM (
      SELECT country_id, park_cell(lat, lng) AS cell, count(*)::int AS n
      FROM new_rows WHERE status = 'active' GROUP BY 1, 2) g;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(country_id), array_agg(cell), array_agg(-n) INTO country_ids, cells, deltas FROM (
      SELECT country_id, park_cell(lat, lng) AS cell, count(*)::int AS n
      FROM old_rows WHERE status = 'active' GROUP BY 1, 2) g;
  ELSE
    SELECT array_agg(country_id), array_agg(cell), array_agg(n) INTO country_ids, cells, deltas FROM (
      SELECT country_id, cell, sum(d)::int AS n FROM (
        SELECT country_id, park_cell(lat, lng) AS cell, 1 AS d FROM new_rows WHERE status = 'active'
        UNION ALL
        SELECT country_id, park_cell(lat, lng), -1 FROM old_rows WHERE status = 'active') u
      GROUP BY 1, 2 HAVING sum(d) <> 0) g;
  END IF;
  IF country_ids IS NOT NULL THEN
    PERFORM park_counts_apply(country_ids, cells, deltas);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER parks_counts_insert AFTER INSERT ON parks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION park_counts_changed();--> statement-breakpoint
CREATE TRIGGER parks_counts_update AFTER UPDATE ON parks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION park_counts_changed();--> statement-breakpoint
CREATE TRIGGER parks_counts_delete AFTER DELETE ON parks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION park_counts_changed();--> statement-breakpoint
-- The parks already there, as one insertion through the same function the trigger uses.
SELECT park_counts_apply(array_agg(country_id), array_agg(cell), array_agg(n)) FROM (
  SELECT country_id, park_cell(lat, lng) AS cell, count(*)::int AS n
  FROM parks WHERE status = 'active' GROUP BY 1, 2) g;--> statement-breakpoint
-- The cells' B-tree served only the count the kept counts now answer.
DROP INDEX IF EXISTS "parks_country_cell_idx";
