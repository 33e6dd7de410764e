/**
 * Drivers' claims (decision 057): a report on a booking or a pass's term, resolved at once when the
 * gate's records prove the park full, else decided by staff in the back office; every refund once,
 * through the purchase engine with its credit note, the operator's share taken back by it, or kept
 * when Parkwell bears the refund. One app for the file; the ledger's invariants after each test.
 */
import type { AdminClaim, AdminClaimPage, Claim, ClaimPage, ClaimRebookParks } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createStaff, operatorId, type TestUser } from "../../test/factories";
import { tinyImage } from "../../test/documents";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, overbookedParks, receiptViolations } from "../../test/ledger-invariants";
import { readMailbox } from "../../test/mailbox";
import {
  allDayPark,
  bookingMovedTo,
  fundedUser,
  setCapacity,
  setStatus,
} from "../bookings/bookings.test-kit";
import { passPlans, passRequest } from "../passes/passes.test-kit";
import { walletBalanceMinor } from "../wallet/ledger.service";

let ctx: TestContext;
let db: Db;
let park: number;
let harbourview: number;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  harbourview = await operatorId(db, "Harbourview Parking Ltd");
  park = await allDayPark(db, { operatorId: harbourview });
  await setCapacity(db, park, 1, 1);
  admin = await createStaff(db, "admin");
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
  expect(await overbookedParks(db)).toEqual([]);
  // Each test starts with the park's one space free and nobody inside.
  await db.execute(
    sql`UPDATE bookings SET status = 'cancelled' WHERE park_id = ${park} AND status = 'active'`,
  );
  await db.execute(
    sql`UPDATE bookings SET checked_out_at = now() WHERE park_id = ${park} AND checked_in_at IS NOT NULL AND checked_out_at IS NULL`,
  );
});

const call = (
  user: TestUser,
  method: "GET" | "POST" | "PUT",
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method,
    url: url.startsWith("/api") ? url : `/api/v1${url}`,
    headers: { ...bearer(user), ...headers },
    ...(payload ? { payload } : {}),
  });

const claim = (user: TestUser, body: object, key?: string, lang = "en") =>
  call(user, "POST", "/claims", body, {
    ...(key ? { "idempotency-key": key } : {}),
    "accept-language": lang,
  });

