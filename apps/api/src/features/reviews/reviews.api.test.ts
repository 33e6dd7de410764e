// Reviews of parks (issue #47, decision 033): one per booking, only after the stay; edited within
// 7 days, deleted any time; the park's kept rating follows every change exactly; the park's page,
// its rating and search show them; the operator replies once to its own parks' reviews; Parkwell
// hides one with its reason; reports are counted once per driver and throttled; the request e-mail
// goes once per stay, in the driver's language, never to a driver who turned e-mails off.
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import type { UserRole } from "@parkwell/contract";
import { startSession } from "../sessions/sessions.service";
import { bearer, createUser, operatorId, parksOf, seededUser, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { readMailbox } from "../../test/mailbox";
import { DEMO_ACCOUNTS } from "../../db/seed/accounts";
import { resetDemoData } from "../demo/demo.service";
import { keptAndCounted, stay } from "./reviews.test-kit";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let now = new Date("2026-12-10T12:00:00Z");
const clock = () => now;
let ctx: TestContext;
let db: Db;
let dataDir: string;
let lagos: number[];
let citypark: number[];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parkwell-reviews-"));
  ctx = await createTestContext({ DATA_DIR: dataDir }, { clock });
  db = ctx.database.db;
  lagos = await parksOf(db, await operatorId(db, "Harbourview Parking Ltd"), "Lagos");
  citypark = await parksOf(db, await operatorId(db, "Citypark Nigeria"));
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});

const driver = (overrides: Parameters<typeof createUser>[1] = {}) => createUser(db, overrides, clock);

/** A back-office user signed in on the test's clock. */
async function createStaff(role: UserRole, o: { operatorId?: number; parkIds?: number[] } = {}) {
  const user = await createUser(db, { role, operatorId: o.operatorId ?? null }, clock);
  for (const parkId of o.parkIds ?? []) {
    await db.execute(sql`INSERT INTO staff_parks (user_id, park_id) VALUES (${user.id}, ${parkId})`);
  }
  return user;
}

/** The same user signed in again now (a session ends after days without use). */
const signIn = async (user: TestUser): Promise<TestUser> => ({
  ...user,
  token: (await startSession(db, clock, user.id)).token,
});

function call(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  user?: TestUser,
  payload?: object,
  lang = "en",
) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(user ? bearer(user) : {}), "accept-language": lang },
    ...(payload ? { payload } : {}),
  });
}

/** A stay that ended an hour ago. */
const ended = (user: TestUser, parkId: number) =>
  stay(db, user.id, parkId, new Date(now.getTime() - 5 * HOUR), new Date(now.getTime() - HOUR));

