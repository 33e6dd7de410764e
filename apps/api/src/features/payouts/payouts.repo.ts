/** Payouts' queries (issue #65). */
import type { PayoutProvider, PayoutStatus } from "@parkwell/contract";
import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "../../db/client";
import type { Tx } from "../../db/tx";

export interface DueSettlement {
  id: number;
  operator_id: number;
  currency: string;
  closing_minor: number | string;
}

/**
 * The statements a payout may still be made for: each operator's latest in a currency without a
 * payout (an earlier one's balance is carried into it, so it alone is paid).
 */
export async function dueSettlements(tx: Tx, limit = 200): Promise<DueSettlement[]> {
  return queryRows<DueSettlement>(
    tx,
    sql`SELECT s.id, s.operator_id, trim(s.currency) AS currency, s.closing_minor FROM settlements s
        WHERE NOT EXISTS (SELECT FROM payouts p WHERE p.settlement_id = s.id)
          AND NOT EXISTS (SELECT FROM settlements n WHERE n.operator_id = s.operator_id
            AND n.currency = s.currency AND n.period_start > s.period_start)
          AND s.closing_minor > 0
        ORDER BY s.id LIMIT ${limit}`,
  );
}

/** One payout per statement: null when another run made it first (it waited on the unique index). */
export async function insertPayout(
  tx: Tx,
  p: {
    operatorId: number;
    settlementId: number;
    currency: string;
    amountMinor: number;
    provider: PayoutProvider;
    idempotencyKey: string;
    now: Date;
  },
): Promise<number | null> {
  const [row] = await queryRows<{ id: number | string }>(
    tx,
    sql`INSERT INTO payouts (operator_id, settlement_id, currency, amount_minor, provider, status,
          idempotency_key, created_at, updated_at)
        VALUES (${p.operatorId}, ${p.settlementId}, ${p.currency}, ${p.amountMinor}, ${p.provider}, 'waiting',
          ${p.idempotencyKey}, ${p.now.toISOString()}::timestamptz, ${p.now.toISOString()}::timestamptz)
        ON CONFLICT (settlement_id) DO NOTHING RETURNING id`,
  );
  return row ? Number(row.id) : null;
}

export interface PayoutRow {
  id: number;
  operator_id: number;
  operator_name: string;
  country_code: string | null;
  country_id: number | null;
  settlement_id: number;
  period_start: Date | string;
  period_end: Date | string;
  time_zone: string;
  currency: string;
  amount_minor: number;
  provider: PayoutProvider | null;
  payout_account_id: number | null;
  status: PayoutStatus;
  reason: string | null;
  idempotency_key: string;
  provider_reference: string | null;
  lease_until: Date | string | null;
  attempts: number;
  created_at: Date | string;
  sent_at: Date | string | null;
  settled_at: Date | string | null;
  account_last4: string | null;
  account_holder: string | null;
  account_bank: string | null;
}

const SELECT = sql`SELECT p.id::int AS id, p.operator_id, o.name AS operator_name, c.code AS country_code,
    o.country_id, p.settlement_id::int AS settlement_id, s.period_start, s.period_end, s.time_zone, trim(p.currency) AS currency,
    p.amount_minor, p.provider, p.payout_account_id, p.status, p.reason,
    p.idempotency_key, p.provider_reference, p.lease_until, p.attempts, p.created_at, p.sent_at, p.settled_at,
    a.last4 AS account_last4, a.holder_name AS account_holder, a.bank_name AS account_bank
  FROM payouts p
  JOIN operators o ON o.id = p.operator_id
  JOIN settlements s ON s.id = p.settlement_id
  LEFT JOIN countries c ON c.id = o.country_id
  LEFT JOIN payout_accounts a ON a.id = p.payout_account_id`;

const normal = (r: PayoutRow): PayoutRow => ({ ...r, amount_minor: Number(r.amount_minor) });

export async function findPayout(tx: Tx, id: number, lock = false): Promise<PayoutRow | null> {
  if (lock) await queryRows(tx, sql`SELECT id FROM payouts WHERE id = ${id} FOR UPDATE`);
  const [row] = await queryRows<PayoutRow>(tx, sql`${SELECT} WHERE p.id = ${id}`);
  return row ? normal(row) : null;
}

