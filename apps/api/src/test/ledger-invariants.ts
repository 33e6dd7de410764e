import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";

/**
 * The ledger's invariants, read straight from the tables: every account's cached balance equals
 * the sum of its entries, no user wallet is negative, every ledger transaction has two or more
 * entries summing to zero in each currency, every entry is in its account's currency, and each
 * entry's balance_after is its account's running sum. Returns the violations (empty when all hold).
 */
export async function ledgerViolations(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const drift = await queryRows<{ key: string; balance: string; sum: string }>(
    db,
    sql`SELECT a.key, a.balance_minor::text AS balance, coalesce(sum(e.amount_minor), 0)::bigint::text AS sum
        FROM wallet_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
        GROUP BY a.id HAVING a.balance_minor <> coalesce(sum(e.amount_minor), 0)`,
  );
  for (const r of drift) problems.push(`account ${r.key}: balance ${r.balance} but entries sum to ${r.sum}`);
  const negative = await queryRows<{ key: string }>(
    db,
    sql`SELECT key FROM wallet_accounts WHERE kind = 'user_wallet' AND balance_minor < 0`,
  );
  for (const r of negative) problems.push(`user wallet ${r.key} is negative`);
  const short = await queryRows<{ id: string }>(
    db,
    sql`SELECT t.id FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
        GROUP BY t.id HAVING count(e.id) < 2`,
  );
  for (const r of short) problems.push(`ledger transaction ${r.id} has fewer than two entries`);
  // Per currency: +500 NGN and -500 USD sum to zero only if currencies are added together.
  const unbalanced = await queryRows<{ id: string; currency: string }>(
    db,
    sql`SELECT transaction_id AS id, currency FROM ledger_entries
        GROUP BY transaction_id, currency HAVING sum(amount_minor) <> 0`,
  );
  for (const r of unbalanced) problems.push(`ledger transaction ${r.id} does not balance in ${r.currency}`);
  const foreign = await queryRows<{ id: string; currency: string; account: string }>(
    db,
    sql`SELECT e.id::text, e.currency, a.currency AS account FROM ledger_entries e
        JOIN wallet_accounts a ON a.id = e.account_id WHERE e.currency <> a.currency`,
  );
  for (const r of foreign) problems.push(`entry ${r.id} is in ${r.currency} but its account in ${r.account}`);
  const afters = await queryRows<{ id: string }>(
    db,
    // A running sum per account (a correlated sum per entry was quadratic: minutes at 60,000 entries).
    sql`SELECT id::text FROM (
          SELECT e.id, e.balance_after_minor,
            sum(e.amount_minor) OVER (PARTITION BY e.account_id ORDER BY e.id) AS running
          FROM ledger_entries e) x
        WHERE balance_after_minor <> running`,
  );
  for (const r of afters) problems.push(`entry ${r.id}: balance_after does not match the running sum`);
  return problems;
}

/**
 * The capacity invariant: every (park, type) whose peak concurrent active bookings and parked
 * drive-up sales (what booking_peak counts) exceeds its capacity: a running sum of +1 at each
 * start and -1 at each end, ends first at equal times (windows are half-open).
 */
export async function overbookedParks(db: Db) {
  return queryRows<{ park_id: number; peak: number; capacity: number }>(
    db,
    sql`WITH ev AS (
          SELECT park_id, vehicle_type_id, start_time AS t, 1 AS d FROM bookings WHERE status = 'active'
          UNION ALL
          SELECT park_id, vehicle_type_id, end_time, -1 FROM bookings WHERE status = 'active'
          UNION ALL
          SELECT park_id, vehicle_type_id, start_time, 1 FROM pos_sales WHERE status = 'parked'
          UNION ALL
          SELECT park_id, vehicle_type_id, end_time, -1 FROM pos_sales WHERE status = 'parked'),
        occupancy AS (
          SELECT park_id, vehicle_type_id,
            sum(d) OVER (PARTITION BY park_id, vehicle_type_id ORDER BY t, d ROWS UNBOUNDED PRECEDING) AS n
          FROM ev)
        SELECT o.park_id, max(o.n)::int AS peak, c.capacity FROM occupancy o
        JOIN park_capacities c ON c.park_id = o.park_id AND c.vehicle_type_id = o.vehicle_type_id
        GROUP BY o.park_id, c.capacity HAVING max(o.n) > c.capacity`,
  );
}
