import { randomUUID } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { queryRows } from "../../db/client";
import { users } from "../../db/schema/index";
import { seedForStart } from "../../db/seed";
import { DEMO_ACCOUNTS } from "../../db/seed/accounts";
import { bearer, createUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { createPayments } from "../payments/registry";
import { seededDecimalsOf } from "../../test/seeded-countries";

const DEMO_EMAILS = DEMO_ACCOUNTS.map((a) => a.email);

describe("demo mode off: demo money must not fail open", () => {
  it("builds no demo provider for any configuration but the first try, whatever NODE_ENV says", () => {
    for (const env of [
      { DATABASE_URL: "postgres://db.example/parkwell" },
      { STRIPE_SECRET_KEY: "sk_live_x" },
      { NODE_ENV: "development", DEMO_MODE: "false" },
      { NODE_ENV: "test", DEMO_MODE: "false" },
    ]) {
      const payments = createPayments(loadConfig(env), seededDecimalsOf);
      expect(payments.get("demo"), JSON.stringify(env)).toBeNull();
      expect(payments.demoAllowed, JSON.stringify(env)).toBe(false);
    }
  });

  describe("a fresh database seeded with DEMO_MODE=false", () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext({ DEMO_MODE: "false" });
    });
    afterAll(() => ctx?.close());

    it("answers a top-up without provider keys with a clear 503", async () => {
      const u = await createUser(ctx.database.db);
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/wallet/add-funds",
        headers: { ...bearer(u), "idempotency-key": randomUUID() },
        payload: { amount: 1000 },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: "payments_unavailable",
        message: "Payments are not available right now. Please try again later.",
      });
    });

    it("has no demo account: the published admin password opens nothing", async () => {
      const demo = await ctx.database.db
        .select({ email: users.email })
        .from(users)
        .where(inArray(users.email, DEMO_EMAILS));
      expect(demo).toEqual([]);
      const login = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        payload: { identifier: "admin@parkwell.test", password: "admin-parkwell-2026" },
      });
      expect(login.statusCode).toBe(401);
    });

    it("has everything else the seed writes", async () => {
      const [parks] = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`SELECT count(*)::int AS n FROM parks`,
      );
      expect(Number(parks?.n)).toBeGreaterThan(0);
      expect((await ctx.app.inject({ url: "/api/v1/front/parks/1" })).statusCode).toBe(200);
      expect((await ctx.app.inject({ url: "/api/v1/countries" })).statusCode).toBe(200);
    });
  });

  describe("a database left from a demo run, started with demo mode off", () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext(); // seeded in demo mode, as a first try leaves its data
    });
    afterAll(() => ctx?.close());

    it("disables the demo accounts and ends their sessions (SEED or not); demo mode brings them back", async () => {
      const db = ctx.database.db;
      const login = () =>
        ctx.app.inject({
          method: "POST",
          url: "/api/v1/auth/login",
          payload: { identifier: "admin@parkwell.test", password: "admin-parkwell-2026" },
        });
      const first = await login();
      expect(first.statusCode).toBe(200);
      const token = first.json<{ access_token: string }>().access_token;

      expect(await seedForStart(db, { SEED: false, DEMO_MODE: false })).toEqual({
        demoAccountsDisabled: DEMO_ACCOUNTS.length,
      });
      const refused = await login();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: "account_disabled" });
      const me = await ctx.app.inject({ url: "/api/v1/users/profile", headers: bearer({ token }) });
      expect(me.statusCode).toBe(401);
      expect(await seedForStart(db, { SEED: true, DEMO_MODE: false })).toEqual({ demoAccountsDisabled: 0 });
      expect((await login()).statusCode).toBe(403);

      expect(await seedForStart(db, { SEED: true, DEMO_MODE: true })).toEqual({ demoAccountsDisabled: 0 });
      expect((await login()).statusCode).toBe(200);
    });
  });
});
