import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";

/**
 * DESIGN invariant 2, read straight from the tables: every account's cached balance equals the
 * sum of its entries, no user wallet is negative, and every ledger transaction has two or more
 * entries summing to zero per currency. Returns the violations (empty when all hold).
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
  const unbalanced = await queryRows<{ id: string }>(
    db,
    sql`SELECT t.id FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
        GROUP BY t.id HAVING count(e.id) < 2 OR coalesce(sum(e.amount_minor), 0) <> 0`,
  );
  for (const r of unbalanced) problems.push(`ledger transaction ${r.id} does not balance`);
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
