-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.refresh_rate_cards(p_park_ids bigint[])
 RETURNS void
 LANGUAGE sql
AS $function$
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
$function$;
