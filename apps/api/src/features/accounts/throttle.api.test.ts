import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/harness";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
let dataDir: string;
let ctx: TestContext;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parkwell-throttle-"));
  ctx = await createTestContext({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const login = (c: TestContext, identifier: string, ip: string, password = "wrong password") =>
  c.app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { identifier, password },
    remoteAddress: ip,
  });

describe("throttling", () => {
  it("five failed logins for one account, from any IPs, make the sixth a 429 with Retry-After", async () => {
    const id = `victim.${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) expect((await login(ctx, id, `10.2.0.${i}`)).statusCode).toBe(401);
    const res = await login(ctx, id.toUpperCase(), "10.2.0.99");
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: "too_many_attempts",
      message: expect.stringMatching(/too many login/i),
    });
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(res.headers["retry-after"])).toBeLessThanOrEqual(60);
    // Another account from the same IP is untouched.
    expect((await login(ctx, `other.${Date.now()}@example.com`, "10.2.0.99")).statusCode).toBe(401);
  });

  it("twenty failures from one IP across accounts block that IP", async () => {
    for (let i = 0; i < 20; i++)
      expect((await login(ctx, `spray${i}@example.com`, "10.3.0.1")).statusCode).toBe(401);
    expect((await login(ctx, "spray-next@example.com", "10.3.0.1")).statusCode).toBe(429);
    expect((await login(ctx, "spray-next@example.com", "10.3.0.2")).statusCode).toBe(401);
  });

  it("successful logins do not count towards the lockout", async () => {
    for (let i = 0; i < 7; i++) {
      expect((await login(ctx, "driver@parkwell.test", "10.4.0.1", "drive-safely-2026")).statusCode).toBe(
        200,
      );
    }
  });

  it("registration, resend and forgot-password are throttled", async () => {
    const email = `much.${Date.now()}@example.com`;
    const codes = [];
    for (let i = 0; i < 4; i++) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/auth/forgot-password",
        payload: { email },
        remoteAddress: `10.5.0.${i}`,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    const reg = [];
    for (let i = 0; i < 11; i++) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/auth/register",
        payload: {
          email: `r${i}.${Date.now()}@example.com`,
          password: "password123",
          first_name: "A",
          last_name: "B",
        },
        remoteAddress: "10.6.0.1",
      });
      reg.push(res.statusCode);
    }
    expect(reg.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(reg[10]).toBe(429);
  });
});

describe("shared limits with REDIS_URL", () => {
  it("two API instances (as two processes would) share one account's failure count", async () => {
    const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
    await probe.connect(); // fails the test when Redis is not there: the shared limit must be proven
    await probe.quit();
    const a = await createTestContext({ DATA_DIR: dataDir, REDIS_URL });
    const b = await createTestContext({ DATA_DIR: dataDir, REDIS_URL });
    try {
      const id = `shared.${Date.now()}.${Math.random()}@example.com`;
      for (let i = 0; i < 5; i++) {
        const c = i % 2 === 0 ? a : b;
        expect((await login(c, id, `10.7.0.${i}`)).statusCode).toBe(401);
      }
      expect((await login(a, id, "10.7.1.1")).statusCode).toBe(429);
      expect((await login(b, id, "10.7.1.2")).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
