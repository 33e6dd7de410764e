-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.park_cell(lat double precision, lng double precision)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ SELECT (floor(lat * 50)::int + 4500) * 20000 + (floor(lng * 50)::int + 9000) $function$;
