import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, type FreshDatabase } from "../test/harness";
import { keyedPurchase } from "../features/purchases/purchases.service";
import type { PurchaseKindName } from "../features/purchases/purchases.domain";
import { queryRows, type Db } from "./client";
import { migrateWithJobs } from "../feature-jobs";
import { MIGRATIONS_DIR } from "./migrate";

// A database that lived before orders, vehicle-document requests and passes joined the purchase
// engine: migrated to 0048, with one of each made with an Idempotency-Key (in their own tables, the
// old shape) and one of each made without. Migrations 0049 and 0050 move the keys to `purchases`.
let fresh: FreshDatabase;
let db: Db;
let before0049: string;

beforeAll(async () => {
  fresh = await freshDatabase({ blank: true });
  db = fresh.database.db;
  before0049 = fs.mkdtempSync(path.join(os.tmpdir(), "parkwell-migrations-"));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  const kept = journal.entries.filter((e) => e.idx <= 48);
  fs.mkdirSync(path.join(before0049, "meta"));
  fs.writeFileSync(
    path.join(before0049, "meta/_journal.json"),
    JSON.stringify({ ...journal, entries: kept }),
  );
  for (const e of kept)
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(before0049, `${e.tag}.sql`));
});
afterAll(async () => {
  await fresh?.database.close();
  await fresh?.drop();
  fs.rmSync(before0049, { recursive: true, force: true });
});

const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await queryRows<T>(db, query))[0]!;

