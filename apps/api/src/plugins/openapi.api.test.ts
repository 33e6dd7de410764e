import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/harness";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

interface Operation {
  security?: Record<string, string[]>[];
}

describe("OpenAPI security", () => {
  it("marks exactly the routes that answer 401 without a token as bearer-secured", async () => {
    const doc = (await ctx.app.inject({ url: "/api/openapi.json" })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const checked: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        // Any value will do for a path parameter: the guard answers before the route looks it up.
        const url = path.replace(/\{[^}]+\}/g, "x");
        const res = await ctx.app.inject({ method: method.toUpperCase() as "GET", url, payload: {} });
        const secured = (op.security ?? []).some((s) => "bearer" in s);
        const where = `${method.toUpperCase()} ${path}`;
        expect({ where, secured }).toEqual({ where, secured: res.statusCode === 401 });
        if (secured) checked.push(where);
      }
    }
    // The guarded features are all there (the wallet's routes were unmarked once).
    for (const route of [
      "GET /api/v1/wallet",
      "POST /api/v1/wallet/add-funds",
      "POST /api/v1/wallet/credit",
      "GET /api/v1/users/profile",
      "POST /api/v1/bookings",
      "POST /api/v1/auth/logout",
    ]) {
      expect(checked).toContain(route);
    }
  });
});
