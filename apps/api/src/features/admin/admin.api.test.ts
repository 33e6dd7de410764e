import { ALL_PERMISSIONS, FORBIDDEN_MESSAGE } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { bearer, createStaff, createUser, operatorId, parksOf, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";

let ctx: TestContext;
let harbourview: number;
beforeAll(async () => {
  ctx = await createTestContext();
  harbourview = await operatorId(ctx.database.db, "Harbourview Parking Ltd");
});
afterAll(async () => {
  await ctx?.close();
});

const call = (user: TestUser | null, method: "GET" | "PUT", url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user ? bearer(user) : {},
    ...(payload ? { payload } : {}),
  });

async function login(identifier: string, password: string): Promise<TestUser> {
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { identifier, password },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ access_token: string; user: { id: string; email: string } }>();
  return { id: body.user.id, email: body.user.email, token: body.access_token, sessionId: "" };
}

describe("GET /admin/me", () => {
  it("answers 401 without a token and 403 with the sentence for a driver", async () => {
    expect((await call(null, "GET", "/admin/me")).statusCode).toBe(401);
    const driver = await createUser(ctx.database.db);
    const res = await call(driver, "GET", "/admin/me");
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: FORBIDDEN_MESSAGE, code: "forbidden" });
    const fr = await ctx.app.inject({
      method: "GET",
      url: "/api/v1/admin/me",
      headers: { ...bearer(driver), "accept-language": "fr" },
    });
    expect(fr.json()).toEqual({
      message:
        "Vous avez tenté d'accéder à une page pour laquelle vous n'aviez pas d'autorisation préalable.",
      code: "forbidden",
    });
  });

  it("tells each seeded demo staff member their role, operator, parks and permissions", async () => {
    const admin = await login("admin@parkwell.test", "admin-parkwell-2026");
    const a = (await call(admin, "GET", "/admin/me")).json();
    expect(a).toMatchObject({ role: "admin", operator: null, parks: null });
    expect(a.permissions).toEqual([...ALL_PERMISSIONS].sort());

    const manager = await login("manager@parkwell.test", "manage-parks-2026");
    const m = (await call(manager, "GET", "/admin/me")).json();
    expect(m).toMatchObject({
      role: "branch_manager",
      operator: { id: harbourview, name: "Harbourview Parking Ltd" },
      user: { email: "manager@parkwell.test", first_name: "Morayo" },
    });
    expect(m.parks).toEqual(await parksOf(ctx.database.db, harbourview));
    expect(m.permissions).toContain("parks.update");
    expect(m.permissions).not.toContain("roles.view");

    const attendant = await login("attendant@parkwell.test", "check-cars-2026");
    const e = (await call(attendant, "GET", "/admin/me")).json();
    const lagos = await parksOf(ctx.database.db, harbourview, "Lagos");
    expect(lagos.length).toBeGreaterThan(0);
    expect(e).toMatchObject({ role: "employee", parks: lagos });
    expect(e.permissions).toContain("gate.create");
    expect(e.permissions).not.toContain("parks.update");

    const courier = await login("courier@parkwell.test", "deliver-orders-2026");
    const c = (await call(courier, "GET", "/admin/me")).json();
    expect(c).toMatchObject({ role: "delivery_boy", operator: null });
    expect(c.permissions).toEqual(["deliveries.update", "deliveries.view"]);
    expect((await call(courier, "GET", "/admin/deliveries")).statusCode).toBe(200);
    expect((await call(courier, "GET", "/admin/orders")).statusCode).toBe(403);
  });

  it("scopes other staff to the assigned parks of their own operator only", async () => {
    const db = ctx.database.db;
    const other = await operatorId(db, "Citypark Nigeria");
    const [own] = await parksOf(db, harbourview);
    const [foreign] = await parksOf(db, other);
    const cashier = await createStaff(db, "pos_operator", {
      operatorId: harbourview,
      parkIds: [own!, foreign!],
    });
    const me = (await call(cashier, "GET", "/admin/me")).json();
    expect(me.parks).toEqual([own]);
    expect(me.permissions).toEqual(["pos.create", "pos.update", "pos.view"]);
  });
});

describe("Role & Permissions", () => {
  it("lists the matrix to an admin and refuses a manager", async () => {
    const admin = await createStaff(ctx.database.db, "admin");
    const res = await call(admin, "GET", "/admin/roles");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.actions).toEqual(["view", "create", "update", "delete"]);
    expect(body.roles.find((r: { key: string }) => r.key === "admin")).toMatchObject({ editable: false });
    expect(body.roles.find((r: { key: string }) => r.key === "employee")).toMatchObject({ editable: true });

    const manager = await createStaff(ctx.database.db, "branch_manager", { operatorId: harbourview });
    const refused = await call(manager, "GET", "/admin/roles");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("forbidden");
  });

  it("saves a role's permissions, takes effect at once and is written to the audit log", async () => {
    const db = ctx.database.db;
    const admin = await createStaff(db, "admin");
    const cashier = await createStaff(db, "pos_operator", { operatorId: harbourview });
    expect((await call(cashier, "GET", "/admin/me")).json().permissions).not.toContain("dashboard.view");

    const wanted = ["pos.view", "pos.create", "pos.update", "dashboard.view"];
    const res = await call(admin, "PUT", "/admin/roles/pos_operator", { permissions: wanted });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: "pos_operator", editable: true, permissions: [...wanted].sort() });
    expect((await call(cashier, "GET", "/admin/me")).json().permissions).toContain("dashboard.view");

    const [entry] = await queryRows<{ actor_id: string; action: string; before: unknown; after: unknown }>(
      db,
      sql`SELECT actor_id, action, before, after FROM audit_log WHERE entity = 'role' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry).toMatchObject({
      actor_id: admin.id,
      action: "role.update",
      before: { permissions: ["pos.create", "pos.update", "pos.view"] },
      after: { permissions: [...wanted].sort() },
    });
    // Back as seeded, for the other tests of the file.
    await call(admin, "PUT", "/admin/roles/pos_operator", {
      permissions: ["pos.view", "pos.create", "pos.update"],
    });
  });

  it("refuses unknown permissions and the fixed roles with 422, and changes nothing", async () => {
    const admin = await createStaff(ctx.database.db, "admin");
    const unknown = await call(admin, "PUT", "/admin/roles/employee", { permissions: ["parks.fly"] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().fields).toEqual({ "permissions.0": "Unknown permission" });
    const fixed = await call(admin, "PUT", "/admin/roles/admin", { permissions: [] });
    expect(fixed.statusCode).toBe(422);
    expect(fixed.json().message).toBe("The admin role's permissions cannot be changed");
    const badRole = await call(admin, "PUT", "/admin/roles/pilot", { permissions: [] });
    expect(badRole.statusCode).toBe(422);
    const roles = (await call(admin, "GET", "/admin/roles")).json();
    expect(roles.roles.find((r: { key: string }) => r.key === "employee").permissions).toContain(
      "gate.create",
    );
  });

  it("checks the permission before reading the body: a manager sending garbage gets 403, not 422", async () => {
    const manager = await createStaff(ctx.database.db, "branch_manager", { operatorId: harbourview });
    const res = await call(manager, "PUT", "/admin/roles/employee", { permissions: "nonsense" });
    expect(res.statusCode).toBe(403);
  });
});