/** A multipart upload as a browser's FormData sends it. */
async function upload(user: TestUser, url: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append("file", new Blob([Buffer.from(bytes)]), "photo.jpg");
  const request = new Request("http://parkwell.test/", { method: "POST", body: form });
  return ctx.app.inject({
    method: "POST",
    url: `/api/v1${url}`,
    headers: { ...bearer(user), "content-type": request.headers.get("content-type")! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/** The operator's balance in NGN: the sum of its lines. */
async function operatorBalance(): Promise<number> {
  const [row] = await queryRows<{ sum: string | number }>(
    db,
    sql`SELECT coalesce(sum(amount_minor), 0) AS sum FROM operator_lines WHERE operator_id = ${harbourview} AND currency = 'NGN'`,
  );
  return Number(row?.sum ?? 0);
}

/** The mails about claim `code` sent to `email` (a booking's own confirmation aside). */
const claimMails = async (email: string, code: string) =>
  (await readMailbox(ctx)).filter((m) => m.to.includes(email) && m.subject.includes(code));
/** The ledger's violations after `tamper`, in a transaction rolled back (the invariants' own check). */
async function violationsAfter(tamper: (tx: Db) => Promise<unknown>): Promise<string[]> {
  let found: string[] = [];
  await db
    .transaction(async (tx) => {
      await tamper(tx as unknown as Db);
      found = await ledgerViolations(tx as unknown as Db);
      throw new Error("roll back");
    })
    .catch(() => {});
  return found;
}

const emailOf = async (u: TestUser) =>
  (await queryRows<{ email: string }>(db, sql`SELECT email FROM users WHERE id = ${u.id}`))[0]!.email;

describe("claims: filed by the driver, resolved at once by the gate's records", () => {
  it("refunds a full park in full, fees included, once: a replay answers the claim, a second claim and a cancellation move nothing", async () => {
    // A car whose booking ended an hour ago is still inside: the park's one space is taken.
    const { b: overstaying } = await bookingMovedTo(ctx.app, db, park, -180, -60);
    await db.execute(
      sql`UPDATE bookings SET checked_in_at = now() - interval '170 minutes' WHERE id = ${overstaying.id}`,
    );
    const { driver, b } = await bookingMovedTo(ctx.app, db, park, 5, 120);
    const before = await walletBalanceMinor(db, driver.id, "NGN");
    const operatorBefore = await operatorBalance();

    // Another driver's booking is not found, as one that does not exist.
    const stranger = await fundedUser(db, 0);
    const foreign = await claim(stranger, { booking_id: b.id, reason: "park_full" });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("booking_not_found");

    const res = await claim(driver, { booking_id: b.booking_code, reason: "park_full" }, "claim-full-1");
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json<Claim>();
    expect(c).toMatchObject({ status: "refunded", reason: "park_full", booking: { id: b.id } });
    expect(c.decision).toMatchObject({ kind: "refund_full", by: "rule", reason: null });
    expect(c.decision!.refund).toBe(b.paid);
    expect(c.code).toMatch(/^CL-[2-9A-HJKMNP-Z]{8}$/);
    // Everything paid, fees included, is back in the wallet; the operator's share went back with it.
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(before + b.paid * 100);
    expect(await operatorBalance()).toBeLessThan(operatorBefore);

    const replay = await claim(driver, { booking_id: b.booking_code, reason: "park_full" }, "claim-full-1");
    expect(replay.statusCode).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json<Claim>().id).toBe(c.id);
    const reused = await claim(driver, { booking_id: b.id, reason: "barrier_closed" }, "claim-full-1");
    expect(reused.json().code).toBe("idempotency_key_reused");
    const again = await claim(driver, { booking_id: b.id, reason: "barrier_closed" }, "claim-full-2", "fr");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "claim_exists", claim_code: c.code });
    expect(again.json().message).toBe("Un problème a déjà été signalé pour ce stationnement");

    // The cancellation that follows gives nothing more back.
    const balance = await walletBalanceMinor(db, driver.id, "NGN");
    expect((await setStatus(ctx.app, driver, b.id, "cancelled")).statusCode).toBe(200);
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(balance);

    const list = await call(driver, "GET", "/claims");
    expect(list.json<ClaimPage>()).toMatchObject({ total: 1, page: 1, pages: 1 });
    expect((await call(stranger, "GET", `/claims/${c.id}`)).json().code).toBe("claim_not_found");

    // The driver is told, on the park's clock, with the credit note's link.
    const [mail] = await claimMails(await emailOf(driver), c.code);
    expect(mail?.subject).toMatch(new RegExp(`^Your claim ${c.code}: .+ refunded$`));
    expect(mail?.body).toContain("/receipts/");
  });

  it("refuses a booking's claim outside its reason's window, and a cancelled booking's", async () => {
    const { driver, b } = await bookingMovedTo(ctx.app, db, park, 60 * 24, 60 * 26);
    const early = await claim(driver, { booking_id: b.id, reason: "park_full" });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe("claim_window_closed");
    expect((await setStatus(ctx.app, driver, b.id, "cancelled")).statusCode).toBe(200);
    const cancelled = await claim(driver, { booking_id: b.id, reason: "charged_wrongly" });
    expect(cancelled.json().code).toBe("booking_cancelled");
    const old = await bookingMovedTo(ctx.app, db, park, -60 * 30, -60 * 26);
    const late = await claim(old.driver, { booking_id: old.b.id, reason: "not_as_described" });
    expect(late.json().code).toBe("claim_window_closed");
    const both = await claim(old.driver, { booking_id: old.b.id, pass_id: "PASS", reason: "park_full" });
    expect(both.statusCode).toBe(422);
  });
});

describe("claims: the staff queue", () => {
  it("queues what no rule proves, with its photo for the driver and for staff, overdue after the country's hours; staff refund part of it once", async () => {
    const { driver, b } = await bookingMovedTo(ctx.app, db, park, 5, 120);
    const res = await claim(driver, {
      booking_id: b.id,
      reason: "barrier_closed",
      details: "The barrier stayed down and nobody answered the intercom.",
      location: { latitude: 6.45, longitude: 3.4 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json<Claim>();
    expect(c).toMatchObject({ status: "open", decision: null, location: { latitude: 6.45, longitude: 3.4 } });
    // Nigeria's staff have 24 hours.
    expect(Date.parse(c.due_at) - Date.parse(c.filed_at)).toBe(24 * 3_600_000);

    const photo = await upload(driver, `/claims/${c.id}/photo`, await tinyImage("jpeg"));
    expect(photo.statusCode, photo.body).toBe(201);
    const link = photo.json<Claim>().photo!.url;
    const file = await call(driver, "GET", link);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/jpeg");
    expect((await upload(driver, `/claims/${c.id}/photo`, await tinyImage("png"))).json().code).toBe(
      "claim_photo_exists",
    );
    expect((await upload(driver, `/claims/${c.id}/photo`, Buffer.from("not an image"))).statusCode).toBe(422);

    // Only staff holding claims.view see the queue.
    const attendant = await createStaff(db, "employee", { operatorId: harbourview, parkIds: [park] });
    expect((await call(attendant, "GET", "/admin/claims")).statusCode).toBe(403);
    const open = (await call(admin, "GET", "/admin/claims?status=open")).json<AdminClaimPage>();
    const queued = open.items.find((i) => i.id === c.id)!;
    expect(queued).toMatchObject({ overdue: false, parkwell_bears: false, refundable: b.paid });
    expect(queued.driver_first_name).not.toBe("");
    expect((await call(admin, "GET", "/admin/claims?overdue=true")).json<AdminClaimPage>().total).toBe(0);
    await db.execute(sql`UPDATE claims SET due_at = now() - interval '1 minute' WHERE id = ${c.id}`);
    const late = (await call(admin, "GET", "/admin/claims?overdue=true")).json<AdminClaimPage>();
    expect(late.items.map((i) => i.id)).toEqual([c.id]);

    const one = (await call(admin, "GET", `/admin/claims/${c.id}`)).json<AdminClaim>();
    expect((await call(admin, "GET", one.photo!.url)).statusCode).toBe(200);
    // The driver's link is the driver's only.
    expect((await call(admin, "GET", link)).statusCode).toBe(404);

    const tooMuch = await call(admin, "POST", `/admin/claims/${c.id}/decision`, {
      decision: "refund_part",
      amount: b.paid + 1,
    });
    expect(tooMuch.statusCode).toBe(422);
    const before = await walletBalanceMinor(db, driver.id, "NGN");
    const decided = await call(admin, "POST", `/admin/claims/${c.id}/decision`, {
      decision: "refund_part",
      amount: 100,
      reason: "Sorry for the wait at the barrier.",
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json<AdminClaim>()).toMatchObject({ status: "refunded", refundable: b.paid - 100 });
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(before + 100 * 100);
    const twice = await call(admin, "POST", `/admin/claims/${c.id}/decision`, { decision: "refund_full" });
    expect(twice.json().code).toBe("claim_decided");
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(before + 100 * 100);

    const seen = (await call(driver, "GET", `/claims/${c.id}`)).json<Claim>();
    expect(seen.decision).toMatchObject({ kind: "refund_part", refund: 100, by: "staff" });
    const audit = await queryRows(
      db,
      sql`SELECT 1 FROM audit_log WHERE entity = 'claim' AND entity_id = ${String(c.id)}`,
    );
    expect(audit).toHaveLength(1);
    // The invariants find a claim whose amount is not its refund's.
    const tampered = await violationsAfter((tx) =>
      tx.execute(sql`UPDATE claims SET refund_minor = refund_minor + 1 WHERE id = ${c.id}`),
    );
    expect(tampered).toContain(`claim ${c.code}: its refund is not one move of its amount`);
  });

  it("declines with the reason the driver reads; a wrong charge Parkwell bears leaves the operator its share", async () => {
    const declined = await bookingMovedTo(ctx.app, db, park, -30, 90);
    const c1 = (
      await claim(declined.driver, { booking_id: declined.b.id, reason: "not_as_described" })
    ).json<Claim>();
    const noReason = await call(admin, "POST", `/admin/claims/${c1.id}/decision`, { decision: "decline" });
    expect(noReason.statusCode).toBe(422);
    const refused = await call(admin, "POST", `/admin/claims/${c1.id}/decision`, {
      decision: "decline",
      reason: "The space was as shown on the park's page.",
    });
    expect(refused.json<AdminClaim>()).toMatchObject({ status: "declined", refundable: declined.b.paid });
    const seen = (await call(declined.driver, "GET", `/claims/${c1.id}`)).json<Claim>();
    expect(seen.decision).toMatchObject({
      kind: "decline",
      refund: null,
      reason: "The space was as shown on the park's page.",
    });
    const [mail] = await claimMails(await emailOf(declined.driver), c1.code);
    expect(mail?.subject).toBe(`Your claim ${c1.code} was declined`);
    expect(mail?.body).toContain("The space was as shown on the park's page.");

    // Charged wrongly, a day after the stay: Parkwell bears the refund, the operator keeps its share.
    const wrong = await bookingMovedTo(ctx.app, db, park, -60 * 26, -60 * 24);
    const c2 = (
      await claim(wrong.driver, { booking_id: wrong.b.id, reason: "charged_wrongly" })
    ).json<Claim>();
    expect(c2.status).toBe("open");
    // A wrong charge is not mended by a space elsewhere: 422, nothing changed.
    const rebook = await call(admin, "GET", `/admin/claims/${c2.id}/rebook-parks`);
    expect(rebook.statusCode).toBe(422);
    expect(rebook.json().message).toBe(
      "A wrong charge is not mended by a space at another park: refund it or decline it",
    );
    const operatorBefore = await operatorBalance();
    const full = await call(admin, "POST", `/admin/claims/${c2.id}/decision`, { decision: "refund_full" });
    expect(full.json<AdminClaim>()).toMatchObject({
      status: "refunded",
      parkwell_bears: true,
      refundable: 0,
    });
    expect(await operatorBalance()).toBe(operatorBefore);
    const [kept] = await queryRows<{ kept_ledger_key: string | null }>(
      db,
      sql`SELECT kept_ledger_key FROM claims WHERE id = ${c2.id}`,
    );
    expect(kept?.kept_ledger_key).toBe(`claim:${c2.id}:kept`);
    // The invariants find a kept share that is not what the refund took.
    const tampered = await violationsAfter((tx) =>
      tx.execute(
        sql`UPDATE operator_lines SET amount_minor = amount_minor + 1 WHERE ledger_key = ${`claim:${c2.id}:kept`}`,
      ),
    );
    expect(tampered).toContain(`claim ${c2.code}: the operator's kept share is not what its refund took`);
    // ...and a refund Parkwell bears whose share was not kept.
    const unkept = await violationsAfter((tx) =>
      tx.execute(sql`UPDATE claims SET kept_ledger_key = NULL WHERE id = ${c2.id}`),
    );
    expect(unkept).toContain(
      `claim ${c2.code}: the operator's share is not kept by whoever bears the refund`,
    );
  });

  it("claims a monthly pass's term once, refunded in part against that term's receipt", async () => {
    const plans = await passPlans(ctx);
    const plan = await plans.planAt();
    const driver = await fundedUser(db);
    const bought = await call(driver, "POST", "/passes", passRequest(plan.id));
    expect(bought.statusCode, bought.body).toBe(201);
    const pass = bought.json<{ id: string; pass_code: string }>();
    const res = await claim(driver, { pass_id: pass.pass_code, reason: "charged_wrongly" });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json<Claim>();
    expect(c.pass).toMatchObject({ code: pass.pass_code, term: 1 });
    expect((await claim(driver, { pass_id: pass.id, reason: "park_full" })).statusCode).toBe(409);
    // A pass's term is not moved to another park.
    const rebook = await call(admin, "POST", `/admin/claims/${c.id}/decision`, {
      decision: "rebook",
      park_id: 1,
    });
    expect(rebook.statusCode).toBe(422);
    expect(rebook.json().message).toBe("A pass's claim cannot be rebooked: refund it or decline it");
    const decided = await call(admin, "POST", `/admin/claims/${c.id}/decision`, {
      decision: "refund_part",
      amount: 5000,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const [note] = await queryRows<{ total_minor: string | number }>(
      db,
      sql`SELECT total_minor FROM receipts WHERE ledger_key = ${`pass:${pass.id}:claim:${c.id}`} AND kind = 'credit_note'`,
    );
    expect(Number(note?.total_minor)).toBe(-5000 * 100);
  });
});

describe("claims: rebooked at another park (the space guarantee)", () => {
  const decide = (user: TestUser, id: number, body: object, key?: string) =>
    call(user, "POST", `/admin/claims/${id}/decision`, body, key ? { "idempotency-key": key } : {});

  it("moves what is left of a started booking to a park nearby, the claimed park's operator paying the difference, once: a replay answers the same, another operator's staff get 404", async () => {
    // Begun half an hour ago, nobody inside: the full park is not proven, the claim waits for staff.
    const { driver, b } = await bookingMovedTo(ctx.app, db, park, -30, 90);
    const c = (await claim(driver, { booking_id: b.id, reason: "park_full" })).json<Claim>();
    expect(c.status).toBe("open");

    const listed = await call(admin, "GET", `/admin/claims/${c.id}/rebook-parks`);
    expect(listed.statusCode, listed.body).toBe(200);
    const first = listed.json<ClaimRebookParks>();
    // What is left of the window: from now, rounded up to the minute, to the booking's end.
    expect(Date.parse(first.start_time) % 60_000).toBe(0);
    expect(Date.parse(first.start_time)).toBeGreaterThan(Date.parse(b.start_time));
    expect(first.end_time).toBe(new Date(b.end_time).toISOString());
    expect(first.payer).toBe("operator");
    expect(first.alternatives.length).toBeGreaterThan(0);
    expect(first.alternatives.map((a) => a.park_id)).not.toContain(park);
    const distances = first.alternatives.map((a) => a.distance_km);
    expect(distances).toEqual([...distances].sort((x, y) => x - y));
    // The nearest park made dearer than what was paid: the guarantee pays a difference.
    const target = first.alternatives[0]!;
    await db.execute(
      sql`UPDATE park_rates SET hourly_minor = hourly_minor * 20, daily_max_minor = daily_max_minor * 20
          WHERE park_id = ${target.park_id} AND kind = 'standard'`,
    );
    const dear = (await call(admin, "GET", `/admin/claims/${c.id}/rebook-parks`))
      .json<ClaimRebookParks>()
      .alternatives.find((a) => a.park_id === target.park_id)!;
    expect(dear.covered).toBeGreaterThan(0);

    // Staff of another operator do not see the claim.
    await db.execute(sql`INSERT INTO role_permissions (role, permission)
      VALUES ('branch_manager', 'claims.view'), ('branch_manager', 'claims.update') ON CONFLICT DO NOTHING`);
    try {
      const [other] = await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM operators WHERE id <> ${harbourview} ORDER BY id LIMIT 1`,
      );
      const stranger = await createStaff(db, "branch_manager", { operatorId: Number(other!.id) });
      expect((await call(stranger, "GET", `/admin/claims/${c.id}/rebook-parks`)).statusCode).toBe(404);
      const foreign = await decide(stranger, c.id, { decision: "rebook", park_id: target.park_id });
      expect(foreign.statusCode).toBe(404);
    } finally {
      await db.execute(sql`DELETE FROM role_permissions
        WHERE role = 'branch_manager' AND permission IN ('claims.view', 'claims.update')`);
    }
    expect((await decide(admin, c.id, { decision: "rebook" })).statusCode).toBe(422);

    const wallet = await walletBalanceMinor(db, driver.id, "NGN");
    const operatorBefore = await operatorBalance();
    const body = { decision: "rebook", park_id: target.park_id, reason: "Sorry: the park was full." };
    const res = await decide(admin, c.id, body, "rebook-1");
    expect(res.statusCode, res.body).toBe(200);
    const decided = res.json<AdminClaim>();
    expect(decided).toMatchObject({
      status: "rebooked",
      decision: {
        kind: "rebook",
        refund: null,
        by: "staff",
        reason: "Sorry: the park was full.",
        rebooked: { park: { id: target.park_id, name: target.name } },
      },
    });
    const moved = decided.decision!.rebooked!;
    const [nb] = await queryRows<{ user_id: string; start_time: Date | string; end_time: Date | string }>(
      db,
      sql`SELECT user_id, start_time, end_time FROM bookings WHERE id = ${moved.booking_id} AND status = 'active'`,
    );
    expect(nb?.user_id).toBe(driver.id);
    // From the minute after the decision (the list was read a moment before it).
    const startsIn = new Date(nb!.start_time).getTime() - Date.parse(first.start_time);
    expect(startsIn).toBeGreaterThanOrEqual(0);
    expect(startsIn).toBeLessThanOrEqual(60_000);
    expect(new Date(nb!.end_time).toISOString()).toBe(first.end_time);
    // The driver pays nothing more; the claimed park's operator pays the difference on one line.
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(wallet);
    const [line] = await queryRows<{ operator_id: number; kind: string; amount_minor: string | number }>(
      db,
      sql`SELECT operator_id, kind, amount_minor FROM operator_lines WHERE ledger_key = ${`guarantee:${b.id}:operator`}`,
    );
    const [credit] = await queryRows<{ amount: string | number }>(
      db,
      sql`SELECT sum(e.amount_minor) AS amount FROM ledger_transactions t
          JOIN ledger_entries e ON e.transaction_id = t.id
          JOIN wallet_accounts a ON a.id = e.account_id AND a.kind = 'user_wallet'
          WHERE t.idempotency_key = ${`guarantee:${b.id}`}`,
    );
    expect(Number(credit?.amount)).toBeGreaterThan(0);
    expect(line).toMatchObject({ operator_id: harbourview, kind: "guarantee" });
    expect(Number(line!.amount_minor)).toBe(-Number(credit!.amount));
    expect(await operatorBalance()).toBeLessThan(operatorBefore);

    // Pressed again with the same key: the same answer, nothing more moved; another key: decided.
    const replay = await decide(admin, c.id, body, "rebook-1");
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json<AdminClaim>().decision!.rebooked!.booking_id).toBe(moved.booking_id);
    const again = await decide(admin, c.id, body, "rebook-2");
    expect(again.json().code).toBe("claim_decided");
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(wallet);

    // The driver reads where they were moved, and is told by e-mail with the new booking.
    const seen = (await call(driver, "GET", `/claims/${c.id}`)).json<Claim>();
    expect(seen).toMatchObject({ status: "rebooked", decision: { kind: "rebook", rebooked: moved } });
    const [mail] = await claimMails(await emailOf(driver), c.code);
    expect(mail?.subject).toBe(`Your claim ${c.code}: a space at ${target.name}`);
    expect(mail?.body).toContain(moved.booking_code);
    // The invariants find a rebooking whose operator did not pay its difference.
    const unpaid = await violationsAfter((tx) =>
      tx.execute(sql`DELETE FROM operator_lines WHERE ledger_key = ${`guarantee:${b.id}:operator`}`),
    );
    expect(unpaid).toContain(
      `claim ${c.code}: its rebooking is not a move to another park paid by its operator`,
    );
  });

  it("refuses a window that is over (refund instead) and a car already in, nothing changed", async () => {
    const ended = await bookingMovedTo(ctx.app, db, park, -180, -60);
    const c1 = (
      await claim(ended.driver, { booking_id: ended.b.id, reason: "not_as_described" })
    ).json<Claim>();
    const over = await decide(admin, c1.id, { decision: "rebook", park_id: 1 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: "claim_window_over",
      message: "This booking's window is over: there is nothing left to rebook, refund the claim instead",
    });
    const inside = await bookingMovedTo(ctx.app, db, park, -30, 90);
    await db.execute(sql`UPDATE bookings SET checked_in_at = now() WHERE id = ${inside.b.id}`);
    const c2 = (
      await claim(inside.driver, { booking_id: inside.b.id, reason: "not_as_described" })
    ).json<Claim>();
    const parked = await decide(admin, c2.id, { decision: "rebook", park_id: 1 }, "in-1");
    expect(parked.statusCode).toBe(409);
    expect(parked.json().code).toBe("booking_not_rebookable");
    const rows = await queryRows<{ status: string }>(
      db,
      sql`SELECT status FROM claims WHERE id IN (${c1.id}, ${c2.id})`,
    );
    expect(rows.map((r) => r.status)).toEqual(["open", "open"]);
  });

  it("rebooks a full park at once at the nearest park free when the driver asked for a space nearby", async () => {
    // The park's one space (the pass's plans gave it more).
    await setCapacity(db, park, 1, 1);
    const { b: overstaying } = await bookingMovedTo(ctx.app, db, park, -180, -60);
    await db.execute(
      sql`UPDATE bookings SET checked_in_at = now() - interval '170 minutes' WHERE id = ${overstaying.id}`,
    );
    const { driver, b } = await bookingMovedTo(ctx.app, db, park, 5, 120);
    const wallet = await walletBalanceMinor(db, driver.id, "NGN");
    const res = await claim(driver, { booking_id: b.id, reason: "park_full", remedy: "rebook" }, "near-1");
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json<Claim>();
    expect(c).toMatchObject({ status: "rebooked", decision: { kind: "rebook", by: "rule" } });
    expect(c.decision!.rebooked!.park.id).not.toBe(park);
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBeGreaterThanOrEqual(wallet);
    const replay = await claim(driver, { booking_id: b.id, reason: "park_full", remedy: "rebook" }, "near-1");
    expect(replay.json<Claim>()).toMatchObject({ id: c.id, status: "rebooked" });
    await db.execute(sql`UPDATE bookings SET checked_out_at = now() WHERE id = ${overstaying.id}`);
  });
});
