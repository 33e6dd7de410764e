// One pricing core (docs/decisions/041-pricing-core.md): every percentage of money is rounded by
// packages/contract/src/pricing.ts, and nothing else in the API, the contract or the web app divides
// by 10,000 (TypeScript or SQL). A rounding (Math.round, SQL round) is allowed only in the files
// listed below, each with how many it has and why it is not a price; a new one fails here until it
// goes through the core or is listed with its reason. Tests, test kits and seeds are not pricing.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const CORE = "packages/contract/src/pricing.ts";
/**
 * The core's bpsOf written again in SQL, the one copy: an operator's commission on a sale, which
 * the receipts' trigger posts in the receipt's own INSERT (decision 056).
 * settlements/operator-shares.api.test.ts holds the two equal over signs, rates and halves.
 */
const SQL_TWIN = "apps/api/src/db/sql/functions/commission_of.sql";
/** Where a basis-point division is looked for. */
const DIVISION_ROOTS = ["apps/api/src", "packages/contract/src", "apps/web/src"];
/** Where a rounding is looked for. */
const ROUNDING_ROOTS = ["apps/api/src", "packages/contract/src"];

/** The files that round (Math.round or SQL round) something that is not a price: how often, and why. */
export const ROUNDING_ALLOWED: Readonly<Record<string, [count: number, reason: string]>> = {
  "apps/api/src/lib/money.ts": [1, "toMinor: an amount in major units to minor units, the one conversion"],
  "apps/api/src/features/admin/plans/admin-plans.service.ts": [
    1,
    "a discount typed in percent to basis points",
  ],
  "apps/api/src/features/admin/marketplace/market-admin.domain.ts": [1, "a percentage typed to basis points"],
  "apps/api/src/features/vehicle-docs/vehicle-docs-tables.service.ts": [
    1,
    "an insurer's rate in percent to basis points",
  ],
  "apps/api/src/features/admin/reports/reports.domain.ts": [2, "occupancy and change percentages, not money"],
  "apps/api/src/features/admin/reports/reports.repo.ts": [1, "SQL: charger-hours reserved, 2 decimals"],
  "apps/api/src/features/bookings/event-line.ts": [1, "the on-sale line's poll interval in seconds"],
  "apps/api/src/features/admin/gate/gate-passes.repo.ts": [
    1,
    "SQL: a visit's milliseconds inside plan hours",
  ],
  "apps/api/src/features/reviews/reviews.repo.ts": [1, "SQL: a park's average rating, 2 decimals"],
  "apps/api/src/features/parks/parks.present.ts": [1, "a distance in metres"],
  "apps/api/src/features/marketplace/catalogue.service.ts": [1, "a distance in metres"],
  "apps/api/src/features/events/events.present.ts": [2, "distances in metres and kilometres"],
  "apps/api/src/features/passes/passes.present.ts": [1, "a distance in metres"],
  "apps/api/src/features/guarantee/guarantee.domain.ts": [1, "a distance in kilometres"],
  "apps/api/src/features/companies/companies.service.ts": [1, "a link's validity in days"],
  "apps/api/src/features/payouts/payout-accounts.service.ts": [1, "a confirmation link's validity in days"],
  "apps/api/src/features/companies/company-pay.domain.ts": [1, "a window's length in minutes"],
  "apps/api/src/features/health/health.routes.ts": [1, "the process's uptime in seconds"],
  "apps/api/src/db/read-replicas.ts": [1, "a replica's lag in milliseconds"],
  "packages/contract/src/money-text.ts": [1, "writing an amount already in major units (its cents shown)"],
  "packages/contract/src/vehicle-docs.ts": [1, "a document's validity in days"],
  "packages/contract/src/opening-hours.ts": [1, "a wall-clock time in minutes"],
  "packages/contract/src/zoned-time.ts": [1, "a zone's offset in minutes"],
  "packages/contract/src/admin-reports.ts": [1, "a range's length in days"],
  "packages/contract/src/admin-vehicle-docs.ts": [1, "checks a rate in percent has at most 2 decimals"],
  "packages/contract/src/inquiries.ts": [1, "checks a charger's power in kW has at most 1 decimal"],
  "packages/contract/src/chargers.ts": [1, "checks a park charger's power in kW has at most 1 decimal"],
};

