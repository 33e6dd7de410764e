// What a client can send at the edges of the HTTP layer: every answer is the app's own error shape.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createStaff, createUser, type TestUser } from "../test/factories";
import { createTestContext, type TestContext } from "../test/harness";

let ctx: TestContext;
let driver: TestUser;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  driver = await createUser(ctx.database.db);
  admin = await createStaff(ctx.database.db, "admin");
});
afterAll(async () => {
  await ctx?.close();
});

const SECURITY_HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "x-request-id",
  "x-frame-options",
];

describe("errors the router and the parsers raise", () => {
  it.each([
    [
      "a path parameter over the router's limit",
      `/api/v1/front/parks/${"a".repeat(240)}`,
      414,
      "uri_too_long",
    ],
    ["a broken percent-escape", "/api/v1/front/parks/%E0%A4%A", 400, "bad_url"],
  ])(
    "%s answers {message, code} with the security headers, without echoing the path",
    async (_, url, status, code) => {
      const res = await ctx.app.inject({ url, headers: { "x-request-id": "edge-1" } });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ code, message: expect.any(String) });
      expect(res.body).not.toContain("aaaa");
      expect(res.body).not.toContain("%E0");
      for (const h of SECURITY_HEADERS) expect(res.headers[h], h).toBeDefined();
      expect(res.headers["x-request-id"]).toBe("edge-1");
    },
  );
});

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

describe("NUL characters", () => {
  it("are refused with 422 or 404 wherever a string goes in, on every route", async () => {
    const doc = (await ctx.app.inject({ url: "/api/openapi.json" })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const seen: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const params = op.parameters ?? [];
        const query = params.filter((p) => p.in === "query").map((p) => p.name);
        const body = Object.keys(op.requestBody?.content?.["application/json"]?.schema?.properties ?? {});
        const attempts: { url: string; payload?: object }[] = [];
        if (path.includes("{")) attempts.push({ url: path.replace(/\{[^}]+\}/g, "PW-%00") });
        const plain = path.replace(/\{[^}]+\}/g, "x");
        for (const name of query) attempts.push({ url: `${plain}?${name}=%00` });
        for (const name of body) attempts.push({ url: plain, payload: { [name]: "bad\u0000text" } });
        for (const attempt of attempts) {
          const res = await ctx.app.inject({
            method: method.toUpperCase() as "GET",
            url: attempt.url,
            // The back office's routes check the permission first: as an admin, the input is read.
            headers: {
              ...bearer(path.startsWith("/api/v1/admin") ? admin : driver),
              "idempotency-key": "nul-test-key",
            },
            ...(attempt.payload ? { payload: attempt.payload } : {}),
          });
          const where = `${method.toUpperCase()} ${attempt.url} ${JSON.stringify(attempt.payload ?? "")}`;
          expect({ where, status: res.statusCode }).toEqual({ where, status: expect.toBeOneOf([404, 422]) });
          seen.push(where);
        }
      }
    }
    expect(seen.length).toBeGreaterThan(40);
  });

  it("in the places the review found them, changes nothing", async () => {
    const before = (await ctx.app.inject({ url: "/api/v1/users/profile", headers: bearer(driver) })).json();
    const cases = [
      { method: "GET", url: "/api/v1/front/parks/%00" },
      { method: "GET", url: "/api/v1/front/parks/%00/rate" },
      { method: "GET", url: "/api/v1/front/parks/%00/availability" },
      { method: "PATCH", url: "/api/v1/users/profile", payload: { first_name: "Ada\u0000" } },
      { method: "POST", url: "/api/v1/user/vehicles/", payload: { plate_number: "ABC\u0000123" } },
      { method: "GET", url: "/api/v1/bookings/PW-%00" },
      { method: "POST", url: "/api/v1/wallet/verify-payment?payment_reference=PW-%00" },
      { method: "POST", url: "/api/v1/wallet/credit?amount=10&reference=PW-%00" },
    ] as const;
    for (const c of cases) {
      const res = await ctx.app.inject({ ...c, headers: bearer(driver) });
      expect({ url: c.url, status: res.statusCode }).toEqual({
        url: c.url,
        status: expect.toBeOneOf([404, 422]),
      });
      expect(res.json()).toEqual(
        expect.objectContaining({ message: expect.any(String), code: expect.any(String) }),
      );
    }
    const after = (await ctx.app.inject({ url: "/api/v1/users/profile", headers: bearer(driver) })).json();
    expect(after).toEqual(before);
  });
});
