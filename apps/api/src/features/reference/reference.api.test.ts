import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/harness";
import { servedCountries } from "./served-countries";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string) => ctx.app.inject({ method: "GET", url });

describe("GET /api/v1/countries", () => {
  it("lists the four countries with ids, codes and currencies", async () => {
    const res = await get("/api/v1/countries");
    expect(res.statusCode).toBe(200);
    const body = res.json<{ id: number; code: string; name: string; currency: string; flag: string }[]>();
    expect(body.map((c) => [c.id, c.name, c.code, c.currency])).toEqual([
      [1, "Nigeria", "NG", "NGN"],
      [2, "Canada", "CA", "CAD"],
      [3, "Senegal", "SN", "XOF"],
      [4, "United States", "US", "USD"],
    ]);
    expect(body[0]).toMatchObject({ currency_symbol: "₦", currency_decimals: 2, flag: "🇳🇬" });
    expect(body[2]).toMatchObject({ currency_symbol: "CFA", currency_decimals: 0 });
  });

  it("gives each country its support team's e-mail and phone, from its row (the help page lists them)", async () => {
    const body = (await get("/api/v1/countries")).json<
      { code: string; support_email: string | null; support_phone: string | null }[]
    >();
    expect(body.map((c) => [c.code, c.support_email, c.support_phone])).toEqual([
      ["NG", "support.ng@parkwell.test", "+234 201 700 0100"],
      ["CA", "support.ca@parkwell.test", "+1 416 555 0100"],
      ["SN", "support.sn@parkwell.test", "+221 33 800 0100"],
      ["US", "support.us@parkwell.test", "+1 212 555 0100"],
    ]);
    // A country with no contact says so (null), and a row changed by hand is read once the served
    // countries' copy is dropped (as after any change of a country's rows).
    await ctx.database.db.execute(
      sql`UPDATE countries SET support_email = NULL, support_phone = NULL WHERE code = 'SN'`,
    );
    servedCountries(ctx.database.db).invalidate();
    try {
      const sn = (await get("/api/v1/countries")).json<{ code: string; support_email: string | null }[]>();
      expect(sn.find((c) => c.code === "SN")).toMatchObject({ support_email: null, support_phone: null });
    } finally {
      await ctx.database.db.execute(
        sql`UPDATE countries SET support_email = 'support.sn@parkwell.test', support_phone = '+221 33 800 0100' WHERE code = 'SN'`,
      );
      servedCountries(ctx.database.db).invalidate();
    }
  });

  it("gives each country the product lines it offers, from its row: Nigeria's vehicle-document renewal", async () => {
    const body = (await get("/api/v1/countries")).json<{ code: string; services: string[] }[]>();
    expect(body.map((c) => [c.code, c.services])).toEqual([
      ["NG", ["vehicle_docs"]],
      ["CA", []],
      ["SN", []],
      ["US", []],
    ]);
    const served = servedCountries(ctx.database.db);
    expect((await served.offering("vehicle_docs")).map((c) => c.code)).toEqual(["NG"]);
    // A second country offers it as a row change, listed in display order; an unknown line is refused.
    await ctx.database.db.execute(sql`UPDATE countries SET services = '{vehicle_docs}' WHERE code = 'SN'`);
    served.invalidate();
    try {
      expect((await served.offering("vehicle_docs")).map((c) => c.code)).toEqual(["NG", "SN"]);
      const refused = await ctx.database.db
        .execute(sql`UPDATE countries SET services = '{car_wash}' WHERE code = 'CA'`)
        .then(
          () => null,
          (e: Error) => e.cause,
        );
      expect(String(refused)).toMatch(/countries_services_known/);
    } finally {
      await ctx.database.db.execute(sql`UPDATE countries SET services = '{}' WHERE code = 'SN'`);
      served.invalidate();
    }
  });

  it("needs no token and ignores query noise", async () => {
    const res = await get("/api/v1/countries?x=%00%27--");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(4);
  });
});