describe("writing a review", () => {
  it("is only for the driver's own stay, once it is over, and once per booking", async () => {
    const park = lagos[0]!;
    const ada = await driver();
    const other = await driver();
    const future = await stay(
      db,
      ada.id,
      park,
      new Date(now.getTime() - HOUR),
      new Date(now.getTime() + 3 * HOUR),
      {
        status: "active",
      },
    );
    const early = await call("POST", "/reviews", ada, { booking_id: future, stars: 4 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: "stay_not_over" });
    const fr = await call("POST", "/reviews", ada, { booking_id: future, stars: 4 }, "fr");
    expect(fr.json().message).toBe(
      "Vous pourrez donner votre avis sur ce parking une fois votre stationnement terminé",
    );

    // Checked out before the window's end: the stay is over.
    const left = await stay(
      db,
      ada.id,
      park,
      new Date(now.getTime() - 2 * HOUR),
      new Date(now.getTime() + 3 * HOUR),
      {
        status: "active",
        checkedOutAt: new Date(now.getTime() - 30 * 60_000),
      },
    );
    const afterExit = await call("POST", "/reviews", ada, { booking_id: left, stars: 5, text: "Easy" });
    expect(afterExit.statusCode).toBe(201);

    const cancelled = await stay(
      db,
      ada.id,
      park,
      new Date(now.getTime() - 5 * HOUR),
      new Date(now.getTime() - HOUR),
      {
        status: "cancelled",
      },
    );
    expect((await call("POST", "/reviews", ada, { booking_id: cancelled, stars: 3 })).json()).toMatchObject({
      code: "booking_cancelled",
    });

    const done = await ended(ada, park);
    // Not reviewed yet: null for the driver (a normal answer), 404 for anyone else or no booking.
    const none = await call("GET", `/bookings/${done}/review`, ada);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    expect((await call("GET", `/bookings/${done}/review`, other)).statusCode).toBe(404);
    expect((await call("GET", `/bookings/${randomUUID()}/review`, ada)).statusCode).toBe(404);
    expect((await call("POST", "/reviews", other, { booking_id: done, stars: 1 })).statusCode).toBe(404);
    expect((await call("POST", "/reviews", undefined, { booking_id: done, stars: 1 })).statusCode).toBe(401);
    const first = await call("POST", "/reviews", ada, { booking_id: done, stars: 3, ease: 4, safety: null });
    expect(first.statusCode).toBe(201);
    const again = await call("POST", "/reviews", ada, { booking_id: done, stars: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "already_reviewed" });
    expect((await call("GET", `/bookings/${done}/review`, ada)).json()).toMatchObject({
      stars: 3,
      ease: 4,
    });
    expect((await call("GET", `/bookings/${done}/review`, other)).statusCode).toBe(404);
  });

  it("refuses stars outside 1-5, a text over 2,000 characters and a booking id that is not one", async () => {
    const ada = await driver();
    const done = await ended(ada, lagos[0]!);
    for (const body of [
      { booking_id: done, stars: 0 },
      { booking_id: done, stars: 6 },
      { booking_id: done, stars: 4.5 },
      { booking_id: done, stars: 4, value: 9 },
      { booking_id: done, stars: 4, text: "x".repeat(2001) },
      { booking_id: "not-a-booking", stars: 4 },
    ]) {
      expect((await call("POST", "/reviews", ada, body)).statusCode, JSON.stringify(body).slice(0, 60)).toBe(
        422,
      );
    }
    const fr = await call("POST", "/reviews", ada, { booking_id: done, stars: 9 }, "fr");
    expect(fr.json().message).toBe("Le champ « stars » doit être un nombre entier d'étoiles de 1 à 5");
    expect(
      (await call("POST", "/reviews", ada, { booking_id: done, stars: 4, text: "x".repeat(2000) }))
        .statusCode,
    ).toBe(201);
  });

  it("keeps the text as plain text, shows the first name, the stay's month and the verified mark", async () => {
    const park = lagos[1]!;
    const ada = await driver({ firstName: "Chiamaka", lastName: "Eze", language: "fr" });
    const done = await stay(
      db,
      ada.id,
      park,
      new Date("2026-11-30T23:30:00Z"),
      new Date("2026-12-01T02:00:00Z"),
    );
    const text = "<b>Super</b> parking\r\nvoir https://example.com\u0007";
    const made = await call("POST", "/reviews", ada, { booking_id: done, stars: 5, text });
    expect(made.statusCode).toBe(201);
    const page = (await call("GET", `/front/parks/${park}/reviews`)).json();
    const shown = page.items.find((r: { id: number }) => r.id === made.json().id);
    // Lagos is UTC+1: 23:30 UTC on 30 November is already 1 December there.
    expect(shown).toMatchObject({
      text: "<b>Super</b> parking\nvoir https://example.com",
      first_name: "Chiamaka",
      stay_month: "2026-12",
      verified_stay: true,
      language: "fr",
      reply: null,
    });
    expect(JSON.stringify(shown)).not.toContain("Eze");
  });
});

