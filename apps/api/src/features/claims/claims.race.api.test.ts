// Claims racing on PostgreSQL (decision 057), through two app instances (two pools): two claims for
// one booking at once make one claim (the other is 409 claim_exists), a claim the gate's records
// refund at once racing the driver's cancellation of the same booking moves money once, whichever
// commits first, and a claim's rebooking raced by another staff member's or by the driver's
// cancellation settles once, as does the park's attendant's confirmation raced by a staff decision.
// The ledger's and the operators' invariants hold after each round.
import type { ClaimRebookParks } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createStaff, operatorId, type TestUser } from "../../test/factories";
import { anotherApp, createTestContext, TEST_ENGINE } from "../../test/harness";
import { ledgerViolations, overbookedParks, receiptViolations } from "../../test/ledger-invariants";
import { allDayParks, bookingMovedTo, setCapacity } from "../bookings/bookings.test-kit";
import { walletBalanceMinor } from "../wallet/ledger.service";

async function onTwoApps(run: (db: Db, apps: FastifyInstance[]) => Promise<void>): Promise<void> {
  const ctx = await createTestContext();
  const second = await anotherApp(ctx);
  try {
    await run(ctx.database.db, [ctx.app, second.app]);
  } finally {
    await second.close();
    await ctx.close();
  }
}

const fileClaim = (app: FastifyInstance, user: TestUser, bookingId: string, reason: string, key: string) =>
  app.inject({
    method: "POST",
    url: "/api/v1/claims",
    headers: { ...bearer(user), "idempotency-key": key },
    payload: { booking_id: bookingId, reason },
  });

const cancel = (app: FastifyInstance, user: TestUser, bookingId: string) =>
  app.inject({
    method: "PUT",
    url: `/api/v1/bookings/${bookingId}/status?status=cancelled`,
    headers: bearer(user),
  });

const rebook = (app: FastifyInstance, staff: TestUser, claimId: number, parkId: number, key: string) =>
  app.inject({
    method: "POST",
    url: `/api/v1/admin/claims/${claimId}/decision`,
    headers: { ...bearer(staff), "idempotency-key": key },
    payload: { decision: "rebook", park_id: parkId },
  });

async function invariantsHold(db: Db) {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
  expect(await overbookedParks(db)).toEqual([]);
}

