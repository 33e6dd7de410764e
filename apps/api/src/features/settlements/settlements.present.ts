/** A settlement statement and its lines as the contract answers them (amounts in major units). */
import type { AdminSettlement, AdminSettlementCurrent, AdminSettlementLine } from "@parkwell/contract";
import { toMajor } from "../../lib/money";
import type { StatementTotals } from "./settlements.domain";
import type { LineRow, StatementRow } from "./settlements.repo";

export function presentStatement(s: StatementRow): AdminSettlement {
  const m = (minor: number) => toMajor(minor, s.decimals);
  return {
    id: s.id,
    operator: { id: s.operator_id, name: s.operator_name },
    currency: s.currency,
    period: s.period,
    period_start: s.period_start,
    period_end: s.period_end,
    time_zone: s.time_zone,
    opening: m(s.opening_minor),
    sales: m(s.sales_minor),
    refunds: m(s.refunds_minor),
    collected: m(s.collected_minor),
    commission: m(s.commission_minor),
    adjustments: m(s.adjustments_minor),
    payouts: m(s.payouts_minor),
    closing: m(s.closing_minor),
    closed_at: s.closed_at,
    mailed_at: s.mailed_at,
  };
}

export function presentLine(l: LineRow, decimals: number): AdminSettlementLine {
  const m = (minor: number) => toMajor(minor, decimals);
  return {
    id: l.id,
    kind: l.kind,
    occurred_at: l.occurred_at,
    park: l.park_id === null ? null : { id: l.park_id, name: l.park_name ?? "" },
    product: l.product,
    reference: l.reference,
    receipt_number: l.receipt_number,
    gross: m(l.gross_minor),
    commission_rate: l.commission_bps === null ? null : l.commission_bps / 100,
    commission: m(l.commission_minor),
    share: m(l.amount_minor),
    note: l.note,
  };
}

/** The open period's running figures: the totals of the lines no statement holds yet, from the last closing. */
export function presentCurrent(c: {
  operator: { id: number; name: string };
  currency: string;
  decimals: number;
  period: AdminSettlementCurrent["period"];
  start: Date;
  end: Date;
  timeZone: string;
  totals: StatementTotals;
  asOf: Date;
  lineCount: number;
  lines: readonly LineRow[];
}): AdminSettlementCurrent {
  const m = (minor: number) => toMajor(minor, c.decimals);
  return {
    operator: c.operator,
    currency: c.currency,
    period: c.period,
    period_start: c.start.toISOString(),
    period_end: c.end.toISOString(),
    time_zone: c.timeZone,
    opening: m(c.totals.openingMinor),
    sales: m(c.totals.salesMinor),
    refunds: m(c.totals.refundsMinor),
    collected: m(c.totals.collectedMinor),
    commission: m(c.totals.commissionMinor),
    adjustments: m(c.totals.adjustmentsMinor),
    payouts: m(c.totals.payoutsMinor),
    closing: m(c.totals.closingMinor),
    as_of: c.asOf.toISOString(),
    line_count: c.lineCount,
    lines: c.lines.map((l) => presentLine(l, c.decimals)),
  };
}
