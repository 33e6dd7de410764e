import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, type FreshDatabase } from "../test/harness";
import { policyOf } from "../features/companies/company-policy.repo";
import { rulesOf } from "../features/companies/company-pay.repo";
import { queryRows, type Db } from "./client";
import { migrateWithJobs } from "../feature-jobs";
import { MIGRATIONS_DIR } from "./migrate";

// A database that lived before the policy's switches became one list: migrated to 0056, with a
// policy for each of the sixteen ways its four boolean columns could be set. Migration 0057 turns
// them into `paid_switches`, the names of the switches that are on.
let fresh: FreshDatabase;
let db: Db;
let before0057: string;

beforeAll(async () => {
  fresh = await freshDatabase({ blank: true });
  db = fresh.database.db;
  before0057 = fs.mkdtempSync(path.join(os.tmpdir(), "parkwell-migrations-"));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  const kept = journal.entries.filter((e) => e.idx <= 56);
  fs.mkdirSync(path.join(before0057, "meta"));
  fs.writeFileSync(
    path.join(before0057, "meta/_journal.json"),
    JSON.stringify({ ...journal, entries: kept }),
  );
  for (const e of kept)
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(before0057, `${e.tag}.sql`));
});
afterAll(async () => {
  await fresh?.database.close();
  await fresh?.drop();
  fs.rmSync(before0057, { recursive: true, force: true });
});

const SWITCHES = ["extensions", "marketplace", "passes", "vehicle_docs"] as const;

describe("the policy's four boolean columns become the list of its switches that are on (migration 0057)", () => {
  it("keeps every policy's switches exactly, in the contract's order", async () => {
    await migrateWithJobs(fresh.database, before0057);
    await db.execute(sql`INSERT INTO countries (id, name, code, currency, currency_symbol, currency_decimals,
          flag, dial_code, timezone, locale, sort_order, gateway, default_language, time_zones)
        VALUES (1, 'Nigeria', 'NG', 'NGN', '₦', 2, '🇳🇬', '+234', 'Africa/Lagos', 'en-NG', 1, 'paystack', 'en',
          ARRAY['Africa/Lagos'])`);
    // Policy n has switch i on when bit i of n is set: every combination once.
    const combos = Array.from({ length: 16 }, (_, n) => SWITCHES.filter((_, i) => (n >> i) & 1));
    const ids: number[] = [];
    for (const [n, on] of combos.entries()) {
      const [company] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO companies (name, country_id, billing_email, tax_id)
            VALUES (${`Company ${n}`}, 1, ${`billing${n}@example.com`}, 'TAX') RETURNING id`,
      );
      ids.push(Number(company!.id));
      await db.execute(sql`INSERT INTO company_policies (company_id, country_ids, extensions_allowed,
            marketplace_allowed, passes_allowed, vehicle_docs_allowed)
          VALUES (${company!.id}, ${n === 5 ? "{1}" : null}::int[], ${on.includes("extensions")},
            ${on.includes("marketplace")}, ${on.includes("passes")}, ${on.includes("vehicle_docs")})`);
    }

    await migrateWithJobs(fresh.database);

    const stored = await queryRows<{ company_id: number; paid_switches: string[] }>(
      db,
      sql`SELECT company_id, paid_switches FROM company_policies ORDER BY company_id`,
    );
    expect(stored.map((r) => r.paid_switches)).toEqual(combos);
    // What the policy page and a checkout read: marketplace on stays on, the rest as it was.
    for (const [n, id] of ids.entries()) {
      expect((await policyOf(db, id))?.switches, `policy ${n}`).toEqual(combos[n]);
      expect((await rulesOf(db, id, "NGN")).policy.switches, `policy ${n}`).toEqual(combos[n]);
    }
    expect((await policyOf(db, ids[2]!))?.switches).toEqual(["marketplace"]);
    expect((await policyOf(db, ids[5]!))?.countryCodes).toEqual(["NG"]);
    const columns = await queryRows<{ column_name: string }>(
      db,
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'company_policies'
          AND column_name LIKE '%allowed' ORDER BY column_name`,
    );
    expect(columns).toEqual([]);
  });
});
