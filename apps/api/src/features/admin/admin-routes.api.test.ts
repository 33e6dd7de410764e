/**
 * Role x route: every back-office route, called by every role, answers 403 exactly when the role
 * lacks the route's permission (the default matrix, read from the database), and never a 500. The
 * routes come from the app itself (admin.permit records them), so a new route is covered the day
 * it is added.
 */
import { FORBIDDEN_MESSAGE, USER_ROLES, type UserRole } from "@parkwell/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createStaff, operatorId, parksOf, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";

let ctx: TestContext;
const users = new Map<UserRole, TestUser>();
const granted = new Map<string, Set<string>>();

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  const harbourview = await operatorId(db, "Harbourview Parking Ltd");
  const parks = await parksOf(db, harbourview, "Lagos");
  for (const role of USER_ROLES) {
    users.set(
      role,
      await createStaff(
        db,
        role,
        role === "admin" || role === "customer" ? {} : { operatorId: harbourview, parkIds: parks },
      ),
    );
  }
  const matrix = await ctx.app.inject({
    method: "GET",
    url: "/api/v1/admin/roles",
    headers: bearer(users.get("admin")!),
  });
  for (const role of matrix.json<{ roles: { key: string; permissions: string[] }[] }>().roles) {
    granted.set(role.key, new Set(role.permissions));
  }
});
afterAll(async () => {
  await ctx?.close();
});

/** A sample value for each kind of path parameter; the calls need not find anything, only pass the guard. */
function sampleUrl(url: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => {
    if (name === "role") return "employee";
    if (/code|token/i.test(name)) return "PW-AAAAAAAA";
    return "999999";
  });
}

describe("role x route", () => {
  it("knows the back office's routes", () => {
    expect(ctx.app.adminGuards.length).toBeGreaterThan(2);
  });

  it("answers 403 exactly where the role lacks the route's permission, and never 500", async () => {
    const table: string[] = [];
    for (const route of ctx.app.adminGuards) {
      for (const role of USER_ROLES) {
        const permissions = granted.get(role) ?? new Set();
        const allowed = route.permission === "any" ? permissions.size > 0 : permissions.has(route.permission);
        const res = await ctx.app.inject({
          method: route.method as "GET",
          url: sampleUrl(route.url),
          headers: bearer(users.get(role)!),
          ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
        });
        table.push(`${route.method} ${route.url} ${role} ${res.statusCode}`);
        expect(res.statusCode, `${route.method} ${route.url} as ${role}`).toBeLessThan(500);
        if (allowed) {
          expect(res.statusCode, `${route.method} ${route.url} as ${role}`).not.toBe(403);
        } else {
          expect(res.statusCode, `${route.method} ${route.url} as ${role}`).toBe(403);
          expect(res.json()).toEqual({ message: FORBIDDEN_MESSAGE, code: "forbidden" });
        }
      }
    }
    expect(table.length).toBe(ctx.app.adminGuards.length * USER_ROLES.length);
  });

  it("answers 401 to every route without a token, before any permission check", async () => {
    for (const route of ctx.app.adminGuards) {
      const res = await ctx.app.inject({ method: route.method as "GET", url: sampleUrl(route.url) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});
