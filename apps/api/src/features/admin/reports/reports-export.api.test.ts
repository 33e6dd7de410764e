import http from "node:http";
import type { AddressInfo } from "node:net";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../db/client";
import { bearer, createStaff, createUser, type TestUser } from "../../../test/factories";
import { createTestContext, TEST_ENGINE, type TestContext } from "../../../test/harness";
import { servedCountries } from "../../reference/served-countries";
import type { StaffAccess } from "../access.service";
import { exportCsv } from "./reports.service";

/**
 * A 100,000-row CSV export streams: the API reads it in keyset batches and writes each to the
 * socket as it drains, so the heap stays flat while more than 10 MB go out, and every row is there
 * exactly once. Over a real socket (app.inject would buffer the whole reply in this process).
 *
 * The 100,000 rows go through PostgreSQL's run; PGlite's (a minute more of lane time for the same
 * code) checks with 3,000 rows that the export reads each 1,000-row batch only when the last was
 * taken, which is what bounds the memory on either engine.
 */
const STREAMED = TEST_ENGINE === "postgres";
const ROWS = STREAMED ? 100_000 : 3_000;

/**
 * A full collection before each sample, so that the heap measured is what is still referenced (the
 * rows a buffering export would keep), not garbage a later collection would free.
 */
v8.setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
let ctx: TestContext;
let admin: TestUser;
let base: string;
let parkId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  admin = await createStaff(db, "admin");
  const driver = await createUser(db);
  // A park of its own so that the range holds exactly these rows.
  const [park] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM parks WHERE country_id = 1 ORDER BY id DESC LIMIT 1`,
  );
  parkId = park!.id;
  await db.execute(sql`DELETE FROM bookings WHERE park_id = ${parkId}`);
  // One statement: completed bookings over the last 20 days, plate and code numbered.
  await db.execute(sql`INSERT INTO bookings (booking_code, user_id, park_id, vehicle_type_id, plate_number,
      start_time, end_time, status, currency, total_minor, paid_minor, breakdown, created_at)
    SELECT 'PW-T' || lpad(g::text, 6, '0'), ${driver.id}, ${parkId}, 1, 'LAG' || g,
      now() - interval '20 days' + g * interval '15 seconds',
      now() - interval '20 days' + g * interval '15 seconds' + interval '2 hours',
      'completed', 'NGN', 123456, 123456,
      '{"hours":2,"days":0,"parkingMinor":100000,"serviceFeeMinor":10000,"bookingFeeMinor":10000,"taxMinor":3456,"totalMinor":123456}'::jsonb,
      now() - interval '21 days'
    FROM generate_series(1, ${ROWS}) g`);
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}, 300_000);

afterAll(async () => {
  await ctx?.close();
});

/** Reads a reply chunk by chunk, keeping only counts: the lines, the bytes, the codes' checksum. */
function download(url: string, token: string, onChunk: (res: http.IncomingMessage) => void) {
  return new Promise<{
    status: number;
    type: string;
    bytes: number;
    lines: number;
    codeSum: number;
    first: string;
  }>((resolve, reject) => {
    http
      .get(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
        let bytes = 0;
        let lines = 0;
        let codeSum = 0;
        let carry = "";
        let first = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          bytes += Buffer.byteLength(chunk);
          const parts = (carry + chunk).split("\r\n");
          carry = parts.pop() ?? "";
          for (const line of parts) {
            if (lines === 0) first = line;
            lines += 1;
            const m = /^PW-T(\d{6}),/.exec(line);
            if (m) codeSum += Number(m[1]);
          }
          onChunk(res);
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers["content-type"]),
            bytes,
            lines,
            codeSum,
            first,
          }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

describe(`a ${ROWS.toLocaleString("en")}-row CSV export (${TEST_ENGINE})`, () => {
  it.skipIf(!STREAMED)(
    "streams every row exactly once with a flat heap",
    async () => {
      const from = new Date(Date.now() - 22 * 86_400_000).toISOString().slice(0, 10);
      const to = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const url = `${base}/api/v1/admin/reports/bookings?park_id=${parkId}&from=${from}&to=${to}&format=csv`;
      gc();
      const used = () => {
        const m = process.memoryUsage();
        return { heap: m.heapUsed, all: m.heapUsed + m.external };
      };
      const baseline = used();
      let peakAll = baseline.all;
      let peak = baseline.heap;
      let samples = 0;
      let paused = false;
      const sample = () => {
        if (paused) return;
        gc();
        samples += 1;
        const now = used();
        peak = Math.max(peak, now.heap);
        peakAll = Math.max(peakAll, now.all);
      };
      // On a timer as well as on each chunk received: between the server's own steps too.
      const timer = setInterval(sample, 100);
      // Another request in the middle of the export is served: no transaction or connection is held.
      let other: Promise<number> | null = null;
      let chunks = 0;
      // The export's batch queries, counted as the app runs them.
      const db = ctx.database.db;
      const execute = db.execute.bind(db);
      const dialect = new PgDialect();
      let batches = 0;
      db.execute = ((query: SQL) => {
        if (dialect.sqlToQuery(query).sql.includes("ORDER BY b.start_time, b.id")) batches += 1;
        return execute(query);
      }) as typeof db.execute;
      // The reader stops until the server has stopped reading batches (backpressure): the count
      // is polled while paused, and "stopped" means it stayed the same for a whole second. How
      // many batches fit in the socket's buffers first depends on the kernel and the machine's
      // load, so no fixed number is asked; without backpressure the count only settles at the end.
      const pause: { settled: number; after: number } = { settled: -1, after: -1 };
      const untilStopped = () =>
        new Promise<void>((resolve) => {
          let last = -1;
          let steady = 0;
          let polls = 0;
          const poll = setInterval(() => {
            polls += 1;
            steady = batches === last ? steady + 1 : 0;
            last = batches;
            // 10 polls of 100 ms without a new batch, or 20 s at most (then the checks below fail).
            if (steady < 10 && polls < 200) return;
            clearInterval(poll);
            pause.settled = batches;
            resolve();
          }, 100);
        });
      const result = await download(url, admin.token, (res) => {
        chunks += 1;
        if (chunks % 10 === 0) sample();
        if (chunks === 30) {
          res.pause();
          paused = true;
          void untilStopped().then(() =>
            setTimeout(() => {
              pause.after = batches;
              paused = false;
              res.resume();
            }, 1000),
          );
        }
        if (chunks === 50) {
          other = ctx.app
            .inject({ method: "GET", url: "/api/v1/admin/dashboard", headers: bearer(admin) })
            .then((r) => r.statusCode);
        }
      });
      db.execute = execute;
      clearInterval(timer);
      expect(samples).toBeGreaterThan(10);
      expect(result.status).toBe(200);
      expect(result.type).toBe("text/csv; charset=utf-8");
      expect(result.first.replace("\uFEFF", "").startsWith("Code,Park ID,Park,")).toBe(true);
      expect(result.lines).toBe(ROWS + 1);
      // Each code 1..ROWS once: the checksum of a set with a row missing or doubled differs.
      expect(result.codeSum).toBe((ROWS * (ROWS + 1)) / 2);
      expect(result.bytes).toBeGreaterThan(10 * 1024 * 1024);
      // Read in batches of 1,000 (the last one empty).
      expect(batches).toBe(ROWS / 1000 + 1);
      // While the reader was stopped the server stopped reading, short of the end, and was still
      // short of it a second later. That each batch is read only when the last was taken is
      // checked exactly below.
      expect(pause.settled).toBeGreaterThan(0);
      expect(pause.settled, `stopped at ${pause.settled} of ${batches} batches`).toBeLessThan(batches - 1);
      expect(pause.after, `${pause.after} of ${batches} batches a second later`).toBeLessThan(batches - 1);
      expect(other).not.toBeNull();
      expect(await other!).toBe(200);
      const growthMb = (peak - baseline.heap) / 1024 / 1024;
      const allGrowthMb = (peakAll - baseline.all) / 1024 / 1024;
      console.log(
        `export ${TEST_ENGINE}: ${(result.bytes / 1024 / 1024).toFixed(1)} MB, ${result.lines} lines, heap growth ${growthMb.toFixed(1)} MB, heap + external ${allGrowthMb.toFixed(1)} MB, over ${samples} samples; while paused the server stopped at batch ${pause.settled} of ${batches}`,
      );
      expect(growthMb).toBeLessThan(30);
      // Buffers handed to the socket (and PGlite's memory) live outside the JS heap: counted too.
      expect(allGrowthMb).toBeLessThan(30);
    },
    300_000,
  );

  it("reads a batch only when the previous one has been taken, and stops when the reader does", async () => {
    const db = ctx.database.db;
    const execute = db.execute.bind(db);
    const dialect = new PgDialect();
    let batches = 0;
    db.execute = ((query: SQL) => {
      if (dialect.sqlToQuery(query).sql.includes("ORDER BY b.start_time, b.id")) batches += 1;
      return execute(query);
    }) as typeof db.execute;
    try {
      const countries = servedCountries(db);
      const access: StaffAccess = {
        userId: admin.id,
        email: admin.email,
        firstName: "Ada",
        lastName: "Obi",
        role: "admin",
        permissions: new Set(),
        operator: null,
        parkIds: null,
      };
      const from = new Date(Date.now() - 22 * 86_400_000).toISOString().slice(0, 10);
      const { chunks } = await exportCsv({ db, clock: () => new Date(), countries }, access, "bookings", {
        page: 1,
        size: 10,
        format: "csv",
        from,
        park_id: parkId,
      });
      expect(batches).toBe(0);
      expect((await chunks.next()).value).toContain("Code,Park ID");
      expect(batches).toBe(0);
      const first = (await chunks.next()).value as string;
      expect(first.split("\r\n").filter(Boolean)).toHaveLength(1000);
      expect(batches).toBe(1);
      await chunks.next();
      expect(batches).toBe(2);
      // The reply closed (the client went away): the generator ends and reads nothing more.
      await chunks.return(undefined);
      expect((await chunks.next()).done).toBe(true);
      expect(batches).toBe(2);
    } finally {
      db.execute = execute;
    }
  });
});
