import { PURCHASE_KINDS, type PurchaseKindName } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { DEMO_ACCOUNTS } from "../../db/seed/accounts";
import { itemId } from "../../db/seed/marketplace";
import { bearer, createUser, seededUser, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, PURCHASE_ROWS, receiptViolations } from "../../test/ledger-invariants";
import { allDayPark, at, book, fund, HOUR } from "../bookings/bookings.test-kit";
import { placeOrder } from "../marketplace/marketplace.test-kit";
import { ensureDemoPass } from "./demo-pass.service";
import { ensureDemoVehicleDocs } from "./demo-vehicle-docs.service";
import { resetDemoData } from "./demo.service";

const [DRIVER] = DEMO_ACCOUNTS;

/**
 * The demo reset deletes the demo accounts' purchases of every kind on the purchase engine: the
 * `purchases` rows and their kind's rows. A kind added to PURCHASE_KIND_FACTS fails here until
 * this test buys one and the reset deletes it (demo.repo.ts deletes each kind's rows by hand).
 */
describe("the demo reset, for every kind of purchase", () => {
  let ctx: TestContext;
  let db: Db;
  const clock = () => new Date();
  beforeAll(async () => {
    ctx = await createTestContext();
    db = ctx.database.db;
  });
  afterAll(() => ctx?.close());
  afterEach(async () => {
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  });

  const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(db, query))[0]!;

  /** One purchase of each kind by the demo driver, as a driver makes it. */
  const BUY: Record<PurchaseKindName, (driver: TestUser) => Promise<void>> = {
    booking: async (driver) => {
      const park = await allDayPark(db);
      const booked = await book(ctx.app, driver, { park_id: park, start: at(2 * HOUR), end: at(3 * HOUR) });
      expect(booked.statusCode, booked.body).toBe(201);
      // A claim names the booking (decision 057): the reset deletes it first.
      const claimed = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/claims",
        headers: bearer(driver),
        payload: { booking_id: booked.json<{ id: string }>().id, reason: "charged_wrongly" },
      });
      expect(claimed.statusCode, claimed.body).toBe(201);
      // A closure hit it: the space guarantee's offer (decision 058) goes with the booking.
      await db.execute(sql`INSERT INTO booking_offers (booking_id, park_id, cause, payer, currency, created_at)
        VALUES (${booked.json().id}::uuid, ${park}, 'closure', 'parkwell', 'NGN', ${at(0).toISOString()}::timestamptz)`);
    },
    pass: async (driver) => {
      expect(await ensureDemoPass(db, clock)).toBe(true);
      // A closure owed its term a day (decision 060): the row goes with the pass.
      await db.execute(sql`INSERT INTO pass_closure_refunds (pass_id, period, day, park_id, currency, amount_minor, created_at)
        SELECT id, 1, current_date, park_id, currency, 0, now() FROM passes WHERE user_id = ${driver.id}`);
    },
    order: async (driver) => {
      const towels = itemId(1, 7);
      const { park_id: parkId } = await one<{ park_id: number }>(
        sql`SELECT park_id FROM market_item_parks WHERE item_id = ${itemId(1, 21)} ORDER BY park_id LIMIT 1`,
      );
      // Tomorrow on Lagos's clock (UTC+1), in its last slot.
      const tomorrow = new Date(Date.now() + 86_400_000 + 3_600_000);
      const { id: slotId } = await one<{ id: number }>(
        sql`SELECT id FROM time_slots WHERE country_id = 1 AND day = ${tomorrow.getUTCDay()} AND status = 'active'
          ORDER BY opening_time DESC LIMIT 1`,
      );
      const body = {
        country: "NG",
        order_type: "takeaway",
        park_id: parkId,
        time_slot: { slot_id: slotId, date: tomorrow.toISOString().slice(0, 10) },
        lines: [{ item_id: towels, quantity: 1 }],
      };
      const placed = await placeOrder(ctx.app, driver, body as never, "demo-reset-kinds-order");
      expect(placed.statusCode, placed.body).toBe(201);
    },
    vehicle_docs: async () => {
      expect(await ensureDemoVehicleDocs(db, clock, ctx.app.jobs)).toBe(true);
    },
  };

  it("deletes the demo driver's purchases of every kind, their engine rows and their kind's rows", async () => {
    const driver = await seededUser(db, DRIVER!.email);
    await fund(db, driver.id, 50_000_000);
    for (const kind of PURCHASE_KINDS) await BUY[kind](driver);
    const bought = await queryRows<{ id: string; kind: string }>(
      db,
      sql`SELECT id, kind FROM purchases WHERE user_id = ${driver.id}`,
    );
    expect([...new Set(bought.map((p) => p.kind))].sort()).toEqual([...PURCHASE_KINDS].sort());

    // Without the job queue: the demo driver's pass is sold again (a new one), the request is not.
    await resetDemoData(db, clock);

    const ids = sql.param(bought.map((p) => p.id));
    const engineRows = await queryRows<{ kind: string }>(
      db,
      sql`SELECT kind FROM purchases WHERE id = ANY(${ids}::uuid[])`,
    );
    expect(engineRows).toEqual([]);
    const claims = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM claims WHERE user_id = ${driver.id}`,
    );
    expect(claims.n, "the demo driver's claims").toBe(0);
    const offers = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM booking_offers WHERE booking_id = ANY(${ids}::uuid[])`,
    );
    expect(offers.n, "the space guarantee's offers").toBe(0);
    const passDays = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pass_closure_refunds WHERE pass_id = ANY(${ids}::uuid[])`,
    );
    expect(passDays.n, "the closures' pass refunds").toBe(0);
    for (const kind of PURCHASE_KINDS) {
      const { table } = PURCHASE_ROWS[kind];
      const left = await one<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE id = ANY(${ids}::uuid[])`,
      );
      expect(left.n, `${kind}'s ${table}`).toBe(0);
    }
  });

  it("deletes the demo accounts' referrals (either side), their codes and devices; the rewards go with the balances", async () => {
    const driver = await seededUser(db, DRIVER!.email);
    const other = await createUser(db);
    const invitee = await createUser(db);
    await db.execute(sql`DELETE FROM referrals WHERE invitee_id = ${driver.id}`);
    await db.execute(
      sql`INSERT INTO referral_codes (user_id, code, created_at) VALUES (${driver.id}, 'DEMO234', now())
          ON CONFLICT DO NOTHING`,
    );
    await db.execute(
      sql`INSERT INTO referral_devices (user_id, device_hash, seen_at) VALUES (${driver.id}, 'hash', now())`,
    );
    await db.execute(
      sql`INSERT INTO referrals (inviter_id, invitee_id, code, status, refused_reason, created_at) VALUES
          (${other.id}, ${driver.id}, 'OTHER23', 'registered', NULL, now()),
          (${driver.id}, ${invitee.id}, 'DEMO234', 'refused', 'same_device', now())`,
    );
    await resetDemoData(db, clock);
    const left = await one<{ referrals: number; codes: number; devices: number }>(
      sql`SELECT
            (SELECT count(*)::int FROM referrals WHERE inviter_id = ${driver.id} OR invitee_id = ${driver.id}) AS referrals,
            (SELECT count(*)::int FROM referral_codes WHERE user_id = ${driver.id}) AS codes,
            (SELECT count(*)::int FROM referral_devices WHERE user_id = ${driver.id}) AS devices`,
    );
    expect(left).toEqual({ referrals: 0, codes: 0, devices: 0 });
  });
});
