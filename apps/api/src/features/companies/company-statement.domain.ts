/**
 * A company's monthly statement, pure: the month's receipts and credit notes of its moves, split
 * into purchases (every kind but `topup`: bookings, extensions, renewals, overstays, orders and
 * their refunds' credit notes) and top-ups (money in, listed apart and never added to what the
 * company spent), with the totals per tax rate and per currency of the purchases. All amounts are
 * signed minor units as the receipts hold them (a credit note is negative).
 */
import type { ReceiptTaxRecord } from "../../lib/receipt-records";

export interface StatementLine {
  number: string;
  kind: string;
  chargeKind: string;
  issuedAt: Date;
  reference: string;
  memberName: string;
  costCentre: string;
  currency: string;
  decimals: number;
  totalMinor: number;
  taxes: ReceiptTaxRecord[];
}

export interface TaxTotal {
  currency: string;
  decimals: number;
  name: string;
  rateBps: number;
  baseMinor: number;
  amountMinor: number;
}

export interface CurrencyTotal {
  currency: string;
  decimals: number;
  /** What the receipts total (taxes included). */
  totalMinor: number;
  taxMinor: number;
}

/** The company's account over the month in one currency: opening + in - out = closing. */
export interface StatementBalance {
  currency: string;
  decimals: number;
  openingMinor: number;
  inMinor: number;
  outMinor: number;
  closingMinor: number;
}

export interface Statement {
  month: string;
  timeZone: string;
  company: { name: string; taxId: string; address: string; email: string };
  purchases: StatementLine[];
  topUps: StatementLine[];
  /**
   * The space guarantee's credits (money in, no receipt: nothing was sold): what the guarantee paid
   * of a rebooked booking's price, listed apart so that the purchases' receipts and the balance's
   * money in reconcile.
   */
  credits: StatementLine[];
  taxes: TaxTotal[];
  totals: CurrencyTotal[];
  topUpTotals: CurrencyTotal[];
  creditTotals: CurrencyTotal[];
  /** The account's balance at the month's start and end and the moves between, per currency. */
  balances: StatementBalance[];
}

function totalsOf(lines: readonly StatementLine[]): CurrencyTotal[] {
  const by = new Map<string, CurrencyTotal>();
  for (const l of lines) {
    const t = by.get(l.currency) ?? {
      currency: l.currency,
      decimals: l.decimals,
      totalMinor: 0,
      taxMinor: 0,
    };
    t.totalMinor += l.totalMinor;
    t.taxMinor += l.taxes.reduce((s, x) => s + x.amountMinor, 0);
    by.set(l.currency, t);
  }
  return [...by.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** The tax totals of `lines` per currency, tax name and rate (a credit note's taxes subtract). */
export function taxTotals(lines: readonly StatementLine[]): TaxTotal[] {
  const by = new Map<string, TaxTotal>();
  for (const l of lines) {
    for (const t of l.taxes) {
      const key = `${l.currency}|${t.name}|${t.rateBps}`;
      const seen = by.get(key) ?? {
        currency: l.currency,
        decimals: l.decimals,
        name: t.name,
        rateBps: t.rateBps,
        baseMinor: 0,
        amountMinor: 0,
      };
      seen.baseMinor += t.baseMinor;
      seen.amountMinor += t.amountMinor;
      by.set(key, seen);
    }
  }
  return [...by.values()].sort(
    (a, b) => a.currency.localeCompare(b.currency) || a.name.localeCompare(b.name) || a.rateBps - b.rateBps,
  );
}

export function statementOf(
  month: string,
  timeZone: string,
  company: Statement["company"],
  lines: readonly StatementLine[],
  balances: readonly StatementBalance[],
  credits: readonly StatementLine[] = [],
): Statement {
  const purchases = lines.filter((l) => l.chargeKind !== "topup");
  const topUps = lines.filter((l) => l.chargeKind === "topup");
  return {
    month,
    timeZone,
    company,
    purchases,
    topUps,
    credits: [...credits],
    taxes: taxTotals(purchases),
    totals: totalsOf(purchases),
    topUpTotals: totalsOf(topUps),
    creditTotals: totalsOf(credits),
    balances: [...balances],
  };
}

/** The month `at` is in on `timeZone`'s clock, as YYYY-MM. */
export function monthOn(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
  }).formatToParts(at);
  const year = parts.find((p) => p.type === "year")?.value ?? "0000";
  const month = parts.find((p) => p.type === "month")?.value ?? "01";
  return `${year}-${month}`;
}
