import { LEDGER_KINDS, PARKWELL_BEARS, type LedgerKind } from "@parkwell/contract";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import type { PurchaseKindName } from "../features/purchases/purchases.domain";

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
  problems.push(...(await operatorViolations(db)));
  problems.push(...(await claimViolations(db)));
  problems.push(...(await passClosureViolations(db)));
  return problems;
}

/**
 * A closure's refunds of monthly pass terms (decision 060): the days paid together by one move sum
 * to what that refund move gave back to the payer, and the move is a refund; a pass term never gave
 * back more than its charge took (its receipt and the credit notes that reverse it sum to zero or more).
 */
async function passClosureViolations(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const moves = await queryRows<{ key: string }>(
    db,
    sql`SELECT r.ledger_key AS key FROM (
          SELECT ledger_key, sum(amount_minor) AS amount FROM pass_closure_refunds
          WHERE ledger_key IS NOT NULL GROUP BY ledger_key) r
        LEFT JOIN ledger_transactions t ON t.idempotency_key = r.ledger_key
        LEFT JOIN LATERAL (SELECT coalesce(sum(e.amount_minor), 0) AS moved FROM ledger_entries e
          JOIN wallet_accounts a ON a.id = e.account_id
          WHERE e.transaction_id = t.id AND a.kind IN ('user_wallet', 'held_excess', 'company_wallet')) m ON true
        WHERE t.id IS NULL OR t.kind <> 'refund' OR m.moved <> r.amount`,
  );
  for (const r of moves) problems.push(`closure refund ${r.key}: not one refund move of its days' amounts`);
  const over = await queryRows<{ id: string }>(
    db,
    sql`SELECT c.id::text FROM receipts c
        WHERE c.id IN (SELECT reverses_id FROM receipts WHERE ledger_key IN (
          SELECT ledger_key FROM pass_closure_refunds WHERE ledger_key IS NOT NULL))
          AND c.total_minor + (SELECT coalesce(sum(n.total_minor), 0) FROM receipts n WHERE n.reverses_id = c.id) < 0`,
  );
  for (const r of over) problems.push(`pass term receipt ${r.id} gave back more than it took`);
  return problems;
}

/**
 * Claims (decision 057): a refunded claim's move is a refund of exactly its amount to the payer
 * (the driver's wallet or the company's account); a claim Parkwell bears gives the operator back
 * exactly what its credit note's share took, and no other claim gives anything back; and no
 * purchase ever gives back more than it took (its receipts and credit notes sum to zero or more):
 * money moved once; a rebooked claim's difference is its operator's.
 */
