import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { REDIS_TIMEOUT_MS } from "../../lib/shared-redis";
import { anotherApp, createTestContext, TEST_ENGINE, type TestContext } from "../../test/harness";
import { withoutTestClock } from "../../test/test-clock";

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

const login = (c: { app: FastifyInstance }, identifier: string, ip: string, password = "wrong password") =>
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
          accept_terms: true,
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
  it("two API instances (as two processes would) share one account's failure count and the contact form's count", async () => {
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

      // The contact form's count is shared too (it had an in-memory limiter of its own).
      const ip = `10.16.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const contact = (c: TestContext) =>
        c.app.inject({
          method: "POST",
          url: "/api/v1/contact",
          payload: {
            name: "Ada Obi",
            email: "ada@example.com",
            topic: "other",
            subject: "Hello there",
            message: "A message long enough to be accepted.",
          },
          remoteAddress: ip,
        });
      const sent = [];
      for (let i = 0; i < 6; i++) sent.push((await contact(i % 2 === 0 ? a : b)).statusCode);
      expect(sent).toEqual([201, 201, 201, 201, 201, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

/** A free TCP port on loopback: nothing listens there once this returns. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A Redis server of the test's own, so it can be hung, killed and started again mid-run. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore", env: withoutTestClock() },
  );
  const probe = new Redis({ port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on("error", () => {}); // refused while the server starts: the loop below retries
  for (let i = 0; ; i++) {
    try {
      await probe.connect();
      await probe.quit();
      return child;
    } catch (err) {
      if (i > 50) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** An app on the context's database with REDIS_URL set, whose log lines the test can read. */
async function appWithRedis(c: TestContext, redisUrl: string) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  const app = await buildApp({
    database: c.database,
    config: { ...c.config, REDIS_URL: redisUrl },
    logger: { level: "info", stream },
  });
  await app.ready();
  const logged = (text: RegExp) =>
    lines.filter((l) => text.test((JSON.parse(l) as { msg: string }).msg)).length;
  return { app, logged };
}

const until = async (what: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
};

const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();

describe("concurrent attempts", () => {
  it("30 wrong passwords at once for one account: 5 answers are 401, the other 25 are 429", async () => {
    const email = `race.${Date.now()}@example.com`;
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: { email, password: "the real password", first_name: "R", last_name: "C", accept_terms: true },
      remoteAddress: "10.8.0.1",
    });
    expect(res.statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 30 }, () => login(ctx, email, "10.8.0.2")));
    expect(statuses(answers)).toEqual([...Array<number>(5).fill(401), ...Array<number>(25).fill(429)]);
  });

  it.skipIf(TEST_ENGINE !== "postgres")(
    "the same through two API instances on one PostgreSQL database, sharing Redis",
    async () => {
      const extra = { config: { ...ctx.config, REDIS_URL } };
      const a = await anotherApp(ctx, extra);
      const b = await anotherApp(ctx, extra);
      try {
        const email = `race2.${Date.now()}.${Math.random()}@example.com`;
        const answers = await Promise.all(
          Array.from({ length: 30 }, (_, i) => login(i % 2 ? a : b, email, `10.9.${i % 3}.1`)),
        );
        expect(statuses(answers)).toEqual([...Array<number>(5).fill(401), ...Array<number>(25).fill(429)]);
      } finally {
        await a.close();
        await b.close();
      }
    },
  );
});

/** The rate limits' own lines about Redis (the on-sale's line logs its own, apart). */
const RATE_LIMITS_DOWN = /Redis is unreachable: rate limits/;

/**
 * How long requests may take with Redis gone or hung: what the same requests took just before in
 * this run (twice over, this machine's speed swings), plus a command timeout for each of them and
 * two spare. ioredis's own retries, which this bounds out, take 8 s or more.
 */
const withinTimeouts = (baselineMs: number, requests: number) =>
  2 * baselineMs + (requests + 2) * REDIS_TIMEOUT_MS;
const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = Date.now();
  const result = await work();
  return [result, Date.now() - started];
};
const RATE_LIMITS_BACK = /Redis is reachable again: rate limits/;

describe("Redis unreachable", () => {
  it("with REDIS_URL on a closed port, logins answer at once and are still limited, in memory", async () => {
    const port = await freePort();
    const { app, logged } = await appWithRedis(ctx, `redis://127.0.0.1:${port}`);
    try {
      const both = (on: FastifyInstance, ip: string) => async () => {
        const ok = await login({ app: on }, "driver@parkwell.test", ip, "drive-safely-2026");
        const forgot = await on.inject({
          method: "POST",
          url: "/api/v1/auth/forgot-password",
          payload: { email: "driver@parkwell.test" },
          remoteAddress: ip,
        });
        return [ok.statusCode, forgot.statusCode];
      };
      // The same two requests on the test's app (no Redis) first: this run's pace.
      const [, baseline] = await timed(both(ctx.app, "10.10.9.1"));
      const [codes, took] = await timed(both(app, "10.10.0.1"));
      expect(codes).toEqual([200, 200]);
      // Both answered within a command timeout each, not after ioredis's retries (8 s, 15 s before).
      expect(took).toBeLessThan(withinTimeouts(baseline, 2));
      const id = `closed.${Date.now()}@example.com`;
      for (let i = 0; i < 5; i++) expect((await login({ app }, id, "10.10.0.2")).statusCode).toBe(401);
      expect((await login({ app }, id, "10.10.0.3")).statusCode).toBe(429);
      // The outage is logged once by each part that uses Redis (the rate limits, the on-sale's
      // line), however many requests and reconnections there were.
      expect(logged(RATE_LIMITS_DOWN)).toBe(1);
      expect(logged(/Redis is unreachable: the on-sale's line/)).toBe(1);
    } finally {
      await app.close();
    }
  });

  it("a Redis that hangs, dies and comes back: every request is answered, and sharing resumes", async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    let redis = await startRedis(port);
    const first = await appWithRedis(ctx, url);
    const second = await appWithRedis(ctx, url);
    try {
      const id = () => `hang.${Date.now()}.${Math.random()}@example.com`;
      const shared = async (account: string) => {
        for (let i = 0; i < 5; i++) {
          const app = i % 2 ? first.app : second.app;
          expect((await login({ app }, account, `10.11.${i}.1`)).statusCode).toBe(401);
        }
        return (await login({ app: first.app }, account, "10.11.9.1")).statusCode;
      };
      expect(await shared(id())).toBe(429);

      // Hung: the connection stays open and nothing answers.
      const [, baseline] = await timed(() => login(first, id(), "10.12.9.1"));
      redis.kill("SIGSTOP");
      const hung = id();
      const [answer, took] = await timed(() => login(first, hung, "10.12.0.1"));
      expect(answer.statusCode).toBe(401);
      expect(took).toBeLessThan(withinTimeouts(baseline, 1));
      for (let i = 0; i < 4; i++) expect((await login(first, hung, "10.12.0.1")).statusCode).toBe(401);
      expect((await login(first, hung, "10.12.0.1")).statusCode).toBe(429);
      expect((await login(first, "driver@parkwell.test", "10.12.0.2", "drive-safely-2026")).statusCode).toBe(
        200,
      );
      expect(first.logged(RATE_LIMITS_DOWN)).toBe(1);

      // Killed: the connection is gone; each process counts on its own meanwhile.
      redis.kill("SIGKILL");
      await new Promise((r) => redis.once("exit", r));
      const dead = id();
      for (let i = 0; i < 5; i++) expect((await login(second, dead, "10.13.0.1")).statusCode).toBe(401);
      expect((await login(second, dead, "10.13.0.1")).statusCode).toBe(429);
      expect((await login(first, dead, "10.13.0.2")).statusCode).toBe(401);
      expect(second.logged(RATE_LIMITS_DOWN)).toBe(1);

      // Back: both processes say so once, and share their counts again.
      redis = await startRedis(port);
      await until(() => first.logged(RATE_LIMITS_BACK) === 1 && second.logged(RATE_LIMITS_BACK) === 1);
      expect(await shared(id())).toBe(429);
      expect(first.logged(RATE_LIMITS_DOWN)).toBe(1);
    } finally {
      redis.kill("SIGCONT");
      redis.kill("SIGKILL");
      await first.app.close();
      await second.app.close();
    }
  });
});
