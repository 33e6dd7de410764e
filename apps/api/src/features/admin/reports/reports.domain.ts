/**
 * The reports' pure parts: the date range a query names (defaults and checks), the rows' CSV
 * columns, CSV writing with spreadsheet-formula neutralising, and the passes' monthly recurring.
 */
import {
  RANGE_ORDER_TEXT,
  RANGE_SPAN_TEXT,
  REPORT_MAX_DAYS,
  REPORT_STATUSES,
  addDays,
  dayOnClock,
  daysInRange,
  type ChargerUse,
  type ReportKind,
  type ReportRows,
} from "@parkwell/contract";
import { csvCell, csvLine } from "../../../lib/csv";
import { monthlyNetMinor } from "../../passes/passes.domain";

/** The days a report covers when the query names none: the last 30, today included. */
export const DEFAULT_RANGE_DAYS = 30;

export const NO_STATUS_TEXT = "This report has no status filter";
export const UNKNOWN_STATUS_TEXT = "Unknown status";

export type RangeResult =
  { ok: true; from: string; to: string } | { ok: false; fields: Record<string, string> };

/**
 * Today on the calendar furthest ahead among `zones` (the clocks of the parks or countries a
 * report covers; UTC with none): a report's default range then holds every one of their todays,
 * so a booking made at 00:30 in Lagos is in that day's report at once, whatever UTC's date is.
 */
export function latestToday(now: Date, zones: readonly string[]): string {
  const days = (zones.length > 0 ? zones : ["UTC"]).map((zone) => dayOnClock(now, zone));
  return days.reduce((a, b) => (b > a ? b : a));
}

/**
 * The range of a query: `to` defaults to `today` (latestToday of the places it covers), `from`
 * to 29 days before `to`. Checked again once the defaults are in (a `from` after today with no
 * `to` is refused).
 */
export function resolveRange(from: string | undefined, to: string | undefined, today: string): RangeResult {
  const end = to ?? today;
  const start = from ?? addDays(end, -(DEFAULT_RANGE_DAYS - 1));
  if (start > end) return { ok: false, fields: { from: RANGE_ORDER_TEXT } };
  if (daysInRange(start, end) > REPORT_MAX_DAYS) return { ok: false, fields: { to: RANGE_SPAN_TEXT } };
  return { ok: true, from: start, to: end };
}

/** Whether a report takes this status (transactions: any ledger kind written as one). */
export function statusProblem(kind: ReportKind, status: string | undefined): string | null {
  if (status === undefined) return null;
  if (kind === "transactions") return /^[a-z_]{1,40}$/.test(status) ? null : UNKNOWN_STATUS_TEXT;
  const allowed = REPORT_STATUSES[kind];
  if (allowed.length === 0) return NO_STATUS_TEXT;
  return allowed.includes(status) ? null : UNKNOWN_STATUS_TEXT;
}

/** An occupancy percentage with one decimal; 0 for a park without capacity. */
export function percentOf(held: number, capacity: number): number {
  if (capacity <= 0) return 0;
  return Math.round((held / capacity) * 1000) / 10;
}

/** Change from `before` to `after` in % with one decimal; null when there was nothing before. */
export function changePercent(after: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((after - before) / Math.abs(before)) * 1000) / 10;
}

// -------------------------------------------------------------------------------------- CSV

/** One CSV cell and line (lib/csv.ts, shared with the company exports). */
export { csvCell, csvLine };

export interface CsvColumn<R> {
  header: string;
  value: (row: R) => string | number | null;
}

