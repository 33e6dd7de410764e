import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/harness";
import { matchesDocumentPath, webCalls } from "../test/web-calls";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
}

type Paths = Record<string, Record<string, Operation>>;

const documentPaths = async () =>
  (await ctx.app.inject({ url: "/api/openapi.json" })).json<{ paths: Paths }>().paths;

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

describe("OpenAPI operations", () => {
  it("each have a unique camelCase operationId and say which security they need", async () => {
    const ids: string[] = [];
    for (const [path, operations] of Object.entries(await documentPaths())) {
      for (const [method, op] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect({ where, id: op.operationId }).toEqual({
          where,
          id: expect.stringMatching(/^[a-z][a-zA-Z]+$/),
        });
        expect({ where, security: Array.isArray(op.security) }).toEqual({ where, security: true });
        ids.push(op.operationId ?? "");
      }
    }
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});

describe("The web app's API calls", () => {
  it("each name a path and a method of the document", async () => {
    const paths = await documentPaths();
    const { calls, unresolved } = webCalls();
    expect(unresolved).toEqual([]);
    expect(calls.length).toBeGreaterThan(30);
    const missing = calls
      .filter(
        (call) =>
          !Object.entries(paths).some(
            ([path, operations]) =>
              matchesDocumentPath(call.path, path) && call.method.toLowerCase() in operations,
          ),
      )
      .map((call) => `${call.method} ${call.path} (${call.where})`);
    expect(missing).toEqual([]);
  });
});