describe("a park's rating", () => {
  it("follows every review, edit, hide and delete exactly, and search shows, sorts and filters by it", async () => {
    const [park, other] = [lagos[2]!, lagos[3]!];
    const admin = await createStaff("admin");
    const written: { user: TestUser; id: number }[] = [];
    for (const stars of [5, 4, 4, 2]) {
      const user = await driver();
      const made = await call("POST", "/reviews", user, { booking_id: await ended(user, park), stars });
      written.push({ user, id: made.json().id });
      now = new Date(now.getTime() + 60_000);
    }
    expect((await call("GET", `/front/parks/${park}/rating`)).json()).toEqual({
      park_id: park,
      average: 3.75,
      count: 4,
      distribution: { "1": 0, "2": 1, "3": 0, "4": 2, "5": 1 },
    });
    // Edit the 2 into a 1; hide a 4; delete the 5: 4 + 1 over 2.
    expect((await call("PUT", `/reviews/${written[3]!.id}`, written[3]!.user, { stars: 1 })).statusCode).toBe(
      200,
    );
    expect(
      (await call("POST", `/admin/reviews/${written[1]!.id}/hide`, admin, { reason: "Insults staff" }))
        .statusCode,
    ).toBe(200);
    expect((await call("DELETE", `/reviews/${written[0]!.id}`, written[0]!.user)).statusCode).toBe(204);
    expect((await call("GET", `/front/parks/${park}/rating`)).json()).toMatchObject({
      average: 2.5,
      count: 2,
      distribution: { "1": 1, "2": 0, "3": 0, "4": 1, "5": 0 },
    });
    expect(await keptAndCounted(db, park)).toEqual({
      kept: { count: 2, total: 5, average: 2.5 },
      counted: { count: 2, total: 5 },
    });

    // The other park: one 5-star review. Search answers the average and count, sorts and filters.
    const eve = await driver();
    await call("POST", "/reviews", eve, { booking_id: await ended(eve, other), stars: 5 });
    const sorted = await call("GET", `/parks/front/parks?country=NG&sort=rating&size=3`);
    expect(sorted.statusCode).toBe(200);
    const top = sorted.json().items as { id: number; rating: { average: number | null; count: number } }[];
    const averages = top.map((p) => p.rating.average ?? 0);
    expect([...averages].sort((a, b) => b - a)).toEqual(averages);
    expect(top[0]!.rating.average).toBe(5);
    const atLeast3 = (await call("GET", `/parks/front/parks?country=NG&min_rating=3&size=100`)).json();
    const ids = atLeast3.items.map((p: { id: number }) => p.id);
    expect(ids).toContain(other);
    expect(ids).not.toContain(park);
    expect(atLeast3.items.every((p: { rating: { average: number } }) => p.rating.average >= 3)).toBe(true);
    expect(atLeast3.total).toBe(atLeast3.items.length);
    const byName = (
      await call(
        "GET",
        `/parks/front/parks?country=NG&search=${encodeURIComponent("lagos")}&min_rating=2&sort=rating`,
      )
    ).json();
    expect(byName.items.every((p: { rating: { average: number } }) => p.rating.average >= 2)).toBe(true);
    expect((await call("GET", `/parks/front/parks?country=NG&min_rating=6`)).statusCode).toBe(422);
    const detail = (await call("GET", `/front/parks/${other}`)).json();
    expect(detail.rating).toEqual({ average: 5, count: 1 });
  });

  it("lists a park's visible reviews newest, highest or lowest first, paged", async () => {
    const park = lagos[4]!;
    for (const stars of [3, 5, 1]) {
      const user = await driver();
      await call("POST", "/reviews", user, { booking_id: await ended(user, park), stars });
      now = new Date(now.getTime() + 60_000);
    }
    const stars = async (sort: string, page = 1, size = 10) =>
      (await call("GET", `/front/parks/${park}/reviews?sort=${sort}&page=${page}&size=${size}`))
        .json()
        .items.map((r: { stars: number }) => r.stars);
    expect(await stars("newest")).toEqual([1, 5, 3]);
    expect(await stars("highest")).toEqual([5, 3, 1]);
    expect(await stars("lowest")).toEqual([1, 3, 5]);
    expect(await stars("highest", 2, 2)).toEqual([1]);
    const page = (await call("GET", `/front/parks/${park}/reviews?size=2`)).json();
    expect(page).toMatchObject({ total: 3, page: 1, size: 2, pages: 2 });
    expect((await call("GET", `/front/parks/${park}/reviews?sort=best`)).statusCode).toBe(422);
    expect((await call("GET", `/front/parks/999999/reviews`)).statusCode).toBe(404);
  });
});

