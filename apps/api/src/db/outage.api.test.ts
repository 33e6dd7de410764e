// PostgreSQL going away and coming back, on a real server: connections are cut and refused by a
// loopback proxy standing between one app's pools and the test's database.
import net from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { bearer, createUser } from "../test/factories";
import { createTestContext, TEST_ENGINE, type TestContext } from "../test/harness";
import { openDatabase, type Database } from "./client";

/** A TCP proxy to `target` that can drop every connection and refuse new ones, then accept again. */
async function startProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    /** Every open connection cut, and nothing listening: what a stopped server looks like. */
    async cut() {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    resume: listen,
  };
}

describe.skipIf(TEST_ENGINE !== "postgres")("the database going away (PostgreSQL)", () => {
  let ctx: TestContext;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let database: Database;
  let app: FastifyInstance;
  const poolErrors: Error[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    proxy = await startProxy(new URL(ctx.url!));
    database = await openDatabase({
      url: proxy.url,
      poolSize: 3,
      searchPoolSize: 2,
      onPoolError: (err) => poolErrors.push(err),
    });
    app = await buildApp({ database, config: ctx.config, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await ctx?.close();
  });

  it("answers 503 unavailable with Retry-After while it is gone, keeps the process up, and serves again once it is back", async () => {
    const user = await createUser(ctx.database.db);
    const bookings = (language = "en") =>
      app.inject({
        url: "/api/v1/bookings/list",
        headers: { ...bearer(user), "accept-language": language },
      });
    expect((await bookings()).statusCode).toBe(200);
    // Connections idle in the pool, and one checked out as a transaction holds it between two
    // statements: both lose their server; neither may end the process.
    await Promise.all([1, 2, 3].map(() => app.inject({ url: "/api/v1/countries" })));
    if (database.raw.engine !== "postgres") throw new Error("PostgreSQL only");
    const held = await database.raw.pool.connect();

    await proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const down = await bookings();
    expect(down.statusCode).toBe(503);
    expect(down.headers["retry-after"]).toBe("2");
    expect(down.json()).toEqual({
      code: "unavailable",
      message: "Parkwell is briefly unavailable. Please try again in a moment.",
    });
    expect((await bookings("fr")).json().message).toBe(
      "Parkwell est momentanément indisponible. Veuillez réessayer dans un instant.",
    );
    expect((await app.inject({ url: "/api/health" })).json()).toEqual({ status: "unavailable" });
    expect(poolErrors.length).toBeGreaterThan(0);
    await expect(held.query("SELECT 1")).rejects.toThrow();
    held.release();

    await proxy.resume();
    expect((await bookings()).statusCode).toBe(200);
    expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);
  });
});
