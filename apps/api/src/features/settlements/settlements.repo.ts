/** Settlement statements' reads and writes (issue #65, decision 056). */
import type { CommissionProduct, SettlementPeriod } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { ClaimedLine, StatementTotals } from "./settlements.domain";

/** An operator and currency a close may concern: it has lines no statement holds, or a balance. */
export interface CloseCandidate {
  operator_id: number;
  currency: string;
}

export async function closeCandidates(tx: Tx): Promise<CloseCandidate[]> {
  const rows = await queryRows<CloseCandidate>(
    tx,
    sql`SELECT DISTINCT operator_id, currency FROM operator_lines WHERE settlement_id IS NULL
        UNION
        SELECT split_part(key, ':', 2)::int AS operator_id, currency FROM wallet_accounts
         WHERE kind = 'owner_payable' AND key LIKE 'operator:%'
         GROUP BY 1, 2 HAVING sum(balance_minor) <> 0
        ORDER BY 1, 2`,
  );
  return rows.map((r) => ({ operator_id: Number(r.operator_id), currency: r.currency.trim() }));
}

/** How an operator's statements close: its period and its country's clock (else its first park's country's). */
export interface OperatorClock {
  period: SettlementPeriod;
  /** An admin's change of period, in force from `next_from` (the end of the period open when it was made). */
  next: SettlementPeriod | null;
  next_from: string | Date | null;
  time_zone: string;
}

export async function operatorClock(tx: Tx, operatorId: number): Promise<OperatorClock | null> {
  const [row] = await queryRows<OperatorClock>(
    tx,
    sql`SELECT o.settlement_period AS period, o.settlement_period_next AS next, o.settlement_period_from AS next_from,
        COALESCE(c.timezone,
          (SELECT pc.timezone FROM parks p JOIN countries pc ON pc.id = p.country_id
            WHERE p.operator_id = o.id ORDER BY p.id LIMIT 1),
          'UTC') AS time_zone
      FROM operators o LEFT JOIN countries c ON c.id = o.country_id
      WHERE o.id = ${operatorId}`,
  );
  return row ?? null;
}

export interface LastStatement {
  period_end: string;
  closing_minor: number;
}

export async function lastStatement(
  tx: Tx,
  operatorId: number,
  currency: string,
): Promise<LastStatement | null> {
  const [row] = await queryRows<{ period_end: string | Date; closing_minor: string | number }>(
    tx,
    sql`SELECT period_end, closing_minor FROM settlements
      WHERE operator_id = ${operatorId} AND currency = ${currency}
      ORDER BY period_start DESC LIMIT 1`,
  );
  return row
    ? { period_end: new Date(row.period_end).toISOString(), closing_minor: Number(row.closing_minor) }
    : null;
}

/** The earliest instant of a line no statement holds yet (null: none). */
export async function firstOpenLineAt(tx: Tx, operatorId: number, currency: string): Promise<Date | null> {
  const [row] = await queryRows<{ at: string | Date | null }>(
    tx,
    sql`SELECT min(occurred_at) AS at FROM operator_lines
      WHERE operator_id = ${operatorId} AND currency = ${currency} AND settlement_id IS NULL`,
  );
  return row?.at ? new Date(row.at) : null;
}

/**
 * Inserts a statement opening and closing at `openingMinor` with nothing in it yet (its lines are
 * claimed next and its totals written from exactly those); null when the period is already closed.
 */
export async function insertStatement(
  tx: Tx,
  s: {
    operatorId: number;
    currency: string;
    period: SettlementPeriod;
    start: Date;
    end: Date;
    timeZone: string;
    openingMinor: number;
    closedAt: Date;
  },
): Promise<number | null> {
  const [row] = await queryRows<{ id: string | number }>(
    tx,
    sql`INSERT INTO settlements (operator_id, currency, period, period_start, period_end, time_zone,
        opening_minor, sales_minor, refunds_minor, commission_minor, collected_minor, adjustments_minor,
        payouts_minor, closing_minor, closed_at)
      VALUES (${s.operatorId}, ${s.currency}, ${s.period}, ${s.start.toISOString()}::timestamptz,
        ${s.end.toISOString()}::timestamptz, ${s.timeZone}, ${s.openingMinor}, 0, 0, 0, 0, 0, 0,
        ${s.openingMinor}, ${s.closedAt.toISOString()}::timestamptz)
      ON CONFLICT ON CONSTRAINT settlements_one_per_period DO NOTHING
      RETURNING id`,
  );
  return row ? Number(row.id) : null;
}

