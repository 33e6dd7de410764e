/**
 * GET /admin/parks/choices: the one list behind every back-office park picker, the caller's parks
 * for a permission they hold; the gate's, the drive-up sales' and the reports' pickers get the
 * same parks whatever permission they name.
 */
import type { ParkChoiceList } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { bearer, createStaff, operatorId, parksOf, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";

let ctx: TestContext;
let admin: TestUser;
let attendant: TestUser;
let park: number;
let closedPark: number;
let harbourviewParks: number[];
let cityparkParks: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  const harbourview = await operatorId(db, "Harbourview Parking Ltd");
  const lagos = await parksOf(db, harbourview, "Lagos");
  [park, closedPark] = [lagos[0]!, lagos[1]!];
  harbourviewParks = await parksOf(db, harbourview);
  cityparkParks = await parksOf(db, await operatorId(db, "Citypark Nigeria"));
  await queryRows(db, sql`UPDATE parks SET status = 'inactive' WHERE id = ${closedPark}`);
  admin = await createStaff(db, "admin");
  attendant = await createStaff(db, "employee", { operatorId: harbourview, parkIds: [park, closedPark] });
});
afterAll(async () => {
  await ctx?.close();
});

const operatorOf = async (parkId: number) =>
  (
    await queryRows<{ operator_id: number }>(
      ctx.database.db,
      sql`SELECT operator_id FROM parks WHERE id = ${parkId}`,
    )
  )[0]!.operator_id;

const get = (user: TestUser, url: string) =>
  ctx.app.inject({ method: "GET", url: `/api/v1/admin${url}`, headers: bearer(user) });

describe("GET /admin/parks/choices", () => {
  it("lists my active parks for a permission I hold, with their clock, currency, country and vehicle types", async () => {
    const res = await get(attendant, "/parks/choices?permission=gate.view");
    expect(res.statusCode).toBe(200);
    const body = res.json<ParkChoiceList>();
    expect(body.complete).toBe(true);
    expect(body.items.map((p) => p.id)).toEqual([park]);
    expect(body.items[0]).toMatchObject({ time_zone: "Africa/Lagos", currency: "NGN", country_code: "NG" });
    expect(body.items[0]!.vehicle_types.map((v) => v.id)).toContain(1);
  });

  it("adds the closed and deactivated parks with status=any", async () => {
    const body = (
      await get(attendant, "/parks/choices?permission=gate.view&status=any")
    ).json<ParkChoiceList>();
    expect(body.items.map((p) => p.id).sort((a, b) => a - b)).toEqual(
      [park, closedPark].sort((a, b) => a - b),
    );
  });

  it("keeps one country's parks", async () => {
    const body = (await get(admin, "/parks/choices?permission=parks.view&country=CA")).json<ParkChoiceList>();
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((p) => p.country_code === "CA" && p.currency === "CAD")).toBe(true);
    const none = (
      await get(attendant, "/parks/choices?permission=gate.view&country=CA")
    ).json<ParkChoiceList>();
    expect(none).toEqual({ items: [], complete: true });
  });

  it("keeps one operator's parks (a staff member's parks), within mine", async () => {
    const ids = async (user: TestUser, query: string) =>
      (await get(user, `/parks/choices?permission=staff.view&status=any&${query}`))
        .json<ParkChoiceList>()
        .items.map((p) => p.id)
        .sort((a, b) => a - b);
    expect(harbourviewParks.length).toBeGreaterThan(2);
    expect(await ids(admin, `operator=${await operatorOf(park)}`)).toEqual(harbourviewParks);
    const citypark = cityparkParks[0]!;
    expect(await ids(admin, `operator=${await operatorOf(citypark)}`)).toEqual(cityparkParks);
    const manager = await createStaff(ctx.database.db, "branch_manager", {
      operatorId: await operatorOf(park),
    });
    expect(await ids(manager, `operator=${await operatorOf(park)}`)).toEqual(harbourviewParks);
    // Another operator's parks are none of a manager's.
    expect(await ids(manager, `operator=${await operatorOf(citypark)}`)).toEqual([]);
  });

  it("answers 403 for a permission I lack and 422 for a permission that is none", async () => {
    const lacked = await get(attendant, "/parks/choices?permission=roles.update");
    expect(lacked.statusCode).toBe(403);
    expect(lacked.json()).toMatchObject({ code: "forbidden" });
    for (const query of [
      "",
      "?permission=gate.fly",
      "?permission=gate.view&status=old",
      "?permission=gate.view&country=ca",
      "?permission=staff.view&operator=0",
      "?permission=staff.view&operator=abc",
    ]) {
      expect((await get(attendant, `/parks/choices${query}`)).statusCode, query).toBe(422);
    }
  });

  it("answers the same parks for every permission I hold: the gate's, the drive-up sales' and the reports' pickers", async () => {
    const choices = async (permission: string, status = "active") =>
      (
        await get(attendant, `/parks/choices?permission=${permission}&status=${status}`)
      ).json<ParkChoiceList>();
    const gate = await choices("gate.view");
    expect(gate.items.map((p) => p.id)).toEqual([park]);
    expect(await choices("pos.view")).toEqual(gate);
    const any = await choices("gate.view", "any");
    const report = await choices("dashboard.view", "any");
    expect(report.items.map((p) => p.id)).toEqual(any.items.map((p) => p.id));
    expect(report.items.map((p) => p.id)).toContain(closedPark);
    expect(report.complete).toBe(true);
  });
});