describe("GET /api/v1/states/load", () => {
  const expected: [countryId: number, count: number, fallbackIds: number[]][] = [
    [1, 37, [1, 2, 3, 4, 5, 6, 7]],
    [2, 13, [101, 102, 103, 104, 105]],
    [3, 14, [201, 202, 203, 204]],
    [4, 51, [301, 302, 303, 304]],
  ];

  it.each(expected)(
    "country %i has %i states, including the built-in fallback ids",
    async (countryId, count, ids) => {
      const res = await get(`/api/v1/states/load?country_id=${countryId}`);
      expect(res.statusCode).toBe(200);
      const states = res.json<{ id: number; name: string; country_id: number }[]>();
      expect(states).toHaveLength(count);
      expect(states.every((s) => s.country_id === countryId)).toBe(true);
      const stateIds = states.map((s) => s.id);
      for (const id of ids) expect(stateIds).toContain(id);
      expect(new Set(states.map((s) => s.name)).size).toBe(count);
    },
  );

  it("names real places", async () => {
    const ng = (await get("/api/v1/states/load?country_id=1")).json<{ id: number; name: string }[]>();
    expect(ng.find((s) => s.id === 1)?.name).toBe("Lagos");
    expect(ng.map((s) => s.name)).toContain("Federal Capital Territory");
    const us = (await get("/api/v1/states/load?country_id=4")).json<{ name: string }[]>();
    expect(us.map((s) => s.name)).toEqual(
      expect.arrayContaining(["District of Columbia", "Wyoming", "New York"]),
    );
  });

  it("answers an unknown country with an empty list", async () => {
    const res = await get("/api/v1/states/load?country_id=99");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it.each([
    ["abc", "country_id must be a positive whole number"],
    ["1.5", "country_id must be a positive whole number"],
    ["-1", "country_id must be a positive whole number"],
    ["0", "country_id must be a positive whole number"],
    ["9999999999", "country_id is too large"],
    ["99999999999", "country_id must be a positive whole number"],
    ["1&country_id=2", "country_id must be a single number"],
  ])("refuses country_id=%s with 422", async (value, message) => {
    const res = await get(`/api/v1/states/load?country_id=${value}`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, code: "validation_error", fields: { country_id: message } });
  });

  it("says country_id is required when it is missing", async () => {
    const res = await get("/api/v1/states/load");
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: "country_id is required",
      fields: { country_id: "country_id is required" },
    });
  });
});

describe("GET /api/v1/front/fees", () => {
  it("gives Nigeria's fees in naira", async () => {
    const res = await get("/api/v1/front/fees?country_id=1");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      country_id: 1,
      currency: "NGN",
      service_fee: 100,
      booking_fee_percent: 5,
      tax_percent: 7.5,
      tax_name: "VAT",
      min_topup: 500,
      max_topup: 1_000_000,
      max_wallet_balance: 5_000_000,
    });
  });

  it("speaks whole francs for Senegal and cents for the US", async () => {
    expect((await get("/api/v1/front/fees?country_id=3")).json()).toMatchObject({
      currency: "XOF",
      service_fee: 200,
      min_topup: 500,
    });
    expect((await get("/api/v1/front/fees?country_id=4")).json()).toMatchObject({
      currency: "USD",
      service_fee: 0.99,
      min_topup: 5,
    });
  });

  it("gives every country a top-up range that makes sense", async () => {
    for (const id of [1, 2, 3, 4]) {
      const fees = (await get(`/api/v1/front/fees?country_id=${id}`)).json<{
        min_topup: number;
        max_topup: number;
        max_wallet_balance: number;
      }>();
      expect(fees.min_topup).toBeGreaterThan(0);
      expect(fees.max_topup).toBeGreaterThan(fees.min_topup);
      expect(fees.max_wallet_balance).toBeGreaterThanOrEqual(fees.max_topup);
    }
  });

  it("is a 404 with a message for an unknown country", async () => {
    const res = await get("/api/v1/front/fees?country_id=42");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "No fees are set for this country", code: "country_not_found" });
  });

  it("is a 422 for a bad or missing country_id", async () => {
    expect((await get("/api/v1/front/fees?country_id=NG")).statusCode).toBe(422);
    expect((await get("/api/v1/front/fees")).json()).toMatchObject({
      code: "validation_error",
      fields: { country_id: "country_id is required" },
    });
  });
});

describe("GET /api/v1/vehicles/public", () => {
  it("lists vehicle types with Car as id 1", async () => {
    const res = await get("/api/v1/vehicles/public");
    expect(res.statusCode).toBe(200);
    const types = res.json<{ id: number; code: string; name: string }[]>();
    expect(types[0]).toMatchObject({ id: 1, code: "car", name: "Car" });
    expect(types.map((t) => t.code)).toEqual(expect.arrayContaining(["suv", "motorcycle", "van", "truck"]));
  });
});

describe("seeding", () => {
  it("is idempotent: a second run changes nothing", async () => {
    const { seed } = await import("../../db/seed");
    const before = (await get("/api/v1/states/load?country_id=4")).json();
    await seed(ctx.database.db);
    expect((await get("/api/v1/states/load?country_id=4")).json()).toEqual(before);
    expect((await get("/api/v1/countries")).json()).toHaveLength(4);
  });
});
