-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.claim_booking_purchase(p_id uuid, p_code text, p_user uuid, p_idempotency_key text, p_request_hash text, p_now timestamp with time zone)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO purchases (id, kind, code, user_id, idempotency_key, request_hash, created_at)
  VALUES (p_id, 'booking', p_code, p_user, p_idempotency_key, p_request_hash, p_now);
$function$;
