-- Written by hand. The three statement-level triggers that keep derived data (rate cards, kept
-- counts, the words' vocabulary) take one shape: collect what the statement added (new_rows)
-- and what it removed (old_rows), then hand both to one SQL function that applies the
-- difference. A transition table exists only for the events that have it, and PL/pgSQL plans a
-- statement when it first runs it, so each collection runs only for its own events.
--
-- Kept counts: the deltas per (country, cell) of a statement's added and removed active parks,
-- zero sums left out (an update that moves no park in or out of a cell writes nothing).
CREATE OR REPLACE FUNCTION park_counts_delta(
  p_new_countries int[], p_new_cells int[], p_old_countries int[], p_old_cells int[]) RETURNS void
  LANGUAGE sql
  AS $$
  SELECT park_counts_apply(array_agg(country_id), array_agg(cell), array_agg(n))
  FROM (
    SELECT country_id, cell, sum(d)::int AS n FROM (
      SELECT t.*, 1 AS d FROM unnest(p_new_countries, p_new_cells) AS t(country_id, cell)
      UNION ALL
      SELECT t.*, -1 FROM unnest(p_old_countries, p_old_cells) AS t(country_id, cell)) u
    GROUP BY 1, 2 HAVING sum(d) <> 0) g
  HAVING count(*) > 0
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION park_counts_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  new_countries int[];
  new_cells int[];
  old_countries int[];
  old_cells int[];
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT array_agg(country_id), array_agg(park_cell(lat, lng)) INTO new_countries, new_cells
    FROM new_rows WHERE status = 'active';
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT array_agg(country_id), array_agg(park_cell(lat, lng)) INTO old_countries, old_cells
    FROM old_rows WHERE status = 'active';
  END IF;
  PERFORM park_counts_delta(new_countries, new_cells, old_countries, old_cells);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Rate cards: the parks a statement touched, from its added and removed rows.
CREATE OR REPLACE FUNCTION rate_card_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  park_ids bigint[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    park_ids := park_ids || ARRAY(SELECT park_id FROM new_rows);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    park_ids := park_ids || ARRAY(SELECT park_id FROM old_rows);
  END IF;
  PERFORM refresh_rate_cards(park_ids);
  RETURN NULL;
END
$$;