/** A provider's transfer: by its reference, else by our idempotency key. */
export async function findByTransfer(
  tx: Tx,
  provider: PayoutProvider,
  q: { providerReference: string; idempotencyKey: string | null },
): Promise<number | null> {
  const [row] = await queryRows<{ id: number | string }>(
    tx,
    sql`SELECT id FROM payouts WHERE provider = ${provider}
        AND (provider_reference = ${q.providerReference}
          ${q.idempotencyKey ? sql`OR idempotency_key = ${q.idempotencyKey}` : sql``})
        ORDER BY id LIMIT 1`,
  );
  return row ? Number(row.id) : null;
}

/** Payouts the job sends (waiting, or sending with the lease run out) and those it asks about (sent). */
export async function duePayouts(
  tx: Tx,
  now: Date,
  limit = 200,
): Promise<{ id: number; status: PayoutStatus }[]> {
  const rows = await queryRows<{ id: number | string; status: PayoutStatus }>(
    tx,
    sql`SELECT id, status FROM payouts
        WHERE status = 'sent' OR (status IN ('waiting', 'sending')
          AND (lease_until IS NULL OR lease_until < ${now.toISOString()}::timestamptz))
        ORDER BY id LIMIT ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), status: r.status }));
}

export async function updatePayout(
  tx: Tx,
  id: number,
  set: {
    status?: PayoutStatus;
    reason?: string | null;
    payoutAccountId?: number;
    providerReference?: string;
    leaseUntil?: Date | null;
    attempt?: boolean;
    sentAt?: Date;
    settledAt?: Date;
    now: Date;
  },
): Promise<void> {
  const parts: SQL[] = [sql`updated_at = ${set.now.toISOString()}::timestamptz`];
  if (set.status !== undefined) parts.push(sql`status = ${set.status}`);
  if (set.reason !== undefined) parts.push(sql`reason = ${set.reason}`);
  if (set.payoutAccountId !== undefined) parts.push(sql`payout_account_id = ${set.payoutAccountId}`);
  if (set.providerReference !== undefined) parts.push(sql`provider_reference = ${set.providerReference}`);
  if (set.leaseUntil !== undefined)
    parts.push(
      sql`lease_until = ${set.leaseUntil === null ? null : set.leaseUntil.toISOString()}::timestamptz`,
    );
  if (set.attempt) parts.push(sql`attempts = attempts + 1`);
  if (set.sentAt) parts.push(sql`sent_at = ${set.sentAt.toISOString()}::timestamptz`);
  if (set.settledAt) parts.push(sql`settled_at = ${set.settledAt.toISOString()}::timestamptz`);
  await tx.execute(sql`UPDATE payouts SET ${sql.join(parts, sql`, `)} WHERE id = ${id}`);
}

export interface PayoutFilter {
  operatorId?: number | undefined;
  country?: string | undefined;
  status?: PayoutStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

function whereOf(f: PayoutFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.operatorId !== undefined) parts.push(sql`p.operator_id = ${f.operatorId}`);
  if (f.country) parts.push(sql`c.code = ${f.country}`);
  if (f.status) parts.push(sql`p.status = ${f.status}`);
  if (f.from) parts.push(sql`s.period_start >= ${f.from}::date`);
  if (f.to) parts.push(sql`s.period_start < (${f.to}::date + 1)`);
  return sql.join(parts, sql` AND `);
}

export async function listPayouts(
  tx: Tx,
  f: PayoutFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: PayoutRow[]; total: number }> {
  const where = whereOf(f);
  const rows = await queryRows<PayoutRow>(
    tx,
    sql`${SELECT} WHERE ${where} ORDER BY p.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  const [count] = await queryRows<{ n: number | string }>(
    tx,
    sql`SELECT count(*) AS n FROM payouts p JOIN operators o ON o.id = p.operator_id
        JOIN settlements s ON s.id = p.settlement_id LEFT JOIN countries c ON c.id = o.country_id
        WHERE ${where}`,
  );
  return { rows: rows.map(normal), total: Number(count?.n ?? 0) };
}

/** Sets or lifts an operator's hold (null: lifted); answers whether the operator exists. */
export async function setHold(
  tx: Tx,
  operatorId: number,
  reason: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE operators SET payouts_held_reason = ${reason},
          payouts_held_at = ${reason === null ? null : now.toISOString()}::timestamptz
        WHERE id = ${operatorId} RETURNING id`,
  );
  return rows.length > 0;
}
