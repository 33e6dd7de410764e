// Reviews in the back office (decision 033): the operator replies once to its own parks' reviews;
// Parkwell hides one with its reason; drivers' reports are counted once per driver and throttled.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { operatorId } from "../../test/factories";
import { reviewsKit } from "./reviews.test-kit";

const now = new Date("2026-12-10T12:00:00Z");
const clock = () => now;
const kit = reviewsKit(clock);
const { driver, createStaff, call, ended } = kit;
let db: Db;
let lagos: number[];
let citypark: number[];
beforeAll(() => {
  ({ db, lagos, citypark } = kit.suite);
});

describe("the back office", () => {
  it("lists reviews of the staff's parks only; the operator replies once; only Parkwell hides", async () => {
    const harbourview = await operatorId(db, "Harbourview Parking Ltd");
    const manager = await createStaff("branch_manager", { operatorId: harbourview });
    const attendant = await createStaff("employee", { operatorId: harbourview, parkIds: [lagos[6]!] });
    const admin = await createStaff("admin");
    const ada = await driver();
    const ours = (
      await call("POST", "/reviews", ada, { booking_id: await ended(ada, lagos[6]!), stars: 2 })
    ).json();
    const theirs = (
      await call("POST", "/reviews", ada, { booking_id: await ended(ada, citypark[0]!), stars: 4 })
    ).json();

    const listed = (await call("GET", "/admin/reviews?size=100", manager)).json();
    const ids = listed.items.map((r: { id: number }) => r.id);
    expect(ids).toContain(ours.id);
    expect(ids).not.toContain(theirs.id);
    expect(listed.items.every((r: { park_id: number }) => lagos.includes(r.park_id) || r.park_id > 0)).toBe(
      true,
    );
    const attendantIds = (await call("GET", "/admin/reviews?size=100", attendant))
      .json()
      .items.map((r: { park_id: number }) => r.park_id);
    expect(new Set(attendantIds)).toEqual(new Set([lagos[6]!]));
    expect(
      (await call("GET", "/admin/reviews?size=100", admin)).json().items.map((r: { id: number }) => r.id),
    ).toEqual(expect.arrayContaining([ours.id, theirs.id]));

    // The attendant may see but not reply (reviews.update); another operator's review is no review.
    expect(
      (await call("POST", `/admin/reviews/${ours.id}/reply`, attendant, { text: "Thanks" })).statusCode,
    ).toBe(403);
    expect(
      (await call("POST", `/admin/reviews/${theirs.id}/reply`, manager, { text: "Thanks" })).statusCode,
    ).toBe(404);
    expect((await call("POST", `/admin/reviews/${ours.id}/reply`, manager, { text: "  " })).statusCode).toBe(
      422,
    );
    const replied = await call("POST", `/admin/reviews/${ours.id}/reply`, manager, {
      text: "Sorry: the lift is fixed",
    });
    expect(replied.statusCode).toBe(200);
    expect(replied.json().reply).toMatchObject({ text: "Sorry: the lift is fixed" });
    const twice = await call("POST", `/admin/reviews/${ours.id}/reply`, manager, { text: "Again" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe("already_replied");
    const shown = (await call("GET", `/front/parks/${lagos[6]}/reviews`))
      .json()
      .items.find((r: { id: number }) => r.id === ours.id);
    expect(shown.reply.text).toBe("Sorry: the lift is fixed");

    // Hiding: Parkwell's staff, with a reason, once; an operator's manager cannot even if granted it.
    expect(
      (await call("POST", `/admin/reviews/${ours.id}/hide`, manager, { reason: "Spam" })).statusCode,
    ).toBe(403);
    await db.execute(
      sql`INSERT INTO role_permissions (role, permission) VALUES ('branch_manager', 'review_moderation.update')`,
    );
    try {
      const refused = await call("POST", `/admin/reviews/${ours.id}/hide`, manager, { reason: "Spam" });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Only Parkwell's staff can hide reviews");
    } finally {
      await db.execute(
        sql`DELETE FROM role_permissions WHERE role = 'branch_manager' AND permission = 'review_moderation.update'`,
      );
    }
    expect((await call("POST", `/admin/reviews/${ours.id}/hide`, admin, { reason: "" })).statusCode).toBe(
      422,
    );
    const hidden = await call("POST", `/admin/reviews/${ours.id}/hide`, admin, {
      reason: "Names a staff member",
    });
    expect(hidden.json()).toMatchObject({ hidden: true, hidden_reason: "Names a staff member" });
    expect(
      (await call("POST", `/admin/reviews/${ours.id}/hide`, admin, { reason: "Again" })).statusCode,
    ).toBe(409);
    expect(
      (await call("GET", `/front/parks/${lagos[6]}/reviews`)).json().items.map((r: { id: number }) => r.id),
    ).not.toContain(ours.id);
    const own = (await call("GET", `/bookings/${ours.booking_id}/review`, ada)).json();
    expect(own).toMatchObject({ hidden: true, hidden_reason: "Names a staff member" });
    const hiddenList = (await call("GET", `/admin/reviews?status=hidden&size=100`, manager)).json();
    expect(hiddenList.items.map((r: { id: number }) => r.id)).toContain(ours.id);
    const audit = (await db.execute(
      sql`SELECT action FROM audit_log WHERE entity = 'review' AND entity_id = ${String(ours.id)} ORDER BY action`,
    )) as unknown as { rows: { action: string }[] };
    expect(audit.rows.map((r) => r.action)).toEqual(["review.hide", "review.reply"]);
  });
});

describe("reports", () => {
  it("count once per driver and stop at 10 an hour per driver", async () => {
    const ada = await driver();
    const made = (
      await call("POST", "/reviews", ada, { booking_id: await ended(ada, lagos[7]!), stars: 1 })
    ).json();
    const reader = await driver();
    expect((await call("POST", `/reviews/${made.id}/reports`, reader, { reason: "Rude" })).statusCode).toBe(
      201,
    );
    expect((await call("POST", `/reviews/${made.id}/reports`, reader, {})).statusCode).toBe(201);
    const admin = await createStaff("admin");
    const reported = (await call("GET", "/admin/reviews?status=reported&size=100", admin)).json();
    expect(reported.items.find((r: { id: number }) => r.id === made.id).reports).toBe(1);
    for (let i = 0; i < 8; i += 1) {
      expect((await call("POST", `/reviews/${made.id}/reports`, reader, {})).statusCode).toBe(201);
    }
    const limited = await call("POST", `/reviews/${made.id}/reports`, reader, {}, "fr");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe("Vous avez signalé de nombreux avis. Veuillez réessayer plus tard.");
    // Another driver is not limited by this one's reports.
    const another = await driver();
    expect((await call("POST", `/reviews/${made.id}/reports`, another, {})).statusCode).toBe(201);
    expect((await call("POST", `/reviews/999999/reports`, another, {})).statusCode).toBe(404);
  });

  it("refuses a driver's report of their own review, and changes nothing", async () => {
    const author = await driver();
    const made = (
      await call("POST", "/reviews", author, { booking_id: await ended(author, lagos[7]!), stars: 2 })
    ).json();
    const reports = async () =>
      (
        (await db.execute(
          sql`SELECT (SELECT reports FROM reviews WHERE id = ${made.id}) AS kept,
            (SELECT count(*)::int FROM review_reports WHERE review_id = ${made.id}) AS rows`,
        )) as unknown as { rows: { kept: number; rows: number }[] }
      ).rows[0];

    const own = await call("POST", `/reviews/${made.id}/reports`, author, { reason: "Unfair" });
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json()).toEqual({ code: "own_review", message: "You cannot report your own review" });
    const fr = await call("POST", `/reviews/${made.id}/reports`, author, {}, "fr");
    expect(fr.statusCode).toBe(403);
    expect(fr.json()).toEqual({
      code: "own_review",
      message: "Vous ne pouvez pas signaler votre propre avis",
    });
    expect(await reports()).toEqual({ kept: 0, rows: 0 });

    // Another driver's report of it still counts.
    expect((await call("POST", `/reviews/${made.id}/reports`, await driver(), {})).statusCode).toBe(201);
    expect(await reports()).toEqual({ kept: 1, rows: 1 });
  });
});
