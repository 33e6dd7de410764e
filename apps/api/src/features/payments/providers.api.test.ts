import { PAYMENT_PROVIDERS } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { createTestContext, type TestContext } from "../../test/harness";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe("the one list of payment providers", () => {
  it("is what the database accepts", async () => {
    const [row] = await queryRows<{ def: string }>(
      ctx.database.db,
      sql`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'payments_provider_check'`,
    );
    expect([...row!.def.matchAll(/'([a-z]+)'/g)].map((m) => m[1]).sort()).toEqual(
      [...PAYMENT_PROVIDERS].sort(),
    );
  });

  it("is what a country's gateway and fallback may name, the demo provider aside", async () => {
    for (const name of ["countries_gateway_known", "countries_gateway_fallback_known"]) {
      const [row] = await queryRows<{ def: string }>(
        ctx.database.db,
        sql`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = ${name}`,
      );
      expect([...row!.def.matchAll(/'([a-z]+)'/g)].map((m) => m[1]).sort(), name).toEqual(
        PAYMENT_PROVIDERS.filter((p) => p !== "demo").sort(),
      );
    }
  });

  it("is what the webhook route knows, the demo provider aside", async () => {
    for (const name of PAYMENT_PROVIDERS) {
      const res = await ctx.app.inject({
        method: "POST",
        url: `/api/v1/payments/webhooks/${name}`,
        payload: {},
      });
      // Known to the route: without keys in this configuration, it says the provider is not set up.
      expect(res.statusCode, name).toBe(404);
      expect(res.json<{ message: string }>().message, name).toBe(
        name === "demo" ? "Unknown payment provider" : "This provider is not configured",
      );
    }
  });
});
