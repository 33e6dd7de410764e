/**
 * A settlement statement as CSV (English headers: the file is data, not a page): the statement's
 * figures first, then one row per line in the order they happened, read from the database in
 * batches while the file is sent. Amounts are in major units with the currency's decimals, as
 * plain numbers a spreadsheet sums; times are ISO 8601 on the statement's clock, with its offset.
 */
import { isoOnClock } from "@parkwell/contract";
import type { Db } from "../../db/client";
import { csvLine } from "../../lib/csv";
import * as repo from "./settlements.repo";

export const STATEMENT_CSV_HEADER = [
  "section",
  "occurred_at",
  "kind",
  "park",
  "product",
  "reference",
  "receipt_number",
  "currency",
  "gross",
  "commission_rate",
  "commission",
  "share",
  "note",
] as const;

/** Lines read per query while the CSV is written. */
export const CSV_BATCH = 500;

/**
 * Major units as a number (a text would be taken for a formula when negative, and prefixed): a
 * spreadsheet sums it as it is.
 */
const major = (minor: number, decimals: number) => Number((minor / 10 ** decimals).toFixed(decimals));

export async function* statementCsvChunks(
  db: Db,
  s: repo.StatementRow,
  batch = CSV_BATCH,
): AsyncGenerator<string> {
  const cell = (cells: Partial<Record<(typeof STATEMENT_CSV_HEADER)[number], string | number>>) =>
    csvLine(STATEMENT_CSV_HEADER.map((h) => cells[h] ?? ""));
  const total = (note: string, minor: number) =>
    cell({ section: "total", kind: note, currency: s.currency, share: major(minor, s.decimals) });
  // A byte order mark so that spreadsheets read the file as UTF-8 (park names, "é").
  yield (
    `\uFEFF${csvLine([...STATEMENT_CSV_HEADER])}` +
    cell({
      section: "statement",
      occurred_at: isoOnClock(new Date(s.period_start), s.time_zone),
      kind: s.period,
      reference: `${s.operator_name} ${s.id}`,
      currency: s.currency,
      note: `until ${isoOnClock(new Date(s.period_end), s.time_zone)}`,
    }) +
    total("opening", s.opening_minor)
  );
  for (let after: [string, number] | null = null; ;) {
    const rows = await repo.statementLines(db, s.id, batch, { after });
    if (rows.length > 0)
      yield rows
        .map((l) =>
          cell({
            section: "line",
            occurred_at: isoOnClock(new Date(l.occurred_at), s.time_zone),
            kind: l.kind,
            park: l.park_name ?? "",
            product: l.product ?? "",
            reference: l.reference ?? "",
            receipt_number: l.receipt_number ?? "",
            currency: s.currency,
            gross: major(l.gross_minor, s.decimals),
            commission_rate: l.commission_bps === null ? "" : l.commission_bps / 100,
            commission: major(l.commission_minor, s.decimals),
            share: major(l.amount_minor, s.decimals),
            note: l.note ?? "",
          }),
        )
        .join("");
    if (rows.length < batch) break;
    const last = rows[rows.length - 1]!;
    after = [last.occurred_at, last.id];
  }
  yield (
    total("sales", s.sales_minor) +
    total("refunds", s.refunds_minor) +
    total("collected", -s.collected_minor) +
    total("commission", -s.commission_minor) +
    total("adjustments", s.adjustments_minor) +
    total("payouts", s.payouts_minor) +
    total("closing", s.closing_minor)
  );
}
