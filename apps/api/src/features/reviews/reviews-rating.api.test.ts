// A park's kept rating follows every review, edit, hide and delete exactly; the park's page, its
// reviews and search show it (decision 033).
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { seededUser, type TestUser } from "../../test/factories";
import { DEMO_ACCOUNTS } from "../../db/seed/accounts";
import { resetDemoData } from "../demo/demo.service";
import { keptAndCounted, reviewsKit } from "./reviews.test-kit";

let now = new Date("2026-12-10T12:00:00Z");
const clock = () => now;
const kit = reviewsKit(clock);
const { driver, createStaff, call, ended } = kit;
let db: Db;
let lagos: number[];
let citypark: number[];
beforeAll(() => {
  ({ db, lagos, citypark } = kit.suite);
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