describe("orders', requests' and passes' keys move into the purchase engine's table (migrations 0049, 0050)", () => {
  it("each purchase made before the migrations is replayed by its key and fingerprint after them; another fingerprint is a 422, an unknown key none", async () => {
    await migrateWithJobs(fresh.database, before0049);
    // The reference rows the purchases need, in the 0048 shape (the seed writes today's).
    const { id: countryId } = await one<{ id: number }>(sql`INSERT INTO countries (id, name, code, currency,
          currency_symbol, currency_decimals, flag, dial_code, timezone, locale, sort_order, gateway,
          default_language, time_zones)
        VALUES (1, 'Nigeria', 'NG', 'NGN', '₦', 2, '🇳🇬', '+234', 'Africa/Lagos', 'en-NG', 1, 'paystack', 'en',
          ARRAY['Africa/Lagos']) RETURNING id`);
    const { id: stateId } = await one<{ id: number }>(
      sql`INSERT INTO states (id, country_id, name, code) VALUES (1, ${countryId}, 'Lagos', 'LA') RETURNING id`,
    );
    await db.execute(sql`INSERT INTO vehicle_types (id, code, name, description, sort_order)
        VALUES (1, 'car', 'Car', 'A car', 1)`);
    const { id: parkId } = await one<{ id: number }>(sql`INSERT INTO parks (slug, park_code, name, type,
          country_id, city, time_zone, address, lat, lng, operator, search_text)
        VALUES ('marina-park', 'MAR1', 'Marina Park', 'city', ${countryId}, 'Lagos', 'Africa/Lagos',
          '1 Marina Road', 6.45, 3.39, 'Harbourview', 'marina park') RETURNING id`);
    const user = async (email: string) =>
      one<{ id: string }>(
        sql`INSERT INTO users (email, first_name, last_name) VALUES (${email}, 'Ada', 'Obi') RETURNING id`,
      );
    const { id: planId } = await one<{ id: number }>(
      sql`INSERT INTO parking_plans (park_id, name, allocation) VALUES (${parkId}, '{"en":"Old","fr":"Ancien"}'::jsonb, 5)
          RETURNING id`,
    );
    const driver = await user("driver@parkwell.test");
    const other = await user("other@parkwell.test");
    const at = "2026-11-01T09:00:00Z";
    const hash = (c: string) => c.repeat(64);

    const order = (code: string, userId: string, key: string | null) =>
      one<{ id: string }>(sql`INSERT INTO orders (order_code, user_id, country_id, currency, order_type,
            subtotal_minor, offer_discount_minor, coupon_discount_minor, delivery_minor, tax_minor, tax_name,
            total_minor, address, idempotency_key, request_hash, created_at)
          VALUES (${code}, ${userId}::uuid, ${countryId}, 'NGN', 'delivery', 100000, 0, 0, 0, 0, 'VAT', 100000,
            '{"line1":"1 Marina Road"}'::jsonb, ${key}, ${key ? hash("a") : null}, ${at})
          RETURNING id`);
    const request = (id: string, code: string, userId: string, key: string | null) =>
      db.execute(sql`INSERT INTO vehicle_doc_requests (id, code, user_id, country_id, type, stage, state_id,
            currency, fees_minor, service_charge_minor, delivery_charge_minor, tax_minor, tax_name, tax_bps,
            total_minor, ledger_key, address_text, idempotency_key, request_hash, created_at, updated_at)
          VALUES (${id}::uuid, ${code}, ${userId}::uuid, ${countryId}, 'vehicle_papers', 'submitted', ${stateId},
            'NGN', 100000, 0, 0, 0, 'VAT', 0, 100000, ${`vehicle_docs:${id}:1`}, '1 Marina Road', ${key},
            ${key ? hash("b") : null}, ${at}, ${at})`);
    const pass = (id: string, code: string, userId: string, key: string | null) =>
      db.execute(sql`INSERT INTO passes (id, pass_code, user_id, plan_id, park_id, vehicle_type_id, plates,
            starts_at, paid_until, held_until, term_months, currency, monthly_minor, idempotency_key,
            request_hash, created_at, updated_at)
          VALUES (${id}::uuid, ${code}, ${userId}::uuid, ${planId}, ${parkId}, 1, ARRAY['LAG123AA'],
            ${at}, '2026-12-01T09:00:00Z', 'infinity', 1, 'NGN', 40000, ${key}, ${key ? hash("c") : null},
            ${at}, ${at})`);

    const keyedOrder = await order("MK-KEYED1", driver.id, "key-order");
    const plainOrder = await order("MK-PLAIN1", driver.id, null);
    const keyedRequest = "7a1d2c3e-1111-4d8e-9c59-0b7c1f6f2a01";
    const plainRequest = "7a1d2c3e-1111-4d8e-9c59-0b7c1f6f2a02";
    await request(keyedRequest, "VD-KEYED1", driver.id, "key-docs");
    await request(plainRequest, "VD-PLAIN1", driver.id, null);
    const keyedPass = "7a1d2c3e-2222-4d8e-9c59-0b7c1f6f2a01";
    const plainPass = "7a1d2c3e-2222-4d8e-9c59-0b7c1f6f2a02";
    await pass(keyedPass, "MP-KEYED001", driver.id, "key-pass");
    await pass(plainPass, "MP-PLAIN001", driver.id, null);
    // Another driver's purchase with the same key: keys are the buyer's own.
    const othersOrder = await order("MK-OTHER1", other.id, "key-order");

    await migrateWithJobs(fresh.database);

    const rows = await queryRows<{ id: string; kind: string; code: string; key: string | null }>(
      db,
      sql`SELECT id, kind, code, idempotency_key AS key FROM purchases ORDER BY code`,
    );
    expect(rows).toEqual([
      { id: keyedOrder.id, kind: "order", code: "MK-KEYED1", key: "key-order" },
      { id: othersOrder.id, kind: "order", code: "MK-OTHER1", key: "key-order" },
      { id: plainOrder.id, kind: "order", code: "MK-PLAIN1", key: null },
      { id: keyedPass, kind: "pass", code: "MP-KEYED001", key: "key-pass" },
      { id: plainPass, kind: "pass", code: "MP-PLAIN001", key: null },
      { id: keyedRequest, kind: "vehicle_docs", code: "VD-KEYED1", key: "key-docs" },
      { id: plainRequest, kind: "vehicle_docs", code: "VD-PLAIN1", key: null },
    ]);

    const cases: { kind: PurchaseKindName; key: string; hash: string; id: string }[] = [
      { kind: "order", key: "key-order", hash: hash("a"), id: keyedOrder.id },
      { kind: "vehicle_docs", key: "key-docs", hash: hash("b"), id: keyedRequest },
      { kind: "pass", key: "key-pass", hash: hash("c"), id: keyedPass },
    ];
    for (const c of cases) {
      const kind = { name: c.kind, keyReusedMessage: `used for another ${c.kind}` };
      // The same key and request: the same purchase.
      expect(await keyedPurchase(db, kind, { userId: driver.id, key: c.key, hash: c.hash }), c.kind).toBe(
        c.id,
      );
      // The same key with another request: the 422.
      await expect(
        keyedPurchase(db, kind, { userId: driver.id, key: c.key, hash: hash("f") }),
        c.kind,
      ).rejects.toMatchObject({ status: 422, code: "idempotency_key_reused" });
      // A key never used: none.
      expect(
        await keyedPurchase(db, kind, { userId: driver.id, key: "key-new", hash: c.hash }),
        c.kind,
      ).toBeNull();
    }
    // The other driver's key answers their own order only.
    expect(
      await keyedPurchase(
        db,
        { name: "order", keyReusedMessage: "" },
        { userId: other.id, key: "key-order", hash: hash("a") },
      ),
    ).toBe(othersOrder.id);
    // The old tables' key columns are gone: a purchase's key lives in the engine's table only (a
    // pass's later term, not a purchase, keeps a driver's key on its pass_charges row).
    const left = await queryRows<{ table_name: string }>(
      db,
      sql`SELECT table_name FROM information_schema.columns
          WHERE column_name = 'idempotency_key' AND table_name IN ('orders', 'vehicle_doc_requests', 'passes')`,
    );
    expect(left).toEqual([]);
  });
});
