/**
 * The park's attendant confirms a driver's problem at the gate (decision 057): the gate's list of
 * open claims of a full park or a closed barrier at the attendant's parks, and the confirmation
 * deciding one at once as the park_full rule does (a full refund, or a space nearby when the driver
 * asked for one), once. One app for the file; the ledger's invariants after each test.
 */
import type { AdminClaim, Claim, GateClaimList } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createStaff, operatorId, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, overbookedParks, receiptViolations } from "../../test/ledger-invariants";
import { readMailbox } from "../../test/mailbox";
import { allDayParks, bookingMovedTo, setCapacity } from "../bookings/bookings.test-kit";
import { walletBalanceMinor } from "../wallet/ledger.service";

let ctx: TestContext;
let db: Db;
let park: number;
let harbourview: number;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  harbourview = await operatorId(db, "Harbourview Parking Ltd");
  park = (await allDayParks(db, 1, { operatorId: harbourview }))[0]!;
  await setCapacity(db, park, 1, 3);
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
  expect(await overbookedParks(db)).toEqual([]);
});

const call = (user: TestUser, method: "GET" | "POST", url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: { ...bearer(user), ...headers } });

const claim = (user: TestUser, body: object) =>
  ctx.app.inject({ method: "POST", url: "/api/v1/claims", headers: bearer(user), payload: body });

const emailOf = async (u: TestUser) =>
  (await queryRows<{ email: string }>(db, sql`SELECT email FROM users WHERE id = ${u.id}`))[0]!.email;

describe("claims: the park's attendant confirms at the gate", () => {
  const confirm = (user: TestUser, id: number, key?: string, lang = "en") =>
    call(user, "POST", `/admin/claims/${id}/confirm`, {
      ...(key ? { "idempotency-key": key } : {}),
      "accept-language": lang,
    });
  const gateList = async (user: TestUser, parkId?: number) => {
    const res = await call(user, "GET", `/admin/gate/claims${parkId ? `?park_id=${parkId}` : ""}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<GateClaimList>().items;
  };

  it("lists the open problems of the attendant's park only and refunds a confirmed one in full, once: a replay answers it, a decided claim is 409, another park's attendant 404, a space not as described refused", async () => {
    const otherPark = (await allDayParks(db, 2, { operatorId: harbourview })).find((p) => p !== park)!;
    const attendant = await createStaff(db, "employee", { operatorId: harbourview, parkIds: [park] });
    const elsewhere = await createStaff(db, "employee", { operatorId: harbourview, parkIds: [otherPark] });
    // Begun half an hour ago, nobody inside: no rule proves it, the claims wait.
    const { driver, b } = await bookingMovedTo(ctx.app, db, park, -30, 90);
    const c = (await claim(driver, { booking_id: b.id, reason: "barrier_closed" })).json<Claim>();
    const { driver: other, b: b2 } = await bookingMovedTo(ctx.app, db, park, -30, 90);
    const described = (await claim(other, { booking_id: b2.id, reason: "not_as_described" })).json<Claim>();
    expect([c.status, described.status]).toEqual(["open", "open"]);

    const listed = await gateList(attendant, park);
    expect(listed.map((g) => g.id)).toEqual([c.id]);
    expect(listed[0]).toMatchObject({
      booking_code: b.booking_code,
      reason: "barrier_closed",
      remedy: "refund",
    });
    expect(await gateList(elsewhere)).toEqual([]);
    expect((await call(elsewhere, "GET", `/admin/gate/claims?park_id=${park}`)).statusCode).toBe(404);
    expect((await confirm(elsewhere, c.id, "confirm-x")).statusCode).toBe(404);
    const refused = await confirm(attendant, described.id, "confirm-d");
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe("claim_not_confirmable");

    const before = await walletBalanceMinor(db, driver.id, "NGN");
    const res = await confirm(attendant, c.id, "confirm-1");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminClaim>()).toMatchObject({
      status: "refunded",
      decision: { kind: "refund_full", by: "attendant", refund: b.paid },
    });
    expect(res.json<AdminClaim>().decided_by_name).toBeTruthy();
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(before + b.paid * 100);
    const [row] = await queryRows<{ decided_by: string; decided_by_rule: string }>(
      db,
      sql`SELECT decided_by, decided_by_rule FROM claims WHERE id = ${c.id}`,
    );
    expect(row).toEqual({ decided_by: attendant.id, decided_by_rule: "attendant_confirmed" });

    const replay = await confirm(attendant, c.id, "confirm-1");
    expect(replay.statusCode).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    const decided = await confirm(attendant, c.id, "confirm-2");
    expect(decided.statusCode).toBe(409);
    expect(decided.json()).toMatchObject({
      code: "claim_decided",
      message: "This claim has already been decided",
    });
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(before + b.paid * 100);
    expect(await gateList(attendant, park)).toEqual([]);

    // The driver reads that the attendant confirmed it.
    const seen = (await call(driver, "GET", `/claims/${c.id}`)).json<Claim>();
    expect(seen.decision).toMatchObject({ by: "attendant" });
    const email = await emailOf(driver);
    const mail = (await readMailbox(ctx)).find((m) => m.to.includes(email) && m.subject.includes(c.code));
    expect(mail?.body).toContain("attendant");
  });

  it("rebooks at the nearest park free when the driver asked for a space nearby", async () => {
    const attendant = await createStaff(db, "employee", { operatorId: harbourview, parkIds: [park] });
    const { driver, b } = await bookingMovedTo(ctx.app, db, park, 5, 120);
    const c = (
      await claim(driver, { booking_id: b.id, reason: "park_full", remedy: "rebook" })
    ).json<Claim>();
    expect(c.status).toBe("open");
    expect((await gateList(attendant))[0]).toMatchObject({ id: c.id, remedy: "rebook" });
    const res = await confirm(attendant, c.id, "confirm-r");
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json<AdminClaim>();
    expect(done).toMatchObject({ status: "rebooked", decision: { kind: "rebook", by: "attendant" } });
    expect(done.decision!.rebooked!.park.id).not.toBe(park);
  });
});