async function claimViolations(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const refunds = await queryRows<{ code: string }>(
    db,
    sql`SELECT c.code FROM claims c
        LEFT JOIN ledger_transactions t ON t.idempotency_key = c.refund_ledger_key
        LEFT JOIN LATERAL (SELECT coalesce(sum(e.amount_minor), 0) AS moved FROM ledger_entries e
          JOIN wallet_accounts a ON a.id = e.account_id
          WHERE e.transaction_id = t.id AND a.kind IN ('user_wallet', 'held_excess', 'company_wallet')) m ON true
        WHERE c.refund_ledger_key IS NOT NULL AND (t.id IS NULL OR t.kind <> 'refund' OR m.moved <> c.refund_minor)`,
  );
  for (const r of refunds) problems.push(`claim ${r.code}: its refund is not one move of its amount`);
  const kept = await queryRows<{ code: string }>(
    db,
    sql`SELECT c.code FROM claims c
        LEFT JOIN operator_lines taken ON taken.ledger_key = 'share:' || c.refund_ledger_key
        LEFT JOIN operator_lines back ON back.ledger_key = c.kept_ledger_key
        WHERE c.kept_ledger_key IS NOT NULL
          AND (taken.id IS NULL OR back.id IS NULL OR back.kind <> 'adjustment' OR back.amount_minor <> -taken.amount_minor
            OR back.operator_id <> taken.operator_id)`,
  );
  for (const r of kept)
    problems.push(`claim ${r.code}: the operator's kept share is not what its refund took`);
  // Who bears it: a refund Parkwell bears whose credit note took a share gives it back; no other does.
  const bears = Object.entries(PARKWELL_BEARS)
    .filter(([, b]) => b)
    .map(([reason]) => reason);
  const bearer = await queryRows<{ code: string }>(
    db,
    sql`SELECT c.code FROM claims c
        LEFT JOIN operator_lines taken ON taken.ledger_key = 'share:' || c.refund_ledger_key
        WHERE c.refund_ledger_key IS NOT NULL AND CASE WHEN c.reason = ANY(${sql.param(bears)}::text[])
          THEN c.kept_ledger_key IS NULL AND taken.amount_minor < 0
          ELSE c.kept_ledger_key IS NOT NULL END`,
  );
  for (const r of bearer)
    problems.push(`claim ${r.code}: the operator's share is not kept by whoever bears the refund`);
  const over = await queryRows<{ reference: string }>(
    db,
    sql`SELECT r.reference FROM receipts r WHERE r.reference IN (
          SELECT b.booking_code FROM claims c JOIN bookings b ON b.id = c.booking_id
          UNION SELECT s.pass_code FROM claims c JOIN passes s ON s.id = c.pass_id)
        GROUP BY r.user_id, r.reference HAVING sum(r.total_minor) < 0`,
  );
  for (const r of over) problems.push(`purchase ${r.reference} gave back more than it took`);
  // A claim decided `rebook`: its booking closed and moved to the same driver's booking at another
  // park; the guarantee's difference (its credit to the wallet) paid back by the claimed park's
  // operator on one `guarantee` line of the same amount, and no line when there was no difference.
  const rebooked = await queryRows<{ code: string }>(
    db,
    sql`SELECT c.code FROM claims c
        JOIN bookings b ON b.id = c.booking_id
        JOIN parks p ON p.id = c.park_id
        LEFT JOIN bookings nb ON nb.id = c.rebooked_booking_id
        LEFT JOIN ledger_transactions g ON g.idempotency_key = 'guarantee:' || c.booking_id::text
        LEFT JOIN LATERAL (SELECT coalesce(sum(e.amount_minor), 0) AS credited FROM ledger_entries e
          JOIN wallet_accounts a ON a.id = e.account_id
          WHERE e.transaction_id = g.id AND a.kind = 'user_wallet') m ON true
        LEFT JOIN operator_lines o ON o.ledger_key = 'guarantee:' || c.booking_id::text || ':operator'
        WHERE c.decision = 'rebook' AND (
          nb.id IS NULL OR nb.user_id <> c.user_id OR nb.park_id = c.park_id OR b.status <> 'cancelled'
          OR c.refund_minor <> 0
          OR (coalesce(m.credited, 0) > 0 AND p.operator_id IS NOT NULL AND (o.id IS NULL
            OR o.operator_id <> p.operator_id OR o.kind <> 'guarantee' OR o.amount_minor <> -m.credited))
          OR (coalesce(m.credited, 0) = 0 AND o.id IS NOT NULL))`,
  );
  for (const r of rebooked)
    problems.push(`claim ${r.code}: its rebooking is not a move to another park paid by its operator`);
  return problems;
}

/**
 * Operators' accounts (decision 056): each move on an operator's account has exactly one line,
 * of the same operator and amount, and each line its move; an operator's balance (the sum of its
 * shards) is the sum of its lines; each statement's lines sum to its closing less its opening, and
 * opens at the closing of the operator's statement before it in that currency.
 */
async function operatorViolations(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const unmatched = await queryRows<{ key: string }>(
    db,
    sql`SELECT coalesce(t.idempotency_key, l.ledger_key) AS key
        FROM (SELECT t.idempotency_key, a.key AS account, e.amount_minor
                FROM ledger_entries e JOIN wallet_accounts a ON a.id = e.account_id
                JOIN ledger_transactions t ON t.id = e.transaction_id
               WHERE a.kind = 'owner_payable') t
        FULL JOIN operator_lines l ON l.ledger_key = t.idempotency_key
       WHERE t.idempotency_key IS NULL OR l.ledger_key IS NULL OR t.amount_minor <> l.amount_minor
          OR t.account NOT LIKE 'operator:' || l.operator_id || ':' || l.currency || ':%'`,
  );
  for (const r of unmatched) problems.push(`operator move ${r.key} and its line do not agree`);
  const balances = await queryRows<{ operator: string; currency: string }>(
    db,
    sql`SELECT coalesce(a.operator, l.operator_id::text) AS operator, coalesce(a.currency, l.currency) AS currency
        FROM (SELECT split_part(key, ':', 2) AS operator, currency, sum(balance_minor) AS balance
                FROM wallet_accounts WHERE kind = 'owner_payable' GROUP BY 1, 2) a
        FULL JOIN (SELECT operator_id, currency, sum(amount_minor) AS balance FROM operator_lines GROUP BY 1, 2) l
          ON l.operator_id::text = a.operator AND l.currency = a.currency
       WHERE coalesce(a.balance, 0) <> coalesce(l.balance, 0)`,
  );
  for (const r of balances)
    problems.push(`operator ${r.operator} in ${r.currency}: balance is not its lines' sum`);
  const statements = await queryRows<{ id: string }>(
    db,
    sql`SELECT s.id::text FROM settlements s
        LEFT JOIN LATERAL (SELECT coalesce(sum(amount_minor), 0) AS moved FROM operator_lines WHERE settlement_id = s.id) l ON true
        LEFT JOIN LATERAL (SELECT p.closing_minor FROM settlements p
          WHERE p.operator_id = s.operator_id AND p.currency = s.currency AND p.period_start < s.period_start
          ORDER BY p.period_start DESC LIMIT 1) prev ON true
       WHERE s.closing_minor - s.opening_minor <> l.moved OR s.opening_minor <> coalesce(prev.closing_minor, 0)`,
  );
  for (const r of statements)
    problems.push(`statement ${r.id} does not add up to its lines or its predecessor`);
  return problems;
}