function isTestCode(file: string): boolean {
  return (
    /\.test\.tsx?$/.test(file) ||
    /(^|\/)(test|testing|seed)\//.test(file) ||
    /test-kit\.tsx?$/.test(file) ||
    /-fixtures\.tsx?$/.test(file) ||
    file.endsWith(".d.ts")
  );
}

function sourceFiles(roots: readonly string[]): string[] {
  return roots
    .flatMap((dir) =>
      fs
        .globSync("**/*.{ts,tsx,sql}", { cwd: path.join(ROOT, dir) })
        .map((f) => `${dir}/${f.split(path.sep).join("/")}`),
    )
    .filter((f) => !f.includes("node_modules") && !isTestCode(f))
    .sort();
}

/** A line's code without its comment (// … in TypeScript, -- … in SQL, a JSDoc line). */
const codeOf = (line: string) =>
  line
    .replace(/\/\/.*$/, "")
    .replace(/^\s*--.*$/, "")
    .replace(/^\s*\/?\*.*$/, "");

/** A division (or remainder) by 10,000, written 10000, 10_000 or 10000.0. */
const BPS_DIVISION = /[/%]\s*10_?000(?:\.0*)?(?![\d_])/;
/** Math.round( in TypeScript, round( in SQL. */
const ROUNDING = /\bMath\.round\(|(?<![.\w])round\(/g;

export function bpsDivisions(file: string, text: string): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, i) => {
    if (BPS_DIVISION.test(codeOf(line))) found.push(`${file}:${i + 1}: ${line.trim()}`);
  });
  return found;
}

export function roundings(text: string): number {
  return text.split("\n").reduce((n, line) => n + (codeOf(line).match(ROUNDING)?.length ?? 0), 0);
}

describe("one pricing core (decision 041)", () => {
  it("finds a division by 10,000 in TypeScript and SQL, and not in a comment", () => {
    expect(bpsDivisions("a.ts", "const fee = Math.round((parking * bps) / 10_000);")).toHaveLength(1);
    expect(bpsDivisions("a.ts", "const r = product % 10000;")).toHaveLength(1);
    expect(bpsDivisions("a.ts", "sql`round(m * (10000 - d) / 10000.0)`")).toHaveLength(1);
    expect(bpsDivisions("a.sql", "  SELECT round(p_total * p_bps / 10000.0);")).toHaveLength(1);
    expect(bpsDivisions("a.ts", "// bps / 10_000 is the core's")).toEqual([]);
    expect(bpsDivisions("a.ts", "const max = 10_000;")).toEqual([]);
    expect(bpsDivisions("a.ts", "const t = ms / 100_000;")).toEqual([]);
  });

  it("counts Math.round and SQL round, comments aside", () => {
    expect(roundings("const a = Math.round(x); const b = Math.round(y);")).toBe(2);
    expect(roundings("sql`SELECT round(avg(x), 2)`")).toBe(1);
    expect(roundings("const r = rounded(x); // Math.round(y)")).toBe(0);
  });

  it("has no division by 10,000 outside the core", () => {
    const found = sourceFiles(DIVISION_ROOTS)
      .filter((f) => f !== CORE && f !== SQL_TWIN)
      .flatMap((f) => bpsDivisions(f, fs.readFileSync(path.join(ROOT, f), "utf8")));
    expect(found).toEqual([]);
    expect(bpsDivisions(CORE, fs.readFileSync(path.join(ROOT, CORE), "utf8"))).not.toEqual([]);
  });

  it("rounds nothing outside the core but the listed non-prices", () => {
    const counts = Object.fromEntries(
      sourceFiles(ROUNDING_ROOTS)
        .filter((f) => f !== CORE)
        .map((f) => [f, roundings(fs.readFileSync(path.join(ROOT, f), "utf8"))] as const)
        .filter(([, n]) => n > 0),
    );
    expect(counts).toEqual(Object.fromEntries(Object.entries(ROUNDING_ALLOWED).map(([f, [n]]) => [f, n])));
  });
});
