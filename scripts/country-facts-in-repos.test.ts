// A country's facts (its currency's decimals and symbol, its clock, contacts, gateways, services,
// its fees and tax) are read through the served countries (apps/api/src/features/reference/
// served-countries.ts), the one source of country facts in the API: no repository selects them
// itself. A query may still join `countries` by its id, code, name or currency; the few queries that
// must compute with a fact in SQL (a row's local day when the rows span countries, a receipt's
// number taken in the same statement) are listed below, each with its reason.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const API = "apps/api/src";

/** The countries' and fees' columns that are facts (everything but a country's id, code, name and currency). */
const FACT_COLUMNS = [
  "currency_symbol",
  "currency_decimals",
  "dial_code",
  "timezone",
  "gateway",
  "gateway_fallback",
  "default_language",
  "time_zones",
  "support_email",
  "support_phone",
  "service_fee_minor",
  "booking_fee_bps",
  "tax_bps",
  "tax_name",
  "min_topup_minor",
  "max_topup_minor",
  "max_wallet_balance_minor",
  "referral_reward_minor",
  "claim_decision_hours",
];
const camel = (c: string) => c.replace(/_([a-z])/g, (_, l: string) => l.toUpperCase());
/** `c.currency_decimals` in SQL, `countries.currencyDecimals` / `fees.taxBps` in a Drizzle query. */
const FACT = new RegExp(
  `\\b[a-z]\\w*\\.(?:${FACT_COLUMNS.join("|")})\\b|\\b(?:countries|fees)\\.(?:${FACT_COLUMNS.map(camel).join("|")})\\b`,
  "g",
);

/** The repositories that may still compute with a country's fact in SQL, and why. */
export const ALLOWED: Readonly<Record<string, string>> = {
  "features/receipts/receipts.repo.ts":
    "a receipt's number is taken in the statement that inserts it, by the year on its country's clock, and names the country's support e-mail as its contact: one statement, so two receipts never share a number",
  "features/admin/reports/reports.repo.ts":
    "the reports span countries: a document request's local day (its range filter) is on its own country's clock, row by row",
  "features/admin/marketplace/market-reports.repo.ts":
    "the market reports span countries: an order's local day (range and grouping) is on its own country's clock, row by row",
  "features/admin/marketplace/admin-orders.repo.ts":
    "the orders list spans countries: the date filter's bounds are each order's country's days",
  "features/referrals/referrals.repo.ts":
    "a referral's reward is paid inside the invitee's purchase's transaction (the engine's receiptOfMove holds the transaction, not the app's handle the served countries need): each side's reward and currency are read with the user's country, as the row is at that moment",
  "features/admin/reports/reports-payouts.repo.ts":
    "the payouts report spans operators of every country: each row's range of days is on its own operator's country's clock",
  "features/settlements/settlements.repo.ts":
    "an operator's statement clock is its country's, else its first park's country's, read with the operator's period in one query; a statement's list rows carry their currency's decimals (to move to the served countries: issue #65's note)",
  "features/payments/payments.repo.ts":
    "the wallet's cap: the lowest cap of the countries of a currency, chosen in the query that reads the user's country",
};

function repoFiles(): string[] {
  return fs
    .globSync("**/*.repo.ts", { cwd: path.join(ROOT, API) })
    .map((f) => f.split(path.sep).join("/"))
    .filter((f) => !f.startsWith("features/reference/"));
}

describe("country facts come from the served countries, not a repository's query", () => {
  it("no repository but those listed reads a country's or its fees' facts", () => {
    const readers = Object.fromEntries(
      repoFiles()
        .map(
          (f) =>
            [f, [...new Set(fs.readFileSync(path.join(ROOT, API, f), "utf8").match(FACT) ?? [])]] as const,
        )
        .filter(([f, facts]) => facts.length > 0 && !(f in ALLOWED)),
    );
    expect(readers).toEqual({});
  });

  it("each listed repository still needs its place (a stale entry is removed)", () => {
    for (const f of Object.keys(ALLOWED)) {
      expect(fs.readFileSync(path.join(ROOT, API, f), "utf8").match(FACT), f).not.toBeNull();
    }
  });

  it("catches a fact read in SQL and in a Drizzle query, and not an id, code or currency", () => {
    const facts = (text: string) => text.match(FACT) ?? [];
    expect(facts("SELECT c.currency_decimals AS decimals FROM countries c")).toEqual(["c.currency_decimals"]);
    expect(facts(".select({ tax: fees.taxBps }).from(fees)")).toEqual(["fees.taxBps"]);
    expect(facts("SELECT c.id, c.code, c.name, trim(c.currency) FROM countries c")).toEqual([]);
    expect(facts("p.time_zone")).toEqual([]);
  });
});
