import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, type FreshDatabase } from "../test/harness";
import { createUser } from "../test/factories";
import { receiptViolations } from "../test/ledger-invariants";
import { replay } from "../features/bookings/bookings.service";
import { queryRows, type Db } from "./client";
import { migrateWithJobs } from "../feature-jobs";
import { MIGRATIONS_DIR } from "./migrate";

// A database that lived before bookings joined the purchase engine: migrated to 0051, with a
// booking made with an Idempotency-Key and one made by a paid hold (no key).
let fresh: FreshDatabase;
let db: Db;
let before0052: string;

beforeAll(async () => {
  fresh = await freshDatabase({ blank: true });
  db = fresh.database.db;
  before0052 = fs.mkdtempSync(path.join(os.tmpdir(), "parkwell-migrations-"));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  const kept = journal.entries.filter((e) => e.idx <= 51);
  fs.mkdirSync(path.join(before0052, "meta"));
  fs.writeFileSync(
    path.join(before0052, "meta/_journal.json"),
    JSON.stringify({ ...journal, entries: kept }),
  );
  for (const e of kept)
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(before0052, `${e.tag}.sql`));
});
afterAll(async () => {
  await fresh?.database.close();
  await fresh?.drop();
  fs.rmSync(before0052, { recursive: true, force: true });
});

describe("bookings' keys move into the purchase engine's table (migration 0052)", () => {
  it("a booking made before the migration is replayed by its key after it, and its key refuses another request", async () => {
    await migrateWithJobs(fresh.database, before0052);
    // The reference rows a booking needs, in the 0051 shape (the seed writes today's tables, which
    // later migrations change).
    await db.execute(sql`INSERT INTO countries (id, name, code, currency, currency_symbol, currency_decimals,
          flag, dial_code, timezone, locale, sort_order, gateway, default_language, time_zones)
        VALUES (1, 'Nigeria', 'NG', 'NGN', '₦', 2, '🇳🇬', '+234', 'Africa/Lagos', 'en-NG', 1, 'paystack', 'en',
          ARRAY['Africa/Lagos'])`);
    await db.execute(sql`INSERT INTO vehicle_types (id, code, name, description, sort_order)
        VALUES (1, 'car', 'Car', 'A car', 1)`);
    const [park] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO parks (slug, park_code, name, type, country_id, city, time_zone, address, lat, lng,
          operator, search_text)
        VALUES ('marina-park', 'MAR1', 'Marina Park', 'city', 1, 'Lagos', 'Africa/Lagos', '1 Marina Road',
          6.45, 3.39, 'Harbourview', 'marina park') RETURNING id`,
    );
    const driver = await createUser(db);
    const insert = (id: string, code: string, key: string | null, hash: string | null) =>
      db.execute(sql`INSERT INTO bookings (id, booking_code, user_id, park_id, vehicle_type_id, start_time,
          end_time, status, currency, total_minor, paid_minor, breakdown, idempotency_key, request_hash, created_at)
        VALUES (${id}::uuid, ${code}, ${driver.id}::uuid, ${park!.id}, 1, '2026-11-02T08:00:00Z',
          '2026-11-02T10:00:00Z', 'completed', 'NGN', 100000, 100000, '{}'::jsonb, ${key}, ${hash}, '2026-11-01T09:00:00Z')`);
    const keyed = "6f0d7a52-4a59-4d8e-9c59-0b7c1f6f2a01";
    const held = "6f0d7a52-4a59-4d8e-9c59-0b7c1f6f2a02";
    await insert(keyed, "PW-KEYED001", "key-1", "a".repeat(64));
    await insert(held, "PW-HELD0001", null, null);

    await migrateWithJobs(fresh.database);

    const rows = await queryRows<{ id: string; kind: string; code: string; key: string | null }>(
      db,
      sql`SELECT id, kind, code, idempotency_key AS key FROM purchases ORDER BY code`,
    );
    expect(rows).toEqual([
      { id: held, kind: "booking", code: "PW-HELD0001", key: null },
      { id: keyed, kind: "booking", code: "PW-KEYED001", key: "key-1" },
    ]);
    expect((await replay(db, driver.id, "key-1", "a".repeat(64)))?.bookingCode).toBe("PW-KEYED001");
    await expect(replay(db, driver.id, "key-1", "b".repeat(64))).rejects.toMatchObject({
      status: 422,
      code: "idempotency_key_reused",
    });
    expect(await replay(db, driver.id, "key-2", "a".repeat(64))).toBeNull();
    expect(await receiptViolations(db)).toEqual([]);
    // It runs the migrations after 0051 itself: on a loaded machine that outlasts the default 30 s.
  }, 120_000);
});
