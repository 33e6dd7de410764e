// A charger group's row (park_chargers) is the last lock a charger booking takes: after the park's
// row, the capacity row, the wallet and the driver's row (docs/decisions/048-booking-a-charger.md).
// Two paths that took the same rows in another order could deadlock under load, and the race tests
// only try the paths that exist today. So this reads the sources: the group's row is locked in two
// places only (reserve_charger for a booking, hold or change; lockCharger for the back office's
// edit, which locks nothing before it), those are reached only through the callers listed here,
// and each caller takes the charger after the space and the money.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const API = "apps/api/src";

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === "migrations" || e.name === "test" ? [] : sources(rel);
    return /\.(ts|sql)$/.test(e.name) && !/\.test\.ts$|test-kit\.ts$/.test(e.name) ? [rel] : [];
  });
}

const FILES = sources(API);
const read = (rel: string) => fs.readFileSync(path.join(ROOT, rel), "utf8");
/** The code without its comments (`//`, `/* … *\/`, SQL's `--`), where a name in prose does not count. */
const code = (rel: string) =>
  read(rel)
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*(\/\/|--).*$/gm, "")
    .replace(/\s--\s.*$/gm, "");

/** The files (relative to apps/api/src) whose code matches `pattern`. */
const filesWith = (pattern: RegExp) =>
  FILES.filter((f) => pattern.test(code(f)))
    .map((f) => f.slice(API.length + 1))
    .sort();

describe("the charger group's lock", () => {
  it("is taken by two statements only: reserve_charger's and the back office's lockCharger", () => {
    const locking = FILES.filter((f) =>
      code(f)
        .split(";")
        .some(
          (statement) =>
            /park_chargers|parkChargers/.test(statement) && /FOR UPDATE|\.for\("update"\)/.test(statement),
        ),
    ).map((f) => f.slice(API.length + 1));
    expect(locking.sort()).toEqual([
      "db/sql/functions/reserve_charger.sql",
      "features/parks/chargers.repo.ts",
    ]);
  });

  it("is reached only through the listed callers", () => {
    expect(filesWith(/\breserve_charger\(/)).toEqual([
      "db/sql/functions/attach_charger.sql",
      "db/sql/functions/reserve_charger.sql",
      "features/parks/chargers.repo.ts",
    ]);
    expect(filesWith(/\battach_charger\(/)).toEqual([
      "db/sql/functions/attach_charger.sql",
      "db/sql/functions/complete_hold.sql",
      "features/parks/chargers.repo.ts",
    ]);
    // Called (not only imported or re-exported) outside the repository and its service.
    const calls = (name: string) =>
      filesWith(new RegExp(`(?<!function )\\b${name}\\(`)).filter(
        (f) => !f.startsWith("features/parks/chargers."),
      );
    expect(calls("lockCharger")).toEqual(["features/admin/parks/park-chargers.service.ts"]);
    expect(calls("reserveCharger")).toEqual(["features/bookings/booking-core.service.ts"]);
    expect(calls("attachCharger")).toEqual(["features/bookings/bookings.service.ts"]);
    expect(calls("holdCharger")).toEqual([
      "features/bookings/booking-changes.service.ts",
      "features/bookings/hold.service.ts",
    ]);
  });

  /** In `rel`, every `later` comes after an `earlier` in the same code (and there is one of each). */
  function after(rel: string, earlier: string, later: string) {
    const text = code(`${API}/${rel}`);
    const first = text.indexOf(earlier);
    const laters = [...text.matchAll(new RegExp(later.replace(/[.()]/g, "\\$&"), "g"))].map((m) => m.index);
    expect(first, `${rel}: ${earlier}`).toBeGreaterThanOrEqual(0);
    expect(laters.length, `${rel}: ${later}`).toBeGreaterThan(0);
    for (const at of laters) expect(at, `${rel}: ${later} before ${earlier}`).toBeGreaterThan(first);
  }

  it("is taken after the space and the money on every path", () => {
    // A hold's completion: the capacity row and the charge (pay_and_insert_booking), then the charger.
    after("db/sql/functions/complete_hold.sql", "pay_and_insert_booking(", "attach_charger(");
    // A new booking: book_space (capacity, wallet, driver), then the charger.
    after("features/bookings/bookings.service.ts", "repo.bookSpace(", "attachCharger(");
    // A hold: hold_check (capacity, wallet), then the charger.
    after("features/bookings/hold.service.ts", "repo.holdCheck(", "holdCharger(");
    // An extension, a renewal and a change of window: each charges its difference (chargeChange,
    // which is the purchase engine's chargeMove) before it asks for the charger.
    const changes = code(`${API}/features/bookings/booking-changes.service.ts`);
    expect(changes).toMatch(/function chargeChange\([\s\S]*?\bchargeMove\(/);
    for (const [rel, paths] of [
      ["features/bookings/booking-changes.service.ts", 2],
      ["features/bookings/booking-window.service.ts", 1],
    ] as const) {
      const text = code(`${API}/${rel}`);
      const charges = [...text.matchAll(/(?<!function )\bchargeChange\(/g)].map((m) => m.index);
      const chargers = [...text.matchAll(/(?<!function )assertChargerRoom\(tx,/g)].map((m) => m.index);
      expect(chargers, rel).toHaveLength(paths);
      expect(charges, rel).toHaveLength(paths);
      chargers.forEach((at, i) => expect(at, rel).toBeGreaterThan(charges[i]!));
    }
  });
});
