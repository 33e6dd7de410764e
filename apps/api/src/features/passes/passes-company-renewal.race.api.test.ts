// The monthly cap per member with a company pass's renewal and a company purchase racing (decision
// 030): the renewal locks the member's company_members row first, as the purchase engine does,
// before it sums the month and asks the policy, so the two serialize there and never pass the cap
// together. And a driver taking two such renewals over at once with one Idempotency-Key (POST
// /passes/{code}/renew): the key's lock makes the second wait and find the first's term, so one key
// pays one pass. PostgreSQL only: PGlite runs one query at a time.
import { randomUUID } from "node:crypto";
import { dayOnClock, type AdminPlan } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createStaff, operatorId, parksOf, type TestUser } from "../../test/factories";
import { createTestContext, TEST_ENGINE, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { fundedUser } from "../bookings/bookings.test-kit";
import { addMember, createCompany, setLimits, setPolicy } from "../companies/companies.test-kit";
import { fundCompany } from "../companies/company-money.test-kit";
import { unsafeOptions } from "../companies/company-pay.service";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { payRenewalMyself, renewPass, unsafeOptions as renewalOptions } from "./passes-renewal.service";
import { sell } from "./passes.service";

const ZONE = "Africa/Lagos";
const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "19:00" }));

describe.skipIf(TEST_ENGINE !== "postgres")(
  "a company pass's renewal racing a company purchase for the monthly cap (PostgreSQL only)",
  () => {
    let ctx: TestContext;
    let db: Db;
    let now = new Date();
    const clock = () => now;
    let manager: TestUser;
    let plan: AdminPlan;
    let plates = 0;

    beforeAll(async () => {
      ctx = await createTestContext({}, { clock });
      db = ctx.database.db;
      const harbourview = await operatorId(db, "Harbourview Parking Ltd");
      const own = await parksOf(db, harbourview, "Lagos");
      const [park] = await queryRows<{ id: number }>(
        db,
        sql`SELECT p.id FROM parks p JOIN park_capacities c ON c.park_id = p.id AND c.vehicle_type_id = 1
            WHERE p.id = ANY(${sql.param(own)}::int[]) AND p.status = 'active' AND p.time_zone = ${ZONE}
            ORDER BY p.id LIMIT 1`,
      );
      await db.execute(
        sql`UPDATE park_capacities SET capacity = 200 WHERE park_id = ${park!.id} AND vehicle_type_id = 1`,
      );
      manager = await createStaff(db, "branch_manager", { operatorId: harbourview });
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/admin/plans",
        headers: bearer(manager),
        payload: {
          park_id: park!.id,
          name: { en: "Commuter", fr: "Navetteur" },
          windows: weekdays,
          prices: [{ vehicle_type_id: 1, monthly_price: 40_000 }],
          allocation: 100,
          status: "on_sale",
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      plan = res.json<AdminPlan>();
    });
    afterAll(async () => {
      unsafeOptions.unsafeSkipMemberLock = false;
      renewalOptions.unsafeSkipRenewalKeyLock = false;
      await ctx?.close();
    });
    afterEach(async () => {
      expect(await ledgerViolations(db)).toEqual([]);
      expect(await receiptViolations(db)).toEqual([]);
    });

    const deps = () => ({ db, clock, jobs: ctx.app.jobs });
    const buy = (userId: string, companyId: number) => {
      plates += 1;
      return sell(
        deps(),
        userId,
        {
          plan_id: plan.id,
          vehicle_type_id: 1,
          plates: [`RACE${String(plates).padStart(4, "0")}`],
          start_date: dayOnClock(now, ZONE),
          term_months: 1,
          company_id: companyId,
        },
        undefined,
      );
    };

    /**
     * A member's company pass bought now; a month on, a cap that takes one term but not two, then
     * its renewal and a new company pass at once: what each did, the month's sum and the cap.
     */
    async function race() {
      now = new Date();
      const company = await createCompany(db);
      // A flush wallet of their own: the renewal must not fall to it.
      const member = await fundedUser(db, 100_000_000);
      const memberId = await addMember(db, company.id, member);
      await fundCompany(db, company.id, company.owner.id, 1_000_000_000, now);
      await setPolicy(db, company.id, { switches: { passes: true } });
      const { row: pass } = await buy(member.id, company.id);
      const term = Number(
        (
          await queryRows<{ t: string }>(
            db,
            sql`SELECT total_minor AS t FROM pass_charges WHERE pass_id = ${pass.id} AND period = 1`,
          )
        )[0]!.t,
      );
      now = new Date(pass.paidUntil.getTime() + 60_000);
      const cap = Math.floor(term * 1.5);
      await setLimits(db, company.id, "NGN", { perMemberMonthMinor: cap });
      const wallet = await walletBalanceMinor(db, member.id, "NGN");
      const [renewal, sale] = await Promise.all([
        renewPass(deps(), pass.id),
        buy(member.id, company.id).then(
          () => "sold",
          (err: { code?: string }) => err.code ?? String(err),
        ),
      ]);
      const [sum] = await queryRows<{ s: string }>(
        db,
        sql`SELECT coalesce(sum(amount_minor), 0) AS s FROM company_charges
            WHERE member_id = ${memberId} AND kind <> 'topup'
              AND at >= ${new Date(pass.paidUntil.getTime()).toISOString()}::timestamptz`,
      );
      expect(await walletBalanceMinor(db, member.id, "NGN")).toBe(wallet);
      return { renewal, sale, cap, spent: Number(sum!.s) };
    }

    it("exactly one of the renewal and the purchase passes the cap; the other is refused (grace, 403)", async () => {
      for (let round = 0; round < 4; round += 1) {
        const { renewal, sale, cap, spent } = await race();
        expect([renewal, sale].sort()).toSatisfy(
          (r: unknown[]) =>
            JSON.stringify(r) === JSON.stringify(["grace", "sold"]) ||
            JSON.stringify(r) === JSON.stringify(["company_refused", "renewed"]),
        );
        expect(spent).toBeLessThanOrEqual(cap);
      }
    });

    /**
     * Two company passes of one member in grace (their company stopped paying for passes); the
     * member takes both renewals over at once with one Idempotency-Key: what each answered and how
     * many terms the wallet paid.
     */
    async function takeOverRace() {
      now = new Date();
      const company = await createCompany(db);
      const member = await fundedUser(db, 100_000_000);
      await addMember(db, company.id, member);
      await fundCompany(db, company.id, company.owner.id, 1_000_000_000, now);
      await setPolicy(db, company.id, { switches: { passes: true } });
      const first = (await buy(member.id, company.id)).row;
      const second = (await buy(member.id, company.id)).row;
      await setPolicy(db, company.id, { switches: { passes: false } });
      now = new Date(first.paidUntil.getTime() + 60_000);
      expect(await renewPass(deps(), first.id)).toBe("grace");
      expect(await renewPass(deps(), second.id)).toBe("grace");
      const key = randomUUID();
      const answers = await Promise.all(
        [first, second].map((pass) =>
          payRenewalMyself(deps(), member.id, pass.passCode, key).then(
            ({ replayed }) => (replayed ? "replayed" : "paid"),
            (err: { code?: string }) => err.code ?? String(err),
          ),
        ),
      );
      const [paid] = await queryRows<{ n: string }>(
        db,
        sql`SELECT count(*) AS n FROM pass_charges WHERE pass_id IN (${first.id}, ${second.id}) AND period = 2`,
      );
      return { answers: answers.sort(), terms: Number(paid!.n) };
    }

    it("one Idempotency-Key sent at once to take over two passes pays one; the other is the 422", async () => {
      for (let round = 0; round < 4; round += 1) {
        const { answers, terms } = await takeOverRace();
        expect(answers).toEqual(["idempotency_key_reused", "paid"]);
        expect(terms).toBe(1);
      }
    });

    it("negative control: without the key's lock one key pays both passes", async () => {
      renewalOptions.unsafeSkipRenewalKeyLock = true;
      try {
        let both = false;
        for (let round = 0; round < 10 && !both; round += 1) {
          const { terms } = await takeOverRace();
          if (terms === 2) both = true;
        }
        expect(both).toBe(true);
      } finally {
        renewalOptions.unsafeSkipRenewalKeyLock = false;
      }
    });

    it("negative control: without the member's lock both pass and the cap is overrun", async () => {
      unsafeOptions.unsafeSkipMemberLock = true;
      try {
        let overrun = false;
        for (let round = 0; round < 10 && !overrun; round += 1) {
          const { cap, spent } = await race();
          if (spent > cap) overrun = true;
        }
        expect(overrun).toBe(true);
      } finally {
        unsafeOptions.unsafeSkipMemberLock = false;
      }
    });
  },
);