/** The refunds the ledger holds for a booking (its moves of kind refund). */
async function refundsOf(db: Db, bookingId: string): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM ledger_transactions WHERE kind = 'refund' AND idempotency_key LIKE ${`booking:${bookingId}:%`}`,
  );
  return Number(row?.n ?? 0);
}

describe.skipIf(TEST_ENGINE !== "postgres")("claims racing (PostgreSQL)", () => {
  it("two claims for one booking at once: one is filed, the other is 409 claim_exists", async () => {
    await onTwoApps(async (db, apps) => {
      const harbourview = await operatorId(db, "Harbourview Parking Ltd");
      const parks = await allDayParks(db, 4, { operatorId: harbourview });
      for (const [round, park] of parks.entries()) {
        await setCapacity(db, park, 1, 1);
        const { driver, b } = await bookingMovedTo(apps[0]!, db, park, -30, 90);
        const answers = await Promise.all([
          fileClaim(apps[0]!, driver, b.id, "not_as_described", `race-a-${round}`),
          fileClaim(apps[1]!, driver, b.id, "barrier_closed", `race-b-${round}`),
        ]);
        const codes = answers.map((a) => a.statusCode).sort();
        expect(codes, answers.map((a) => a.body).join("\n")).toEqual([201, 409]);
        const lost = answers.find((a) => a.statusCode === 409)!.json<{ code: string; claim_code: string }>();
        const won = answers.find((a) => a.statusCode === 201)!.json<{ code: string }>();
        expect(lost).toMatchObject({ code: "claim_exists", claim_code: won.code });
        const [count] = await queryRows<{ n: string | number }>(
          db,
          sql`SELECT count(*) AS n FROM claims WHERE booking_id = ${b.id}`,
        );
        expect(Number(count?.n)).toBe(1);
        await invariantsHold(db);
      }
    });
  });

  it("a claim refunded at once racing the booking's cancellation moves money once", async () => {
    await onTwoApps(async (db, apps) => {
      const harbourview = await operatorId(db, "Harbourview Parking Ltd");
      const parks = await allDayParks(db, 6, { operatorId: harbourview });
      const outcomes = new Set<string>();
      for (const [round, park] of parks.entries()) {
        await setCapacity(db, park, 1, 1);
        // A car overstaying its ended booking fills the park's one space at the gate.
        const { b: inside } = await bookingMovedTo(apps[0]!, db, park, -180, -60);
        await db.execute(
          sql`UPDATE bookings SET checked_in_at = now() - interval '170 minutes' WHERE id = ${inside.id}`,
        );
        // Ten minutes before the start: the claim's window is open, and cancelling still refunds half the parking.
        const { driver, b } = await bookingMovedTo(apps[0]!, db, park, 10, 120);
        const before = await walletBalanceMinor(db, driver.id, "NGN");
        const [claimed, cancelled] = await Promise.all([
          fileClaim(apps[round % 2]!, driver, b.id, "park_full", `race-cancel-${round}`),
          cancel(apps[(round + 1) % 2]!, driver, b.id),
        ]);
        const after = await walletBalanceMinor(db, driver.id, "NGN");
        expect(await refundsOf(db, b.id), `${claimed.body}\n${cancelled.body}`).toBe(1);
        if (claimed.statusCode === 201) {
          // The claim first: everything back; the cancellation that followed gave nothing more.
          outcomes.add("claim first");
          expect(claimed.json()).toMatchObject({ status: "refunded" });
          expect(cancelled.statusCode).toBe(200);
          expect(after - before).toBe(b.paid * 100);
        } else {
          // The cancellation first: its policy's refund; the claim is refused, nothing more moves.
          outcomes.add("cancellation first");
          expect(claimed.statusCode).toBe(409);
          expect(claimed.json().code).toBe("booking_cancelled");
          expect(cancelled.statusCode).toBe(200);
          expect(after - before).toBeLessThan(b.paid * 100);
        }
        await db.execute(sql`UPDATE bookings SET checked_out_at = now() WHERE id = ${inside.id}`);
        await invariantsHold(db);
      }
      expect(outcomes.size).toBeGreaterThan(0);
    });
  });

  it("a claim's rebooking raced by another staff member's, or by the driver's cancellation, settles once", async () => {
    await onTwoApps(async (db, apps) => {
      const harbourview = await operatorId(db, "Harbourview Parking Ltd");
      const admin = await createStaff(db, "admin");
      const parks = await allDayParks(db, 6, { operatorId: harbourview });
      const outcomes = new Set<string>();
      for (const [round, park] of parks.entries()) {
        // The park keeps its spaces: an earlier round's rebooking may have moved a booking there.
        const { driver, b } = await bookingMovedTo(apps[0]!, db, park, 10, 130);
        const filed = await fileClaim(apps[0]!, driver, b.id, "barrier_closed", `race-rebook-${round}`);
        expect(filed.statusCode, filed.body).toBe(201);
        const claimId = filed.json<{ id: number }>().id;
        const listed = await apps[0]!.inject({
          method: "GET",
          url: `/api/v1/admin/claims/${claimId}/rebook-parks`,
          headers: bearer(admin),
        });
        const target = listed.json<ClaimRebookParks>().alternatives[0];
        expect(target, listed.body).toBeDefined();
        const before = await walletBalanceMinor(db, driver.id, "NGN");
        const staffRace = round % 2 === 0;
        const [first, other] = await Promise.all([
          rebook(apps[round % 2]!, admin, claimId, target!.park_id, `rebook-a-${round}`),
          staffRace
            ? rebook(apps[(round + 1) % 2]!, admin, claimId, target!.park_id, `rebook-b-${round}`)
            : cancel(apps[(round + 1) % 2]!, driver, b.id),
        ]);
        const bodies = `${first.body}\n${other.body}`;
        // The first booking was given back once: by the rebooking or by the cancellation.
        expect(await refundsOf(db, b.id), bodies).toBe(1);
        const [row] = await queryRows<{ status: string }>(
          db,
          sql`SELECT status FROM claims WHERE id = ${claimId}`,
        );
        const active = await queryRows<{ id: string }>(
          db,
          sql`SELECT id FROM bookings WHERE user_id = ${driver.id} AND status = 'active'`,
        );
        if (staffRace) {
          expect([first.statusCode, other.statusCode].sort(), bodies).toEqual([200, 409]);
          const lost = [first, other].find((r) => r.statusCode === 409)!.json<{ code: string }>();
          expect(["claim_decided", "booking_not_rebookable"]).toContain(lost.code);
          expect(row?.status).toBe("rebooked");
          expect(active).toHaveLength(1);
          outcomes.add("two staff");
        } else if (first.statusCode === 200) {
          // The rebooking first: the cancellation finds the booking moved, nothing more back.
          expect(row?.status).toBe("rebooked");
          expect(active).toHaveLength(1);
          expect(await walletBalanceMinor(db, driver.id, "NGN")).toBeGreaterThanOrEqual(before);
          outcomes.add("rebooking first");
        } else {
          // The cancellation first: the claim stays open, no booking elsewhere.
          expect(first.statusCode, bodies).toBe(409);
          expect(first.json().code).toBe("booking_not_rebookable");
          expect(other.statusCode).toBe(200);
          expect(row?.status).toBe("open");
          expect(active).toHaveLength(0);
          outcomes.add("cancellation first");
        }
        await invariantsHold(db);
      }
      expect(outcomes.has("two staff")).toBe(true);
    });
  });

  it("the attendant's confirmation raced by a staff decision settles once", async () => {
    await onTwoApps(async (db, apps) => {
      const harbourview = await operatorId(db, "Harbourview Parking Ltd");
      const admin = await createStaff(db, "admin");
      const parks = await allDayParks(db, 4, { operatorId: harbourview });
      const attendant = await createStaff(db, "employee", { operatorId: harbourview, parkIds: parks });
      for (const [round, park] of parks.entries()) {
        const { driver, b } = await bookingMovedTo(apps[0]!, db, park, -30, 90);
        const filed = await fileClaim(apps[0]!, driver, b.id, "park_full", `race-confirm-${round}`);
        expect(filed.json(), filed.body).toMatchObject({ status: "open" });
        const claimId = filed.json<{ id: number }>().id;
        const before = await walletBalanceMinor(db, driver.id, "NGN");
        const answers = await Promise.all([
          apps[round % 2]!.inject({
            method: "POST",
            url: `/api/v1/admin/claims/${claimId}/confirm`,
            headers: { ...bearer(attendant), "idempotency-key": `confirm-${round}` },
          }),
          apps[(round + 1) % 2]!.inject({
            method: "POST",
            url: `/api/v1/admin/claims/${claimId}/decision`,
            headers: bearer(admin),
            payload: { decision: round < 2 ? "refund_full" : "decline", reason: "Checked at the gate" },
          }),
        ]);
        const bodies = answers.map((a) => a.body).join("\n");
        expect(answers.map((a) => a.statusCode).sort(), bodies).toEqual([200, 409]);
        expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe("claim_decided");
        const [row] = await queryRows<{ status: string; decided_by_rule: string | null }>(
          db,
          sql`SELECT status, decided_by_rule FROM claims WHERE id = ${claimId}`,
        );
        const refunded = row?.status === "refunded";
        expect(await refundsOf(db, b.id), bodies).toBe(refunded ? 1 : 0);
        expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(before + (refunded ? b.paid * 100 : 0));
        expect(row?.decided_by_rule === "attendant_confirmed").toBe(answers[0]!.statusCode === 200);
        await invariantsHold(db);
      }
    });
  });
});
