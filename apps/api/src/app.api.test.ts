import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { createDrain } from "./lib/drain";
import { bearer, createUser } from "./test/factories";
import { createTestContext, withTestContext, type TestContext } from "./test/harness";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ CORS_ORIGINS: "https://partner.parkwell.test" });
});
afterAll(async () => {
  await ctx?.close();
});

describe("GET /api/health", () => {
  it("tells an anonymous caller, or a driver, the status only", async () => {
    const driver = await createUser(ctx.database.db);
    for (const headers of [{}, bearer(driver), { authorization: "Bearer not-a-token" }]) {
      const res = await ctx.app.inject({ method: "GET", url: "/api/health", headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "ok" });
    }
  });

  it("shows the details with HEALTH_DETAILS=true", () =>
    withTestContext({ HEALTH_DETAILS: "true" }, async (open) => {
      const res = await open.app.inject({ method: "GET", url: "/api/health" });
      expect(res.json()).toMatchObject({ status: "ok", database: open.database.engine });
    }));

  it("is 200 once the database answers and every migration is applied; an admin sees the details", async () => {
    const admin = await createUser(ctx.database.db, { role: "admin" });
    const res = await ctx.app.inject({ method: "GET", url: "/api/health", headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      status: string;
      database: string;
      migrations: { applied: number; expected: number };
    }>();
    expect(body.status).toBe("ok");
    expect(body.database).toBe(ctx.database.engine);
    expect(body.migrations.applied).toBe(body.migrations.expected);
    expect(body.migrations.expected).toBeGreaterThanOrEqual(2);
  });

  it("answers 503 draining once its process starts shutting down, while other routes still serve", async () => {
    const drain = createDrain();
    const app = await buildApp({ database: ctx.database, config: ctx.config, logger: false, drain });
    try {
      expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);
      drain.start();
      const res = await app.inject({ url: "/api/health" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: "draining" });
      expect((await app.inject({ url: "/api/v1/countries" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe("errors", () => {
  it("answers an unknown /api path with a JSON 404", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/v1/no-such-thing" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: "No route for GET /api/v1/no-such-thing", code: "not_found" });
  });

  it("answers malformed JSON with a 400 and no stack trace", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/countries",
      headers: { "content-type": "application/json" },
      payload: '{"a": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "The request body is not valid JSON", code: "malformed_json" });
    expect(res.body).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it("refuses a body over the limit with a 413", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/countries",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ x: "a".repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: "body_too_large" });
  });

  it("without a built web app, a page path says how to build it", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/park/some-slug" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: "not_found",
      message: "The web app is not built: run npm run build",
    });
  });
});

describe("bearer routes", () => {
  // Authentication comes before body validation: no token is a 401 whatever the body says.
  it.each([
    ["POST", "/api/v1/wallet/add-funds", { amount: "lots" }],
    ["POST", "/api/v1/bookings", { park_id: "x" }],
    ["POST", "/api/v1/bookings/extend", {}],
    ["PATCH", "/api/v1/users/profile", { first_name: 42 }],
    ["POST", "/api/v1/user/vehicles/", { plate_number: "" }],
    ["GET", "/api/v1/bookings/list?page=0", undefined],
    ["GET", "/api/v1/wallet/transactions?size=100000", undefined],
  ] as const)("%s %s without a token is a 401, not a validation error", async (method, url, payload) => {
    const res = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "No authentication token found", code: "unauthenticated" });
  });
});

describe("security", () => {
  it("sends a Content-Security-Policy and the other helmet headers", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/v1/countries" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    // The web app's country detection calls these public IP lookup services.
    expect(csp).toMatch(
      /connect-src 'self' https:\/\/ipapi\.co https:\/\/ipwho\.is https:\/\/api\.country\.is/,
    );
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    // Plain-http PUBLIC_URL: HSTS would only break local use.
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    // The same headers on every answer, an error included.
    const missing = await ctx.app.inject({ method: "GET", url: "/api/v1/no-such-route" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-security-policy"]).toBe(csp);
    expect(missing.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("allows CORS only for configured origins", async () => {
    const allowed = await ctx.app.inject({
      method: "OPTIONS",
      url: "/api/v1/countries",
      headers: { origin: "https://partner.parkwell.test", "access-control-request-method": "GET" },
    });
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://partner.parkwell.test");
    const other = await ctx.app.inject({
      method: "GET",
      url: "/api/v1/countries",
      headers: { origin: "https://evil.example" },
    });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("gives every response a request id and keeps a sane one from the caller", async () => {
    const fresh = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expect(fresh.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await ctx.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "lb-123" },
    });
    expect(kept.headers["x-request-id"]).toBe("lb-123");
    const odd = await ctx.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "<script>" },
    });
    expect(odd.headers["x-request-id"]).not.toBe("<script>");
    // Errors carry it too: a missing route, a refused query, an unknown park.
    for (const url of [
      "/api/v1/no-such-route",
      "/api/v1/parks/front/parks/?page=0",
      "/api/v1/front/parks/no-such-park",
    ]) {
      const failed = await ctx.app.inject({ method: "GET", url, headers: { "x-request-id": "lb-456" } });
      expect(failed.statusCode).toBeGreaterThanOrEqual(400);
      expect(failed.headers["x-request-id"]).toBe("lb-456");
    }
  });
});

describe("OpenAPI", () => {
  it("publishes an OpenAPI 3 document generated from the contract", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      "/api/v1/countries",
      "/api/v1/states/load",
      "/api/v1/front/fees",
      "/api/v1/vehicles/public",
      "/api/health",
    ]) {
      expect(doc.paths[path]?.get, path).toBeDefined();
    }
    expect(JSON.stringify(doc.paths["/api/v1/states/load"])).toContain("country_id");
  });

  it("renders the docs page", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/docs/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.body).toContain("swagger");
  });
});

describe("CORS with no origins configured (the default: the web app is served from the API's own origin)", () => {
  it("answers no origin, and a preflight finds no route", () =>
    withTestContext({}, async (plain) => {
      const preflight = await plain.app.inject({
        method: "OPTIONS",
        url: "/api/v1/countries",
        headers: { origin: "https://partner.parkwell.test", "access-control-request-method": "GET" },
      });
      expect(preflight.statusCode).toBe(404);
      expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
      const get = await plain.app.inject({
        method: "GET",
        url: "/api/v1/countries",
        headers: { origin: "https://partner.parkwell.test" },
      });
      expect(get.statusCode).toBe(200);
      expect(get.headers["access-control-allow-origin"]).toBeUndefined();
      expect(get.headers["x-request-id"]).toBeDefined();
    }));
});