/** Claims for a statement every open line of the operator and currency that occurred before `end`. */
export async function claimLines(
  tx: Tx,
  q: { settlementId: number; operatorId: number; currency: string; end: Date },
): Promise<ClaimedLine[]> {
  const rows = await queryRows<{
    kind: ClaimedLine["kind"];
    gross_minor: string | number;
    commission_minor: string | number;
    amount_minor: string | number;
  }>(
    tx,
    sql`UPDATE operator_lines SET settlement_id = ${q.settlementId}
      WHERE operator_id = ${q.operatorId} AND currency = ${q.currency} AND settlement_id IS NULL
        AND occurred_at < ${q.end.toISOString()}::timestamptz
      RETURNING kind, gross_minor, commission_minor, amount_minor`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    grossMinor: Number(r.gross_minor),
    commissionMinor: Number(r.commission_minor),
    amountMinor: Number(r.amount_minor),
  }));
}

export async function writeTotals(tx: Tx, id: number, t: StatementTotals): Promise<void> {
  await tx.execute(
    sql`UPDATE settlements SET opening_minor = ${t.openingMinor}, sales_minor = ${t.salesMinor},
        refunds_minor = ${t.refundsMinor}, commission_minor = ${t.commissionMinor},
        collected_minor = ${t.collectedMinor}, adjustments_minor = ${t.adjustmentsMinor},
        payouts_minor = ${t.payoutsMinor}, closing_minor = ${t.closingMinor}
      WHERE id = ${id}`,
  );
}

export async function deleteStatement(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`DELETE FROM settlements WHERE id = ${id}`);
}