/** A park's rating as its page, its rating, its reviews' list and search each show it. */
async function ratingEverywhere(parkId: number) {
  const detail = (await call("GET", `/front/parks/${parkId}`)).json();
  const summary = (await call("GET", `/front/parks/${parkId}/rating`)).json();
  const listed = (await call("GET", `/front/parks/${parkId}/reviews?size=100`)).json();
  const found = (
    await call("GET", `/parks/front/parks?country=NG&search=${encodeURIComponent(detail.name)}&size=100`)
  )
    .json()
    .items.find((p: { id: number }) => p.id === parkId);
  const stars: number[] = listed.items.map((r: { stars: number }) => r.stars);
  const sum = stars.reduce((a, b) => a + b, 0);
  return {
    page: detail.rating,
    rating: { average: summary.average, count: summary.count },
    search: found?.rating,
    reviews: {
      average: stars.length === 0 ? null : Math.round((sum / stars.length) * 100) / 100,
      count: listed.total,
    },
  };
}

const everywhere = (rating: { average: number | null; count: number }) => ({
  page: rating,
  rating,
  search: rating,
  reviews: rating,
});

describe("a park's rating is its visible reviews' on its page, its reviews and search", () => {
  it("after the demo reset deletes the demo driver's review", async () => {
    const park = citypark[1]!;
    const demoDriver = await seededUser(db, DEMO_ACCOUNTS[0]!.email, clock);
    const other = await driver();
    for (const [user, stars] of [
      [demoDriver, 5],
      [other, 3],
    ] as const) {
      const made = await call("POST", "/reviews", user, { booking_id: await ended(user, park), stars });
      expect(made.statusCode, made.body).toBe(201);
    }
    expect(await ratingEverywhere(park)).toEqual(everywhere({ average: 4, count: 2 }));

    await resetDemoData(db, clock);

    expect(await ratingEverywhere(park)).toEqual(everywhere({ average: 3, count: 1 }));
    expect(await keptAndCounted(db, park)).toEqual({
      kept: { count: 1, total: 3, average: 3 },
      counted: { count: 1, total: 3 },
    });
  });

  it("after a driver deletes their review", async () => {
    const park = citypark[2]!;
    const [ada, bo] = [await driver(), await driver()];
    const mine = (
      await call("POST", "/reviews", ada, { booking_id: await ended(ada, park), stars: 2 })
    ).json();
    await call("POST", "/reviews", bo, { booking_id: await ended(bo, park), stars: 5 });
    expect(await ratingEverywhere(park)).toEqual(everywhere({ average: 3.5, count: 2 }));
    expect((await call("DELETE", `/reviews/${mine.id}`, ada)).statusCode).toBe(204);
    expect(await ratingEverywhere(park)).toEqual(everywhere({ average: 5, count: 1 }));
    expect((await call("DELETE", `/reviews/${mine.id}`, ada)).statusCode).toBe(404);
    expect(await ratingEverywhere(park)).toEqual(everywhere({ average: 5, count: 1 }));
  });

  it("after Parkwell hides a review", async () => {
    const park = citypark[3]!;
    const admin = await createStaff("admin");
    const [ada, bo] = [await driver(), await driver()];
    const rude = (
      await call("POST", "/reviews", ada, { booking_id: await ended(ada, park), stars: 1 })
    ).json();
    await call("POST", "/reviews", bo, { booking_id: await ended(bo, park), stars: 4 });
    expect(await ratingEverywhere(park)).toEqual(everywhere({ average: 2.5, count: 2 }));
    const hidden = await call("POST", `/admin/reviews/${rude.id}/hide`, admin, { reason: "Insults staff" });
    expect(hidden.statusCode).toBe(200);
    expect(await ratingEverywhere(park)).toEqual(everywhere({ average: 4, count: 1 }));
    // The hidden review's author deletes it: it had already left the rating.
    expect((await call("DELETE", `/reviews/${rude.id}`, ada)).statusCode).toBe(204);
    expect(await ratingEverywhere(park)).toEqual(everywhere({ average: 4, count: 1 }));
  });
});

