-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.ledger_post(p_kind text, p_key text, p_reference text, p_description text, p_accounts text[], p_amounts bigint[])
 RETURNS TABLE(accounts integer, transaction_id uuid, key text, balance bigint)
 LANGUAGE plpgsql
AS $function$
#variable_conflict use_column
DECLARE
  n integer := cardinality(p_accounts);
BEGIN
  RETURN QUERY
  WITH lines (key, amount_minor) AS (SELECT * FROM unnest(p_accounts, p_amounts)),
    found AS (SELECT a.id, l.amount_minor FROM wallet_accounts a JOIN lines l ON l.key = a.key),
    locked AS MATERIALIZED (
      SELECT a.id, f.amount_minor FROM wallet_accounts a JOIN found f ON f.id = a.id
      WHERE (SELECT count(*) FROM found) = n
      ORDER BY a.id FOR UPDATE OF a),
    t AS (
      INSERT INTO ledger_transactions (kind, idempotency_key, reference, description)
      SELECT p_kind, p_key, p_reference, p_description
      WHERE (SELECT count(*) FROM locked) = n
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id),
    moved AS (
      UPDATE wallet_accounts a SET balance_minor = a.balance_minor + x.amount_minor
      FROM locked x
      WHERE a.id = x.id AND EXISTS (SELECT FROM t)
        AND (a.allow_negative OR a.balance_minor + x.amount_minor >= -a.credit_limit_minor)
      RETURNING a.key, a.id, a.currency, a.balance_minor, x.amount_minor),
    entries AS (
      INSERT INTO ledger_entries (transaction_id, account_id, amount_minor, currency, balance_after_minor)
      SELECT t.id, m.id, m.amount_minor, m.currency, m.balance_minor FROM t, moved m
      WHERE (SELECT count(*) FROM moved) = n)
    SELECT (SELECT count(*) FROM found)::int, t.id, m.key, m.balance_minor
    FROM (SELECT) AS one LEFT JOIN t ON true LEFT JOIN moved m ON true;
END;
$function$;