/**
 * A booking a cut of its park's spaces moved (its guarantee offer open): it holds no space, as
 * space_holds leaves it out. `b`: the bookings row's alias in the caller's statement.
 */
export const movedByCut = (b: SQL) =>
  sql`EXISTS (SELECT 1 FROM booking_offers o WHERE o.booking_id = ${b}.id AND o.cause = 'capacity' AND o.status = 'open')`;

/**
 * The capacity invariant: every (park, type) whose peak concurrent active bookings and parked
 * drive-up sales (what booking_peak counts; a booking a cut of spaces moved, its guarantee offer
 * open, holds none) exceeds its capacity: a running sum of +1 at each start and -1 at each end,
 * ends first at equal times (windows are half-open).
 */
export async function overbookedParks(db: Db) {
  return queryRows<{ park_id: number; peak: number; capacity: number }>(
    db,
    sql`WITH held AS (
          SELECT park_id, vehicle_type_id, start_time, end_time FROM bookings b
          WHERE status = 'active' AND NOT ${movedByCut(sql`b`)}),
        ev AS (
          SELECT park_id, vehicle_type_id, start_time AS t, 1 AS d FROM held
          UNION ALL
          SELECT park_id, vehicle_type_id, end_time, -1 FROM held
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

/**
 * Charger groups whose active bookings ever hold more of its chargers at once than it has
 * (bookings.charger_id against park_chargers.count): the charger capacity invariant.
 */
export async function overbookedChargers(db: Db) {
  return queryRows<{ charger_id: number; peak: number; count: number }>(
    db,
    sql`WITH ev AS (
          SELECT charger_id, start_time AS t, 1 AS d FROM bookings
          WHERE status = 'active' AND charger_id IS NOT NULL
          UNION ALL
          SELECT charger_id, end_time, -1 FROM bookings WHERE status = 'active' AND charger_id IS NOT NULL),
        held AS (
          SELECT charger_id, sum(d) OVER (PARTITION BY charger_id ORDER BY t, d ROWS UNBOUNDED PRECEDING) AS n
          FROM ev)
        SELECT h.charger_id, max(h.n)::int AS peak, c.count FROM held h
        JOIN park_chargers c ON c.id = h.charger_id
        GROUP BY h.charger_id, c.count HAVING max(h.n) > c.count`,
  );
}

/**
 * The ledger moves that are purchases, refunds or top-ups: each must have its receipt (decision
 * 029). Every kind the ledger writes but the three that buy nothing (the demo's reset, a correction
 * by hand, a referral's reward from the marketing account), so a new kind is checked from its first move.
 */
const UNRECEIPTED_LEDGER_KINDS: readonly LedgerKind[] = [
  "demo_reset",
  "adjustment",
  "referral_reward",
  "guarantee_credit",
];
export const RECEIPTED_LEDGER_KINDS = LEDGER_KINDS.filter((k) => !UNRECEIPTED_LEDGER_KINDS.includes(k));

/**
 * The receipts' invariants, from the tables: every receipted ledger move has exactly one receipt
 * (by its idempotency key) whose total is what the move took from the buyer's wallet (a top-up's:
 * what it brought, a credit note's: minus what it gave back), every receipt's lines and taxes sum
 * to its total, the numbers of each country and year run 1..n without a gap, and every purchase
 * on the purchase engine has its kind's row.
 */
export async function receiptViolations(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const kinds = sql.raw(RECEIPTED_LEDGER_KINDS.map((k) => `'${k}'`).join(", "));
  const missing = await queryRows<{ key: string; kind: string }>(
    db,
    sql`SELECT t.idempotency_key AS key, t.kind FROM ledger_transactions t
        LEFT JOIN receipts r ON r.ledger_key = t.idempotency_key
        WHERE t.kind IN (${kinds}) AND r.id IS NULL`,
  );
  for (const r of missing) problems.push(`ledger move ${r.key} (${r.kind}) has no receipt`);
  const wrong = await queryRows<{ number: string | null; key: string; total: string; moved: string }>(
    db,
    sql`SELECT r.number, r.ledger_key AS key, r.total_minor::text AS total, m.moved::text AS moved
        FROM receipts r
        JOIN ledger_transactions t ON t.idempotency_key = r.ledger_key
        JOIN LATERAL (
          SELECT CASE WHEN t.kind = 'topup' THEN 1 ELSE -1 END * coalesce(sum(e.amount_minor), 0) AS moved
          FROM ledger_entries e JOIN wallet_accounts a ON a.id = e.account_id
          WHERE e.transaction_id = t.id AND a.kind IN ('user_wallet', 'held_excess', 'company_wallet')
        ) m ON true
        WHERE r.total_minor <> m.moved`,
  );
  for (const r of wrong) {
    problems.push(
      `receipt ${r.number ?? "(unnumbered)"} of ${r.key}: total ${r.total}, the wallet moved ${r.moved}`,
    );
  }
  const unsummed = await queryRows<{ id: string }>(
    db,
    sql`SELECT r.id::text FROM receipts r
        WHERE r.total_minor <> (SELECT coalesce(sum((l->>'amountMinor')::bigint), 0) FROM jsonb_array_elements(r.lines) l)
          + (SELECT coalesce(sum((x->>'amountMinor')::bigint), 0) FROM jsonb_array_elements(r.taxes) x)`,
  );
  for (const r of unsummed) problems.push(`receipt ${r.id}: lines and taxes do not sum to its total`);
  const gaps = await queryRows<{
    country_id: number;
    year: number;
    n: string;
    top: string | null;
    last: string | null;
  }>(
    db,
    sql`SELECT r.country_id, r.year, count(*)::text AS n, max(r.sequence)::text AS top, s.last_number::text AS last
        FROM receipts r LEFT JOIN receipt_sequences s ON s.country_id = r.country_id AND s.year = r.year
        WHERE r.number IS NOT NULL GROUP BY r.country_id, r.year, s.last_number
        HAVING count(*) <> max(r.sequence) OR max(r.sequence) <> s.last_number OR s.last_number IS NULL`,
  );
  for (const g of gaps) {
    problems.push(
      `receipts of country ${g.country_id} in ${g.year}: ${g.n} numbered, highest ${g.top}, counter ${g.last}`,
    );
  }
  return [...problems, ...(await purchaseViolations(db))];
}

/**
 * Each kind of the purchase engine's table and code column: a kind missing here does not compile,
 * so the check below (and whoever deletes a kind's rows, as the demo reset does) covers it.
 */
export const PURCHASE_ROWS: Readonly<Record<PurchaseKindName, { table: string; code: string }>> = {
  vehicle_docs: { table: "vehicle_doc_requests", code: "code" },
  order: { table: "orders", code: "order_code" },
  pass: { table: "passes", code: "pass_code" },
  booking: { table: "bookings", code: "booking_code" },
};

/**
 * The purchase engine's rows, from the tables: every `purchases` row has its kind's row, with the
 * same id, buyer and code (a deleted order or request takes its key and code with it).
 */
async function purchaseViolations(db: Db): Promise<string[]> {
  const problems: string[] = [];
  for (const [kind, { table, code }] of Object.entries(PURCHASE_ROWS)) {
    const orphans = await queryRows<{ code: string }>(
      db,
      sql`SELECT p.code FROM purchases p WHERE p.kind = ${kind} AND NOT EXISTS (
            SELECT 1 FROM ${sql.raw(table)} k
            WHERE k.id = p.id AND k.user_id = p.user_id AND k.${sql.raw(code)} = p.code)`,
    );
    for (const o of orphans) problems.push(`purchase ${o.code} (${kind}) has no ${table} row of its buyer`);
  }
  return problems;
}
