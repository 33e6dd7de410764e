/**
 * A company's statement as CSV (English headers: the file is data, not a page): one row per
 * receipt or credit note, and per space guarantee credit (no document number), then the totals
 * per tax rate and per currency. Amounts are in major
 * units with the currency's decimals, as plain numbers a spreadsheet sums; times are ISO 8601 on
 * the company's home clock, with its offset.
 */
import { formatTaxRate, isoOnClock } from "@parkwell/contract";
import { csvLine } from "../../lib/csv";
import type { Statement, StatementLine } from "./company-statement.domain";

const major = (minor: number, decimals: number) => (minor / 10 ** decimals).toFixed(decimals);

export const STATEMENT_CSV_HEADER = [
  "section",
  "number",
  "kind",
  "charge",
  "issued_at",
  "reference",
  "member",
  "cost_centre",
  "currency",
  "tax",
  "tax_base",
  "tax_amount",
  "total",
];

function row(section: string, l: StatementLine, timeZone: string): string {
  const tax = l.taxes.reduce((s, t) => s + t.amountMinor, 0);
  return csvLine([
    section,
    l.number,
    l.kind,
    l.chargeKind,
    isoOnClock(l.issuedAt, timeZone),
    l.reference,
    l.memberName,
    l.costCentre,
    l.currency,
    l.taxes.map((t) => `${t.name} ${formatTaxRate(t.rateBps / 100, "en")}`).join("; "),
    major(
      l.taxes.reduce((s, t) => s + t.baseMinor, 0),
      l.decimals,
    ),
    major(tax, l.decimals),
    major(l.totalMinor, l.decimals),
  ]);
}

export function statementCsv(s: Statement): string {
  const blank = (cells: Partial<Record<(typeof STATEMENT_CSV_HEADER)[number], string>>) =>
    csvLine(STATEMENT_CSV_HEADER.map((h) => cells[h] ?? ""));
  return [
    // A byte order mark so that spreadsheets read the file as UTF-8 (names, "é").
    `\uFEFF${csvLine(STATEMENT_CSV_HEADER)}`,
    ...s.purchases.map((l) => row("purchase", l, s.timeZone)),
    ...s.topUps.map((l) => row("topup", l, s.timeZone)),
    ...s.credits.map((l) => row("guarantee_credit", l, s.timeZone)),
    ...s.taxes.map((t) =>
      blank({
        section: "tax_total",
        currency: t.currency,
        tax: `${t.name} ${formatTaxRate(t.rateBps / 100, "en")}`,
        tax_base: major(t.baseMinor, t.decimals),
        tax_amount: major(t.amountMinor, t.decimals),
      }),
    ),
    ...s.totals.map((t) =>
      blank({
        section: "total",
        currency: t.currency,
        tax_amount: major(t.taxMinor, t.decimals),
        total: major(t.totalMinor, t.decimals),
      }),
    ),
    ...s.topUpTotals.map((t) =>
      blank({ section: "topup_total", currency: t.currency, total: major(t.totalMinor, t.decimals) }),
    ),
    ...s.creditTotals.map((t) =>
      blank({
        section: "guarantee_credit_total",
        currency: t.currency,
        total: major(t.totalMinor, t.decimals),
      }),
    ),
  ].join("");
}
