// The monthly cap per member under real concurrency (decision 030): a company purchase locks its
// member's company_members row before it sums the month's charges, so one member's concurrent
// bookings serialize there. PostgreSQL only: PGlite runs one query at a time.
import type { Booking } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, type TestUser } from "../../test/factories";
import { anotherApp, createTestContext, TEST_ENGINE, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { allDayPark, at, fundedUser, HOUR, setCapacity } from "../bookings/bookings.test-kit";
import { addMember, createCompany, setLimits } from "./companies.test-kit";
import { fundCompany } from "./company-money.test-kit";
import { pgCode } from "../../lib/pg-error";
import { lockMember, unsafeOptions } from "./company-pay.service";

describe.skipIf(TEST_ENGINE !== "postgres")(
  "company bookings under concurrency (PostgreSQL only: PGlite serialises)",
  () => {
    let ctx: TestContext;
    let db: Db;
    let app: FastifyInstance;
    let close: () => Promise<void>;
    let park: number;
    let plates = 0;

    beforeAll(async () => {
      ctx = await createTestContext();
      db = ctx.database.db;
      const other = await anotherApp(ctx, {}, 12);
      app = other.app;
      close = other.close;
      park = await allDayPark(db);
      await setCapacity(db, park, 1, 500);
    });
    afterAll(async () => {
      unsafeOptions.unsafeSkipMemberLock = false;
      await close?.();
      await ctx?.close();
    });
    afterEach(async () => {
      expect(await ledgerViolations(db)).toEqual([]);
      expect(await receiptViolations(db)).toEqual([]);
    });

    const bookWith = (user: TestUser, companyId: number, round: number) => {
      plates += 1;
      return app.inject({
        method: "POST",
        url: "/api/v1/bookings",
        headers: bearer(user),
        payload: {
          park_id: park,
          vehicle_type_id: 1,
          plate_number: `RACE${String(plates).padStart(4, "0")}`,
          start_time: at((3 + round * 2) * HOUR).toISOString(),
          end_time: at((4 + round * 2) * HOUR).toISOString(),
          company_id: companyId,
        },
      });
    };

    /** One member's first booking, then a cap of four such, then ten more at once: how many passed, and the month's sum. */
    async function capRace(round: number) {
      const company = await createCompany(db);
      const member = await fundedUser(db, 0);
      const memberId = await addMember(db, company.id, member);
      await fundCompany(db, company.id, company.owner.id, 1_000_000_000, at(0));
      const first = await bookWith(member, company.id, round);
      expect(first.statusCode, first.body).toBe(201);
      const price = Number(
        (
          await queryRows<{ t: string }>(
            db,
            sql`SELECT total_minor AS t FROM bookings WHERE id = ${first.json<Booking>().id}`,
          )
        )[0]!.t,
      );
      const cap = 4 * price;
      await setLimits(db, company.id, "NGN", { perMemberMonthMinor: cap });
      const statuses = (
        await Promise.all(Array.from({ length: 10 }, () => bookWith(member, company.id, round)))
      ).map((r) => r.statusCode);
      const [sum] = await queryRows<{ s: string }>(
        db,
        sql`SELECT coalesce(sum(amount_minor), 0) AS s FROM company_charges WHERE member_id = ${memberId} AND kind <> 'topup'`,
      );
      return { statuses, cap, spent: Number(sum!.s) };
    }

    it("ten concurrent bookings of one member: exactly the three that fit pass, the month never exceeds the cap", async () => {
      for (let round = 0; round < 3; round += 1) {
        const { statuses, cap, spent } = await capRace(round);
        expect(statuses.filter((s) => s === 201)).toHaveLength(3);
        expect(statuses.filter((s) => s === 403)).toHaveLength(7);
        expect(spent).toBe(cap);
      }
    });

    it("negative control: without the member's lock the cap is overrun", async () => {
      unsafeOptions.unsafeSkipMemberLock = true;
      try {
        let overrun = false;
        for (let round = 5; round < 10 && !overrun; round += 1) {
          const { cap, spent } = await capRace(round);
          if (spent > cap) overrun = true;
        }
        expect(overrun).toBe(true);
      } finally {
        unsafeOptions.unsafeSkipMemberLock = false;
      }
    });

    it("Parkwell disabling a company waits for a purchase under way; the next purchase is refused under its lock", async () => {
      const company = await createCompany(db);
      const member = await fundedUser(db, 0);
      await addMember(db, company.id, member);
      const disable = () =>
        db.transaction(async (tx) => {
          await tx.execute(sql`SET LOCAL lock_timeout = '300ms'`);
          await tx.execute(sql`UPDATE companies SET disabled_at = now() WHERE id = ${company.id}`);
        });
      // A purchase holds the member's and the company's locks: the disabling cannot pass it.
      let blocked: unknown = null;
      await db.transaction(async (tx) => {
        await lockMember(tx, company, member.id);
        blocked = await disable().then(
          () => null,
          (err: unknown) => err,
        );
      });
      expect(pgCode(blocked)).toBe("55P03");
      await disable();
      // Checked again under the lock: refused even though the check before the transaction passed.
      const refused = await db
        .transaction((tx) => lockMember(tx, company, member.id))
        .then(
          () => null,
          (err: unknown) => err as { status?: number; code?: string },
        );
      expect(refused).toMatchObject({ status: 409, code: "company_disabled" });
    });
  },
);
