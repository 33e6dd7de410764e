import type { AdminPlan, AdminPlanCreate, PlanList, PublicPlan } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createStaff, operatorId, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";

const allWeek = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));
const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "19:00" }));
const nights = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "18:00", end: "07:00" }));

describe("monthly plans on sale, as drivers find them", () => {
  let ctx: TestContext;
  let db: Db;
  let manager: TestUser;
  let lagos: { id: number; lat: number; lng: number }[];
  const made: Record<string, AdminPlan> = {};

  const get = (url: string) => ctx.app.inject({ method: "GET", url: `/api/v1${url}` });
  async function make(key: string, parkId: number, o: Partial<AdminPlanCreate>) {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/admin/plans",
      headers: bearer(manager),
      payload: {
        park_id: parkId,
        name: { en: `Plan ${key}`, fr: `Forfait ${key}` },
        windows: weekdays,
        prices: [{ vehicle_type_id: 1, monthly_price: 50_000 }],
        allocation: 3,
        status: "on_sale",
        ...o,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    made[key] = res.json<AdminPlan>();
  }
  const ids = (res: { json: () => PlanList }) => res.json().items.map((p) => p.id);

  beforeAll(async () => {
    ctx = await createTestContext();
    db = ctx.database.db;
    const harbourview = await operatorId(db, "Harbourview Parking Ltd");
    lagos = await queryRows<{ id: number; lat: number; lng: number }>(
      db,
      sql`SELECT id, lat, lng FROM parks WHERE operator_id = ${harbourview} AND city = 'Lagos' AND status = 'active'
        ORDER BY id LIMIT 3`,
    );
    manager = await createStaff(db, "branch_manager", { operatorId: harbourview });
    await make("weekdays", lagos[0]!.id, {});
    await make("allweek", lagos[1]!.id, {
      windows: allWeek,
      prices: [{ vehicle_type_id: 1, monthly_price: 90_000 }],
    });
    await make("nights", lagos[2]!.id, {
      windows: nights,
      prices: [{ vehicle_type_id: 1, monthly_price: 30_000 }],
    });
    await make("draft", lagos[0]!.id, { status: "draft" });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("lists the plans on sale in a country with their park, hours and prices; a draft is nowhere", async () => {
    const res = await get("/plans?country=NG&size=100");
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json<PlanList>().items.find((p) => p.id === made.weekdays!.id)!;
    expect(found).toMatchObject({
      name: { en: "Plan weekdays", fr: "Forfait weekdays" },
      park: { id: lagos[0]!.id, city: "Lagos" },
      windows: weekdays,
      hours_per_week: 60,
      currency: "NGN",
      prices: [{ vehicle_type_id: 1, vehicle_type: "Car", monthly_price: 50_000 }],
      passes_left: 3,
      distance_m: null,
    });
    expect(ids(res)).not.toContain(made.draft!.id);
    expect((await get(`/plans/${made.draft!.id}`)).statusCode).toBe(404);
    expect((await get(`/plans/${made.allweek!.id}`)).json<PublicPlan>().hours_per_week).toBe(168);
    // Another country lists none of them.
    expect(ids(await get("/plans?country=CA&size=100"))).not.toContain(made.weekdays!.id);
  });

  it("sorts by distance from a point, and filters by hours, price, vehicle type and text", async () => {
    const near = await get(`/plans?lat=${lagos[2]!.lat}&lng=${lagos[2]!.lng}&size=100`);
    const items = near.json<PlanList>().items;
    expect(items[0]!.park.id).toBe(lagos[2]!.id);
    expect(items[0]!.distance_m).toBe(0);
    const distances = items.map((p) => p.distance_m!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const mine = [made.weekdays!.id, made.allweek!.id, made.nights!.id];
    const only = async (query: string) =>
      ids(await get(`/plans?country=NG&size=100&${query}`)).filter((id) => mine.includes(id));
    expect(await only("hours=all_day")).toEqual([made.allweek!.id]);
    expect(await only("hours=weekdays")).toEqual([made.weekdays!.id]);
    expect(await only("hours=nights_weekends")).toEqual([made.nights!.id]);
    expect((await only("max_price=50000")).sort()).toEqual([made.weekdays!.id, made.nights!.id].sort());
    expect(await only("vehicle_type_id=2")).toEqual([]);
    expect(await only("search=plan%20allweek")).toEqual([made.allweek!.id]);
  });

  it("says what is wrong with a query", async () => {
    expect((await get("/plans?country=Atlantis")).json().fields.country).toBe(
      "country must be a country name or code Parkwell serves",
    );
    expect((await get("/plans?max_price=10")).json().fields.max_price).toBe(
      "Choose a country to filter by price",
    );
    expect((await get("/plans?lat=6.5")).statusCode).toBe(422);
    expect((await get("/plans?hours=sometimes")).statusCode).toBe(422);
    expect((await get("/plans/abc")).statusCode).toBe(422);
  });
});