/** The operator's branch managers, who get its statements by e-mail. */
export async function branchManagers(tx: Tx, operatorId: number): Promise<{ id: string }[]> {
  return queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM users WHERE role = 'branch_manager' AND operator_id = ${operatorId}
      AND disabled_at IS NULL ORDER BY created_at, id`,
  );
}

export async function markMailed(tx: Tx, id: number, at: Date): Promise<void> {
  await tx.execute(
    sql`UPDATE settlements SET mailed_at = ${at.toISOString()}::timestamptz WHERE id = ${id} AND mailed_at IS NULL`,
  );
}

/** A statement's header: its operator, period, clock, currency and totals. */
export interface StatementRow {
  id: number;
  operator_id: number;
  operator_name: string;
  currency: string;
  decimals: number;
  period: SettlementPeriod;
  period_start: string;
  period_end: string;
  time_zone: string;
  opening_minor: number;
  sales_minor: number;
  refunds_minor: number;
  collected_minor: number;
  commission_minor: number;
  adjustments_minor: number;
  payouts_minor: number;
  closing_minor: number;
  closed_at: string;
  mailed_at: string | null;
}

const STATEMENT_COLUMNS = sql`s.id, s.operator_id, o.name AS operator_name, s.currency,
  COALESCE((SELECT c.currency_decimals FROM countries c WHERE c.currency = s.currency ORDER BY c.id LIMIT 1), 2) AS decimals,
  s.period, s.period_start, s.period_end, s.time_zone, s.opening_minor, s.sales_minor, s.refunds_minor,
  s.collected_minor, s.commission_minor, s.adjustments_minor, s.payouts_minor, s.closing_minor,
  s.closed_at, s.mailed_at`;

type RawStatement = Record<keyof StatementRow, string | number | Date | null>;

function statementRow(r: RawStatement): StatementRow {
  const iso = (v: unknown) => new Date(v as string).toISOString();
  return {
    id: Number(r.id),
    operator_id: Number(r.operator_id),
    operator_name: String(r.operator_name),
    currency: String(r.currency).trim(),
    decimals: Number(r.decimals),
    period: r.period as SettlementPeriod,
    period_start: iso(r.period_start),
    period_end: iso(r.period_end),
    time_zone: String(r.time_zone),
    opening_minor: Number(r.opening_minor),
    sales_minor: Number(r.sales_minor),
    refunds_minor: Number(r.refunds_minor),
    collected_minor: Number(r.collected_minor),
    commission_minor: Number(r.commission_minor),
    adjustments_minor: Number(r.adjustments_minor),
    payouts_minor: Number(r.payouts_minor),
    closing_minor: Number(r.closing_minor),
    closed_at: iso(r.closed_at),
    mailed_at: r.mailed_at === null ? null : iso(r.mailed_at),
  };
}

/** One statement; with `operatorId`, only when it is that operator's (a branch manager's scope). */
export async function statementById(
  tx: Tx,
  id: number,
  operatorId: number | null,
): Promise<StatementRow | null> {
  const [row] = await queryRows<RawStatement>(
    tx,
    sql`SELECT ${STATEMENT_COLUMNS} FROM settlements s JOIN operators o ON o.id = s.operator_id
      WHERE s.id = ${id} ${operatorId === null ? sql`` : sql`AND s.operator_id = ${operatorId}`}`,
  );
  return row ? statementRow(row) : null;
}

/** Who a statement's e-mail goes to: a branch manager of its operator still. */
export async function managerForMail(
  tx: Tx,
  userId: string,
  operatorId: number,
): Promise<{ email: string; first_name: string; language: string } | null> {
  const [row] = await queryRows<{ email: string; first_name: string; language: string }>(
    tx,
    sql`SELECT email, first_name, language FROM users
      WHERE id = ${userId} AND role = 'branch_manager' AND operator_id = ${operatorId} AND disabled_at IS NULL`,
  );
  return row ?? null;
}

export interface StatementFilter {
  /** Only this operator's (a branch manager's scope, or an admin's filter). */
  operatorId?: number | undefined;
  currency?: string | undefined;
  /** Periods starting on or after / on or before these days, on their own clock. */
  from?: string | undefined;
  to?: string | undefined;
}

function whereOf(f: StatementFilter) {
  return sql`WHERE true
    ${f.operatorId === undefined ? sql`` : sql`AND s.operator_id = ${f.operatorId}`}
    ${f.currency === undefined ? sql`` : sql`AND s.currency = ${f.currency}`}
    ${f.from === undefined ? sql`` : sql`AND (s.period_start AT TIME ZONE s.time_zone)::date >= ${f.from}::date`}
    ${f.to === undefined ? sql`` : sql`AND (s.period_start AT TIME ZONE s.time_zone)::date <= ${f.to}::date`}`;
}

/** One page of statements, newest period first. */
export async function listStatements(
  tx: Tx,
  f: StatementFilter,
  limit: number,
  offset: number,
): Promise<{ rows: StatementRow[]; total: number }> {
  const where = whereOf(f);
  const rows = await queryRows<RawStatement>(
    tx,
    sql`SELECT ${STATEMENT_COLUMNS} FROM settlements s JOIN operators o ON o.id = s.operator_id ${where}
      ORDER BY s.period_start DESC, o.name, s.currency, s.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM settlements s ${where}`,
  );
  return { rows: rows.map(statementRow), total: Number(count?.n ?? 0) };
}

/** A line of a statement (or of the open period) with its park and its receipt's number. */
export interface LineRow {
  id: number;
  kind: ClaimedLine["kind"];
  occurred_at: string;
  park_id: number | null;
  park_name: string | null;
  product: CommissionProduct | null;
  reference: string | null;
  receipt_number: string | null;
  gross_minor: number;
  commission_bps: number | null;
  commission_minor: number;
  amount_minor: number;
  note: string | null;
}

type RawLine = Record<keyof LineRow, string | number | Date | null>;

function lineRow(r: RawLine): LineRow {
  return {
    id: Number(r.id),
    kind: r.kind as LineRow["kind"],
    occurred_at: new Date(r.occurred_at as string).toISOString(),
    park_id: r.park_id === null ? null : Number(r.park_id),
    park_name: r.park_name === null ? null : String(r.park_name),
    product: r.product as LineRow["product"],
    reference: r.reference === null ? null : String(r.reference),
    receipt_number: r.receipt_number === null ? null : String(r.receipt_number),
    gross_minor: Number(r.gross_minor),
    commission_bps: r.commission_bps === null ? null : Number(r.commission_bps),
    commission_minor: Number(r.commission_minor),
    amount_minor: Number(r.amount_minor),
    note: r.note === null ? null : String(r.note),
  };
}

const LINE_COLUMNS = sql`l.id, l.kind, l.occurred_at, l.park_id, p.name AS park_name, l.product, l.reference,
  r.number AS receipt_number, l.gross_minor, l.commission_bps, l.commission_minor, l.amount_minor, l.note`;

/**
 * A statement's lines in order (when they happened, then as posted), a page of them; `after` reads
 * on from a line (the CSV's batches).
 */
export async function statementLines(
  tx: Tx,
  settlementId: number,
  limit: number,
  page: { offset: number } | { after: [string, number] | null },
): Promise<LineRow[]> {
  const after = "after" in page ? page.after : null;
  const rows = await queryRows<RawLine>(
    tx,
    sql`SELECT ${LINE_COLUMNS} FROM operator_lines l
        LEFT JOIN parks p ON p.id = l.park_id LEFT JOIN receipts r ON r.id = l.receipt_id
      WHERE l.settlement_id = ${settlementId}
        ${after ? sql`AND (l.occurred_at, l.id) > (${after[0]}::timestamptz, ${after[1]})` : sql``}
      ORDER BY l.occurred_at, l.id LIMIT ${limit} ${"offset" in page ? sql`OFFSET ${page.offset}` : sql``}`,
  );
  return rows.map(lineRow);
}

export async function statementLineCount(tx: Tx, settlementId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM operator_lines WHERE settlement_id = ${settlementId}`,
  );
  return Number(row?.n ?? 0);
}

