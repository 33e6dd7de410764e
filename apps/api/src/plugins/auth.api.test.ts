import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { migrateWithJobs } from "../feature-jobs";
import { seed } from "../db/seed";
import { endSession, endUserSessions, resolveToken } from "../features/sessions/sessions.service";
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from "../features/sessions/sessions.domain";
import { users } from "../db/schema/index";
import { eq } from "drizzle-orm";
import { freshDatabase } from "../test/harness";
import { bearer, createUser } from "../test/factories";
import { registerAuth, requireUser } from "./auth";
import { registerErrorHandler } from "./errors";

let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;
let now = new Date("2026-11-21T10:00:00Z");
const clock = () => now;

beforeAll(async () => {
  const fresh = await freshDatabase();
  ({ database, drop } = fresh);
  if (!fresh.prepared) {
    await migrateWithJobs(database);
    await seed(database.db);
  }
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  const auth = registerAuth(app, { resolveToken: (token) => resolveToken(database.db, clock, token) });
  app.get("/me", { onRequest: auth.required }, async (req) => ({ id: requireUser(req).id }));
  app.get("/maybe", { onRequest: auth.optional }, async (req) => ({ id: req.authUser?.id ?? null }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop?.();
});

const me = (headers: Record<string, string> = {}) => app.inject({ method: "GET", url: "/me", headers });

describe("bearer authentication", () => {
  it("refuses a request without a token with the documented message", async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "No authentication token found", code: "unauthenticated" });
  });

  it("refuses an unknown or malformed token", async () => {
    for (const authorization of ["Bearer nope", "Bearer " + "x".repeat(43), "Basic abc", "Bearer"]) {
      const res = await me({ authorization });
      expect(res.statusCode).toBe(401);
    }
  });

  it("lets a live session through and says who it is", async () => {
    now = new Date("2026-11-21T10:00:00Z");
    const user = await createUser(database.db, {}, clock);
    const res = await me(bearer(user));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: user.id });
    const anon = await app.inject({ method: "GET", url: "/maybe" });
    expect(anon.json()).toEqual({ id: null });
    const known = await app.inject({ method: "GET", url: "/maybe", headers: bearer(user) });
    expect(known.json()).toEqual({ id: user.id });
  });

  it("ends a session after the idle timeout, and keeps one that is used", async () => {
    now = new Date("2026-11-21T10:00:00Z");
    const idle = await createUser(database.db, {}, clock);
    const busy = await createUser(database.db, {}, clock);
    const step = (SESSION_IDLE_SECONDS * 1000) / 2;
    now = new Date(now.getTime() + step);
    expect((await me(bearer(busy))).statusCode).toBe(200);
    now = new Date(now.getTime() + step + 1000);
    expect((await me(bearer(idle))).statusCode).toBe(401);
    expect((await me(bearer(busy))).statusCode).toBe(200);
  });

  it("ends every session at the absolute lifetime however busy", async () => {
    now = new Date("2026-11-21T10:00:00Z");
    const user = await createUser(database.db, {}, clock);
    const end = now.getTime() + SESSION_ABSOLUTE_SECONDS * 1000;
    while (now.getTime() + (SESSION_IDLE_SECONDS * 1000) / 2 < end) {
      now = new Date(now.getTime() + (SESSION_IDLE_SECONDS * 1000) / 2);
      expect((await me(bearer(user))).statusCode).toBe(200);
    }
    now = new Date(end);
    expect((await me(bearer(user))).statusCode).toBe(401);
  });

  it("ends a revoked session, all of a user's sessions, and a disabled user's", async () => {
    now = new Date("2026-11-21T10:00:00Z");
    const a = await createUser(database.db, {}, clock);
    await endSession(database.db, clock, a.sessionId);
    expect((await me(bearer(a))).statusCode).toBe(401);

    const b = await createUser(database.db, {}, clock);
    await endUserSessions(database.db, clock, b.id);
    expect((await me(bearer(b))).statusCode).toBe(401);

    const c = await createUser(database.db, {}, clock);
    expect((await me(bearer(c))).statusCode).toBe(200);
    await database.db.update(users).set({ disabledAt: now }).where(eq(users.id, c.id));
    expect((await me(bearer(c))).statusCode).toBe(401);
  });
});
