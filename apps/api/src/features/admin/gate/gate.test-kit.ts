import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { Db } from "../../../db/client";
import { bearer, createStaff, operatorId, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";
import { ledgerViolations, overbookedParks, receiptViolations } from "../../../test/ledger-invariants";
import { allDayPark, bookingMovedTo, setCapacity } from "../../bookings/bookings.test-kit";
import { signQr } from "../../bookings/qr";
import { chargeWallet, walletBalanceMinor } from "../../wallet/ledger.service";

/** Helpers the gate's and drive-up sales' API tests share (test-only; not imported by production code). */

export const SECRET = "gate-test-qr-secret-0123456789";

/** What a gate test file works with; the kit's beforeAll fills it in. */
export interface GateSuite {
  ctx: TestContext;
  db: Db;
  /** A Harbourview park in Lagos open all day that sells Car spaces (50 of them), and one of Citypark's. */
  park: number;
  otherPark: number;
  /** An employee of each, working at that park only. */
  attendant: TestUser;
  otherAttendant: TestUser;
}

/**
 * Registers a gate test file's hooks (a database with its own data folder and QR secret, the two
 * parks and their attendants; after each test, no ledger or receipt violation and no park
 * overbooked) and answers the helpers bound to them. Call it once at the top of the file;
 * `suite` is filled in before the file's own beforeAll runs.
 */
export function gateKit() {
  const suite = {} as GateSuite;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parkwell-gate-"));
    suite.ctx = await createTestContext({ DATA_DIR: dataDir, QR_SIGNING_SECRET: SECRET });
    const db = (suite.db = suite.ctx.database.db);
    const harbourview = await operatorId(db, "Harbourview Parking Ltd");
    const citypark = await operatorId(db, "Citypark Nigeria");
    suite.park = await allDayPark(db, { operatorId: harbourview });
    suite.otherPark = await allDayPark(db, { operatorId: citypark });
    await setCapacity(db, suite.park, 1, 50);
    suite.attendant = await createStaff(db, "employee", { operatorId: harbourview, parkIds: [suite.park] });
    suite.otherAttendant = await createStaff(db, "employee", {
      operatorId: citypark,
      parkIds: [suite.otherPark],
    });
  });
  afterAll(async () => {
    await suite.ctx?.close();
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  });
  afterEach(async () => {
    expect(await ledgerViolations(suite.db)).toEqual([]);
    expect(await receiptViolations(suite.db)).toEqual([]);
    expect(await overbookedParks(suite.db)).toEqual([]);
  });

  let addresses = 0;
  /** Each call from its own address unless told, so the per-address guess limit is only met on purpose. */
  const post = (
    user: TestUser,
    url: string,
    payload: object,
    remoteAddress = `10.1.${++addresses % 250}.${addresses % 200}`,
  ) =>
    suite.ctx.app.inject({
      method: "POST",
      url: `/api/v1${url}`,
      headers: bearer(user),
      payload,
      remoteAddress,
    });
  const get = (user: TestUser, url: string) =>
    suite.ctx.app.inject({ url: `/api/v1${url}`, headers: bearer(user) });

  /**
   * A paid booking at `parkId` whose window is then moved to [now + startMin, now + endMin) (the
   * booking route only takes windows ahead; the gate sees them as they come).
   */
  async function booking(startMin: number, endMin: number, opts: { parkId?: number; funds?: number } = {}) {
    const { db } = suite;
    const { driver, b } = await bookingMovedTo(
      suite.ctx.app,
      db,
      opts.parkId ?? suite.park,
      startMin,
      endMin,
    );
    if (opts.funds !== undefined) {
      // Spend the rest of the wallet elsewhere: a balance of exactly `funds` minor units.
      const balance = await walletBalanceMinor(db, driver.id, "NGN");
      if (balance > opts.funds) {
        await db.transaction((tx) =>
          chargeWallet(tx, {
            userId: driver.id,
            currency: "NGN",
            amountMinor: balance - opts.funds!,
            idempotencyKey: `gate-test-spend:${b.id}`,
            // Spent elsewhere: a test's own move, not a purchase (no receipt documents it).
            kind: "adjustment",
          }),
        );
      }
    }
    return { driver, b };
  }

  return { suite, post, get, booking };
}

/** A booking's signed QR payload, as the driver's pass shows it. */
export const qrOf = (
  b: { booking_code: string; park: { id: number }; start_time: string; end_time: string },
  secret = SECRET,
) => signQr({ code: b.booking_code, park: b.park.id, start: b.start_time, end: b.end_time }, secret);