/** The CSV columns of each report, in order (English headers: the file is data, not a page). */
export const csvColumns: { [K in ReportKind]: CsvColumn<ReportRows[K]>[] } = {
  sales: [
    { header: "Channel", value: (r) => r.channel },
    { header: "Code", value: (r) => r.code },
    { header: "Park ID", value: (r) => r.park_id },
    { header: "Park", value: (r) => r.park },
    { header: "Status", value: (r) => r.status },
    { header: "Time", value: (r) => r.time },
    { header: "Currency", value: (r) => r.currency },
    { header: "Parking", value: (r) => r.parking },
    { header: "Fees", value: (r) => r.fees },
    { header: "Discount", value: (r) => r.discount },
    { header: "VAT", value: (r) => r.vat },
    { header: "Operator share", value: (r) => r.operator_share },
    { header: "Commission", value: (r) => r.commission },
    { header: "Busy-time prices", value: (r) => r.busy_time },
    { header: "Total", value: (r) => r.total },
    { header: "Refunds", value: (r) => r.refunds },
    { header: "Net", value: (r) => r.net },
  ],
  payouts: [
    { header: "Country", value: (r) => r.country_code },
    { header: "Operator ID", value: (r) => r.operator_id },
    { header: "Operator", value: (r) => r.operator },
    { header: "Currency", value: (r) => r.currency },
    { header: "Balance", value: (r) => r.balance },
    { header: "Owed", value: (r) => r.owed },
    { header: "Paid", value: (r) => r.paid },
    { header: "In transit", value: (r) => r.in_transit },
    { header: "Held", value: (r) => r.held },
    { header: "Held because", value: (r) => r.held_reason },
    { header: "Failed", value: (r) => r.failed },
  ],
  bookings: [
    { header: "Code", value: (r) => r.code },
    { header: "Park ID", value: (r) => r.park_id },
    { header: "Park", value: (r) => r.park },
    { header: "Vehicle type", value: (r) => r.vehicle_type },
    { header: "Plate", value: (r) => r.plate_number },
    { header: "Start", value: (r) => r.start_time },
    { header: "End", value: (r) => r.end_time },
    { header: "Status", value: (r) => r.status },
    { header: "Checked in", value: (r) => r.checked_in_at },
    { header: "Checked out", value: (r) => r.checked_out_at },
    { header: "Currency", value: (r) => r.currency },
    { header: "Total", value: (r) => r.total },
    { header: "Paid", value: (r) => r.paid },
  ],
  occupancy: [
    { header: "Park ID", value: (r) => r.park_id },
    { header: "Park", value: (r) => r.park },
    { header: "Hour", value: (r) => r.hour },
    { header: "Spaces held", value: (r) => r.held },
    { header: "Capacity", value: (r) => r.capacity },
    { header: "Occupancy %", value: (r) => r.percent },
  ],
  transactions: [
    { header: "Entry ID", value: (r) => r.entry_id },
    { header: "Transaction ID", value: (r) => r.transaction_id },
    { header: "Kind", value: (r) => r.kind },
    { header: "Reference", value: (r) => r.reference },
    { header: "Account", value: (r) => r.account },
    { header: "Amount", value: (r) => r.amount },
    { header: "Currency", value: (r) => r.currency },
    { header: "Time", value: (r) => r.time },
  ],
  "credit-balance": [
    { header: "User ID", value: (r) => r.user_id },
    { header: "Name", value: (r) => r.name },
    { header: "Email", value: (r) => r.email },
    { header: "Currency", value: (r) => r.currency },
    { header: "Balance", value: (r) => r.balance },
  ],
};

export function csvHeader(kind: ReportKind): string {
  return csvLine(csvColumns[kind].map((c) => c.header));
}

export function csvRows<K extends ReportKind>(kind: K, rows: ReportRows[K][]): string {
  const columns = csvColumns[kind] as CsvColumn<ReportRows[K]>[];
  let out = "";
  for (const row of rows) out += csvLine(columns.map((c) => c.value(row)));
  return out;
}

/** The bookings report's EV charger section in its CSV export, named in each of its rows. */
const chargerUseSection = "EV chargers booked";
const chargerUseHeader = [
  "Section",
  "Park ID",
  "Park",
  "Bookings with a charger",
  "Charger-hours",
  "Charging sold",
  "Currency",
];

/**
 * The bookings report's EV chargers, as the page shows them above the rows (per park, the
 * bookings that held one, their charger-hours and the charging sold with them per hour, in the
 * park's currency), written after the export's rows:
 * a blank line, the section's own header, then one row per park whose first cell names the
 * section. Nothing when no booking of the range held a charger, as the page shows nothing.
 */
export function chargerUseCsv(uses: readonly ChargerUse[]): string {
  if (uses.length === 0) return "";
  let out = `\r\n${csvLine(chargerUseHeader)}`;
  for (const u of uses) {
    out += csvLine([
      chargerUseSection,
      u.park_id,
      u.park,
      u.bookings,
      u.charger_hours,
      u.charging_revenue,
      u.currency,
    ]);
  }
  return out;
}

export function csvFilename(kind: ReportKind, from: string, to: string): string {
  return kind === "credit-balance"
    ? `parkwell-credit-balance-${to}.csv`
    : `parkwell-${kind}-${from}-to-${to}.csv`;
}

/**
 * Per currency (in currency order), what the renewing passes bring a month, in minor units: each
 * pass's monthly price less its term's discount (passes.domain's monthlyNetMinor), times the passes
 * in its group.
 */
export function monthlyRecurring(
  groups: readonly {
    currency: string;
    monthly_minor: string | number;
    term_months: number;
    discount_3m_bps: number;
    discount_12m_bps: number;
    passes: number;
  }[],
): { currency: string; minor: number }[] {
  const sums = new Map<string, number>();
  for (const g of groups) {
    const net = monthlyNetMinor(Number(g.monthly_minor), Number(g.term_months), {
      discount3mBps: Number(g.discount_3m_bps),
      discount12mBps: Number(g.discount_12m_bps),
    });
    sums.set(g.currency, (sums.get(g.currency) ?? 0) + net * Number(g.passes));
  }
  return [...sums]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, minor]) => ({ currency, minor }));
}