describe("changing a review", () => {
  it("edits within 7 days only; deletes any time; never another driver's", async () => {
    let ada = await driver();
    const other = await driver();
    const made = (
      await call("POST", "/reviews", ada, { booking_id: await ended(ada, lagos[5]!), stars: 2 })
    ).json();
    expect(made).toMatchObject({ editable: true, hidden: false });
    expect((await call("PUT", `/reviews/${made.id}`, other, { stars: 5 })).statusCode).toBe(404);
    expect((await call("DELETE", `/reviews/${made.id}`, other)).statusCode).toBe(404);
    now = new Date(now.getTime() + 7 * DAY - 60_000);
    ada = await signIn(ada);
    const edited = await call("PUT", `/reviews/${made.id}`, ada, { stars: 4, text: "Better than I said" });
    expect(edited.json()).toMatchObject({ stars: 4, text: "Better than I said", editable: true });
    expect(edited.json().edited_at).toBe(now.toISOString());
    now = new Date(now.getTime() + 60_000);
    const late = await call("PUT", `/reviews/${made.id}`, ada, { stars: 1 }, "fr");
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      "Un avis ne peut être modifié que dans les 7 jours qui suivent sa rédaction",
    );
    expect((await call("DELETE", `/reviews/${made.id}`, ada)).statusCode).toBe(204);
    expect((await call("DELETE", `/reviews/${made.id}`, ada)).statusCode).toBe(404);
    // Deleted: the booking has no review again.
    expect((await call("GET", `/bookings/${made.booking_id}/review`, ada)).json()).toBeNull();
    expect(await keptAndCounted(db, lagos[5]!)).toMatchObject({
      kept: { count: 0, total: 0, average: null },
    });
  });
});

describe("an edit keeps what it does not send", () => {
  it("keeps the sub-ratings and the text it leaves out; null clears a sub-rating", async () => {
    const ada = await driver();
    const made = (
      await call("POST", "/reviews", ada, {
        booking_id: await ended(ada, lagos[6]!),
        stars: 3,
        ease: 4,
        safety: 5,
        value: 2,
        text: "Easy to find",
      })
    ).json();
    const edited = await call("PUT", `/reviews/${made.id}`, ada, { stars: 4, value: null });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ stars: 4, ease: 4, safety: 5, value: null, text: "Easy to find" });
  });
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

describe("the e-mail asking for a review", () => {
  it("goes once per ended stay, in the driver's language, never to a driver who turned e-mails off", async () => {
    const park = lagos[8] ?? lagos[0]!;
    const en = await driver();
    const fr = await driver({ language: "fr" });
    const quiet = await driver({ bookingReminders: false });
    const reviewed = await driver();
    const enStay = await ended(en, park);
    await ended(fr, park);
    await ended(quiet, park);
    const before = await call("POST", "/reviews", reviewed, {
      booking_id: await ended(reviewed, park),
      stars: 4,
    });
    expect(before.statusCode).toBe(201);
    // Still running: not asked yet.
    const running = await driver();
    await stay(db, running.id, park, new Date(now.getTime() - HOUR), new Date(now.getTime() + HOUR), {
      status: "active",
    });
    // Ended two days ago (before this feature, say): never asked.
    const old = await driver();
    await stay(db, old.id, park, new Date(now.getTime() - 3 * DAY), new Date(now.getTime() - 2 * DAY));

    const ask = async () => {
      await ctx.app.jobs.send(db, "reviews-request", {});
      await ctx.app.jobs.runDue(["reviews-request", "mail"]);
    };
    await ask();
    await ask();
    const mails = await readMailbox({ app: ctx.app, config: ctx.config });
    const to = (u: TestUser) => mails.filter((m) => m.to.includes(u.email));
    expect(to(en)).toHaveLength(1);
    expect(to(en)[0]!.subject).toMatch(/^How was your parking at /);
    expect(to(en)[0]!.body).toContain("/booking-details/");
    expect(to(fr)).toHaveLength(1);
    expect(to(fr)[0]!.subject).toMatch(/^Comment s'est passé votre stationnement à /);
    for (const u of [quiet, reviewed, running, old]) expect(to(u)).toHaveLength(0);
    const marked = (await db.execute(
      sql`SELECT review_requested_at FROM bookings WHERE id = ${enStay}`,
    )) as unknown as { rows: { review_requested_at: unknown }[] };
    expect(marked.rows[0]!.review_requested_at).not.toBeNull();
  });
});