/** The countries whose receipts among a statement's (or the open period's) lines have no number yet. */
export async function unnumberedCountries(
  tx: Tx,
  q: { settlementId: number } | { operatorId: number; currency: string },
): Promise<number[]> {
  const rows = await queryRows<{ country_id: number }>(
    tx,
    sql`SELECT DISTINCT r.country_id FROM operator_lines l JOIN receipts r ON r.id = l.receipt_id
      WHERE r.number IS NULL AND ${
        "settlementId" in q
          ? sql`l.settlement_id = ${q.settlementId}`
          : sql`l.operator_id = ${q.operatorId} AND l.currency = ${q.currency} AND l.settlement_id IS NULL`
      }`,
  );
  return rows.map((r) => Number(r.country_id));
}

/** The open period's lines so far (no statement holds them), newest first, at most `limit`. */
export async function openLines(
  tx: Tx,
  operatorId: number,
  currency: string,
  limit: number,
): Promise<LineRow[]> {
  const rows = await queryRows<RawLine>(
    tx,
    sql`SELECT ${LINE_COLUMNS} FROM operator_lines l
        LEFT JOIN parks p ON p.id = l.park_id LEFT JOIN receipts r ON r.id = l.receipt_id
      WHERE l.operator_id = ${operatorId} AND l.currency = ${currency} AND l.settlement_id IS NULL
      ORDER BY l.occurred_at DESC, l.id DESC LIMIT ${limit}`,
  );
  return rows.map(lineRow);
}

/** Every open line's figures, for the running totals. */
export async function openFigures(tx: Tx, operatorId: number, currency: string): Promise<ClaimedLine[]> {
  const rows = await queryRows<{
    kind: ClaimedLine["kind"];
    gross: string;
    commission: string;
    amount: string;
  }>(
    tx,
    sql`SELECT kind, sum(gross_minor) AS gross, sum(commission_minor) AS commission, sum(amount_minor) AS amount
      FROM operator_lines WHERE operator_id = ${operatorId} AND currency = ${currency} AND settlement_id IS NULL
      GROUP BY kind`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    grossMinor: Number(r.gross),
    commissionMinor: Number(r.commission),
    amountMinor: Number(r.amount),
  }));
}

/** The currencies an operator has a statement, an open line or a balance in. */
export async function operatorCurrencies(tx: Tx, operatorId: number): Promise<string[]> {
  const rows = await queryRows<{ currency: string }>(
    tx,
    sql`SELECT currency FROM operator_lines WHERE operator_id = ${operatorId}
      UNION SELECT currency FROM settlements WHERE operator_id = ${operatorId} ORDER BY 1`,
  );
  return rows.map((r) => r.currency.trim());
}

export async function operatorName(tx: Tx, operatorId: number): Promise<string | null> {
  const [row] = await queryRows<{ name: string }>(
    tx,
    sql`SELECT name FROM operators WHERE id = ${operatorId}`,
  );
  return row?.name ?? null;
}

export async function operatorsList(
  tx: Tx,
  operatorId: number | null,
): Promise<{ id: number; name: string }[]> {
  const rows = await queryRows<{ id: number; name: string }>(
    tx,
    sql`SELECT id, name FROM operators ${operatorId === null ? sql`` : sql`WHERE id = ${operatorId}`} ORDER BY name`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

export async function currencyDecimals(tx: Tx, currency: string): Promise<number> {
  const [row] = await queryRows<{ d: number }>(
    tx,
    sql`SELECT currency_decimals AS d FROM countries WHERE currency = ${currency} ORDER BY id LIMIT 1`,
  );
  return row ? Number(row.d) : 2;
}

export async function openLineCount(tx: Tx, operatorId: number, currency: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM operator_lines
      WHERE operator_id = ${operatorId} AND currency = ${currency} AND settlement_id IS NULL`,
  );
  return Number(row?.n ?? 0);
}
