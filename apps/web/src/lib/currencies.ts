import { learnCurrencies } from "@parkwell/contract";
import { readJson, STORAGE_KEYS } from "./storage-keys";

type CurrencyRow = { currency: string; currency_symbol: string; currency_decimals: number };

/**
 * The four launch countries' currencies as their rows hold them: money is written right before
 * GET /countries first answers (a first visit). The served list (stored as `countries`, then each
 * fresh answer) is learned over them, so a country added as rows shows its own sign and decimals.
 */
const BUILT_IN: CurrencyRow[] = [
  { currency: "NGN", currency_symbol: "₦", currency_decimals: 2 },
  { currency: "CAD", currency_symbol: "CA$", currency_decimals: 2 },
  { currency: "XOF", currency_symbol: "CFA", currency_decimals: 0 },
  { currency: "USD", currency_symbol: "$", currency_decimals: 2 },
];

function isCurrencyRow(row: unknown): row is CurrencyRow {
  const r = row as Partial<CurrencyRow> | null;
  return (
    typeof r === "object" &&
    r !== null &&
    typeof r.currency === "string" &&
    typeof r.currency_symbol === "string" &&
    typeof r.currency_decimals === "number"
  );
}

/** Learns the currencies of a countries list (GET /countries, or the stored copy); anything else is ignored. */
export function learnCountriesCurrencies(list: unknown): void {
  if (Array.isArray(list)) learnCurrencies(list.filter(isCurrencyRow));
}

learnCurrencies(BUILT_IN);
learnCountriesCurrencies(readJson<unknown>(STORAGE_KEYS.countries));
