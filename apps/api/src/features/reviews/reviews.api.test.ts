// Reviews of parks (issue #47, decision 033): one per booking, only after the stay; edited within
// 7 days, deleted any time; the request e-mail goes once per stay, in the driver's language, never
// to a driver who turned e-mails off. The rating is in reviews-rating, the back office and reports
// in reviews-moderation.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { startSession } from "../sessions/sessions.service";
import type { TestUser } from "../../test/factories";
import type { TestContext } from "../../test/harness";
import { readMailbox } from "../../test/mailbox";
import { HOUR, keptAndCounted, reviewsKit, stay } from "./reviews.test-kit";

const DAY = 24 * HOUR;
let now = new Date("2026-12-10T12:00:00Z");
const clock = () => now;
const kit = reviewsKit(clock);
const { driver, call, ended } = kit;
let ctx: TestContext;
let db: Db;
let lagos: number[];
beforeAll(() => {
  ({ ctx, db, lagos } = kit.suite);
});

/** The same user signed in again now (a session ends after days without use). */
const signIn = async (user: TestUser): Promise<TestUser> => ({
  ...user,
  token: (await startSession(db, clock, user.id)).token,
});

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
