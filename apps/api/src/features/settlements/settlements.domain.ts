/**
 * A settlement statement's rules, pure (issue #65, decision 056): the periods on the operator's
 * country's clock (weekly: Monday 00:00 to Monday 00:00; monthly: the 1st 00:00 to the next 1st),
 * and a statement's totals from the lines it claims. No I/O.
 */
import type { OperatorLineKind, SettlementPeriod } from "@parkwell/contract";
import { addDays, dateTimeFormat, dayOnClock, isoOnClock } from "@parkwell/contract";

/** The instant a wall-clock time ("2026-11-30T00:00:00") is on a zone's clock. */
export function instantOnClock(local: string, timeZone: string): Date {
  const asUtc = Date.parse(`${local}Z`);
  // The zone's offset at a guess, then again at the answer: right across a change of offset
  // (midnight never falls in a gap in the zones served; were it to, the later instant is taken).
  let at = asUtc;
  for (let i = 0; i < 2; i++) at = asUtc - offsetMs(new Date(at), timeZone);
  return new Date(at);
}

function offsetMs(at: Date, timeZone: string): number {
  const iso = isoOnClock(at, timeZone);
  const local = Date.parse(`${iso.slice(0, 19)}Z`);
  return local - Math.floor(at.getTime() / 1000) * 1000;
}

/** The day (YYYY-MM-DD) that starts the period containing `day`. */
function periodStartDay(day: string, period: SettlementPeriod): string {
  if (period === "monthly") return `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday .. 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** The day (YYYY-MM-DD) that starts the period after the one containing `day`. */
function nextStartDay(day: string, period: SettlementPeriod): string {
  const start = periodStartDay(day, period);
  if (period === "weekly") return addDays(start, 7);
  const [y, m] = start.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

export interface PeriodWindow {
  start: Date;
  end: Date;
}

/** The period (on `timeZone`'s clock) that contains the instant `at`. */
export function periodContaining(at: Date, period: SettlementPeriod, timeZone: string): PeriodWindow {
  const day = dayOnClock(at, timeZone);
  return {
    start: instantOnClock(`${periodStartDay(day, period)}T00:00:00`, timeZone),
    end: instantOnClock(`${nextStartDay(day, period)}T00:00:00`, timeZone),
  };
}

/**
 * The period that starts at `start` (the previous statement's end): it ends at the first period
 * boundary after it, so an operator switched from monthly to weekly (or moved to another clock)
 * continues from where its last statement ended, with no gap and no overlap.
 */
export function periodFrom(start: Date, period: SettlementPeriod, timeZone: string): PeriodWindow {
  let end = periodContaining(start, period, timeZone).end;
  if (end.getTime() <= start.getTime()) end = periodContaining(end, period, timeZone).end;
  return { start, end };
}

export interface ClaimedLine {
  kind: OperatorLineKind;
  grossMinor: number;
  commissionMinor: number;
  amountMinor: number;
}

export interface StatementTotals {
  openingMinor: number;
  salesMinor: number;
  refundsMinor: number;
  collectedMinor: number;
  commissionMinor: number;
  adjustmentsMinor: number;
  payoutsMinor: number;
  closingMinor: number;
}

/**
 * A statement's totals: sales is all parking sold (the sales' and the drive-up sales' gross),
 * refunds the refunds' gross (negative), collected what the operator took at its gate (the
 * drive-up sales' gross: its own money, counted, not owed), commission Parkwell's on all three,
 * adjustments and payouts (out negative, returned positive) their amounts. Closing is opening
 * plus the claimed lines' amounts, which is what `settlements_sums` checks the parts add up to.
 */
export function totalsOf(openingMinor: number, lines: readonly ClaimedLine[]): StatementTotals {
  const t: StatementTotals = {
    openingMinor,
    salesMinor: 0,
    refundsMinor: 0,
    collectedMinor: 0,
    commissionMinor: 0,
    adjustmentsMinor: 0,
    payoutsMinor: 0,
    closingMinor: openingMinor,
  };
  for (const l of lines) {
    t.closingMinor += l.amountMinor;
    switch (l.kind) {
      case "sale":
        t.salesMinor += l.grossMinor;
        t.commissionMinor += l.commissionMinor;
        break;
      case "refund":
        t.refundsMinor += l.grossMinor;
        t.commissionMinor += l.commissionMinor;
        break;
      case "drive_up":
        t.salesMinor += l.grossMinor;
        t.collectedMinor += l.grossMinor;
        t.commissionMinor += l.commissionMinor;
        break;
      case "adjustment":
        t.adjustmentsMinor += l.amountMinor;
        break;
      case "payout":
      case "payout_returned":
        t.payoutsMinor += l.amountMinor;
        break;
    }
  }
  return t;
}

const MONTH: Intl.DateTimeFormatOptions = { month: "long", year: "numeric" };
const DAY_LONG: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric" };

/**
 * A statement's period as people read it, on its clock: "November 2026" for a month, "23–29
 * November 2026" for a week (its last day is the day before its end).
 */
export function periodText(
  p: { period: SettlementPeriod; start: Date; end: Date; timeZone: string },
  language: "en" | "fr",
): string {
  const locale = language === "fr" ? "fr-FR" : "en-GB";
  const lastDay = new Date(p.end.getTime() - 1);
  if (p.period === "monthly" && dayOnClock(p.start, p.timeZone).endsWith("-01")) {
    const sameMonth =
      dayOnClock(p.start, p.timeZone).slice(0, 7) === dayOnClock(lastDay, p.timeZone).slice(0, 7);
    if (sameMonth) return dateTimeFormat(MONTH, locale, p.timeZone).format(p.start);
  }
  return dateTimeFormat(DAY_LONG, locale, p.timeZone).formatRange(p.start, lastDay);
}

/**
 * The period of a statement opening at `at`: the operator's, or an admin's change of it once its
 * start has come (a change waits for the period open when it was made to end: admin/commission).
 */
export function periodAt(
  clock: { period: SettlementPeriod; next: SettlementPeriod | null; next_from: string | Date | null },
  at: Date,
): SettlementPeriod {
  return clock.next !== null &&
    clock.next_from !== null &&
    at.getTime() >= new Date(clock.next_from).getTime()
    ? clock.next
    : clock.period;
}
