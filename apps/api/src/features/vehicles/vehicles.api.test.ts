import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const call = (
  user: TestUser | null,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user ? bearer(user) : {},
    ...(payload ? { payload } : {}),
  });

describe("saved vehicles", () => {
  it("needs a token", async () => {
    expect((await call(null, "GET", "/user/vehicles/")).statusCode).toBe(401);
    expect(
      (await call(null, "POST", "/user/vehicles/", { plate_number: "AB123", vehicle_type_id: 1 })).statusCode,
    ).toBe(401);
  });

  it("normalises plates, makes the first vehicle the default and keeps exactly one default", async () => {
    const user = await createUser(ctx.database.db);
    const a = await call(user, "POST", "/user/vehicles/", {
      plate_number: " lag-123 xy ",
      vehicle_type_id: 1,
      nickname: "Family car",
    });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({
      plate_number: "LAG123XY",
      is_default: true,
      vehicle_type_name: expect.any(String),
      nickname: "Family car",
    });
    const b = await call(user, "POST", "/user/vehicles", {
      plate_number: "ABJ-456",
      vehicle_type_id: 2,
      make: "Toyota",
    });
    expect(b.json()).toMatchObject({ plate_number: "ABJ456", is_default: false });

    const dup = await call(user, "POST", "/user/vehicles/", {
      plate_number: "Lag 123-XY",
      vehicle_type_id: 1,
    });
    expect(dup.statusCode).toBe(409);

    const set = await call(user, "PUT", `/user/vehicles/${b.json().id}/default`);
    expect(set.statusCode).toBe(200);
    const list = (await call(user, "GET", "/user/vehicles/")).json();
    expect(
      list.map((v: { plate_number: string; is_default: boolean }) => [v.plate_number, v.is_default]),
    ).toEqual([
      ["ABJ456", true],
      ["LAG123XY", false],
    ]);

    // Deleting the default hands it to the remaining vehicle.
    expect((await call(user, "DELETE", `/user/vehicles/${b.json().id}`)).statusCode).toBe(200);
    const after = (await call(user, "GET", "/user/vehicles/")).json();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ plate_number: "LAG123XY", is_default: true });
  });

  it("updates a vehicle and validates input", async () => {
    const user = await createUser(ctx.database.db);
    const v = (
      await call(user, "POST", "/user/vehicles/", { plate_number: "KJA111AA", vehicle_type_id: 1 })
    ).json();
    await call(user, "POST", "/user/vehicles/", { plate_number: "KJA222BB", vehicle_type_id: 1 });
    const up = await call(user, "PUT", `/user/vehicles/${v.id}`, {
      color: "Blue",
      model: "Corolla",
      plate_number: "kja 333 cc",
    });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({
      color: "Blue",
      model: "Corolla",
      plate_number: "KJA333CC",
      is_default: true,
    });
    expect((await call(user, "PUT", `/user/vehicles/${v.id}`, { plate_number: "KJA222BB" })).statusCode).toBe(
      409,
    );
    for (const payload of [
      { plate_number: "", vehicle_type_id: 1 },
      { plate_number: "!!", vehicle_type_id: 1 },
      { plate_number: "ABC123", vehicle_type_id: 999 },
      { plate_number: "ABC123" },
    ]) {
      const res = await call(user, "POST", "/user/vehicles/", payload);
      expect(res.statusCode).toBe(422);
    }
    expect((await call(user, "GET", "/user/vehicles/")).json()).toHaveLength(2);
    expect((await call(user, "PUT", "/user/vehicles/abc", { color: "Red" })).statusCode).toBe(422);
  });

  it("one user never reaches another's vehicles: 404 for every verb", async () => {
    const owner = await createUser(ctx.database.db);
    const other = await createUser(ctx.database.db);
    const v = (
      await call(owner, "POST", "/user/vehicles/", { plate_number: "OWN123", vehicle_type_id: 1 })
    ).json();
    expect((await call(other, "GET", "/user/vehicles/")).json()).toEqual([]);
    expect((await call(other, "PUT", `/user/vehicles/${v.id}`, { color: "Red" })).statusCode).toBe(404);
    expect((await call(other, "PUT", `/user/vehicles/${v.id}/default`)).statusCode).toBe(404);
    expect((await call(other, "DELETE", `/user/vehicles/${v.id}`)).statusCode).toBe(404);
    expect((await call(other, "PUT", "/user/vehicles/999999/default")).statusCode).toBe(404);
    // The other user may save the same plate: plates are unique per user.
    expect(
      (await call(other, "POST", "/user/vehicles/", { plate_number: "OWN123", vehicle_type_id: 1 }))
        .statusCode,
    ).toBe(201);
    const mine = (await call(owner, "GET", "/user/vehicles/")).json();
    expect(mine).toEqual([expect.objectContaining({ id: v.id, color: null, is_default: true })]);
  });

  it("concurrent first vehicles still leave exactly one default", async () => {
    const user = await createUser(ctx.database.db);
    const results = await Promise.all(
      ["RACE1", "RACE2", "RACE3", "RACE4"].map((plate_number) =>
        call(user, "POST", "/user/vehicles/", { plate_number, vehicle_type_id: 1 }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const list = (await call(user, "GET", "/user/vehicles/")).json();
    expect(list.filter((v: { is_default: boolean }) => v.is_default)).toHaveLength(1);
  });
});
