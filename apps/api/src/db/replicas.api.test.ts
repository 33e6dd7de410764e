/**
 * Read replicas on a real streaming replica (npm run test:replica starts a primary and its hot
 * standby, and controls the standby through TEST_REPLICA_CONTROL): public reads go to the standby,
 * a reader who wrote reads their write, a lagging or stopped standby leaves the rotation (logged
 * once, shown on the health details) and every read is still answered, and it comes back.
 * Skipped without a replica (the ordinary PGlite and PostgreSQL runs).
 */
import type { Health, ParkDetail } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { bearer, createStaff, createUser } from "../test/factories";
import { freshDatabase, inRotation, replicaUrls, testConfig, type FreshDatabase } from "../test/harness";
import { openDatabase, queryRows, type Database } from "./client";
import { hasReplayed, parseLsn } from "./read-replicas";

const CONTROL = process.env.TEST_REPLICA_CONTROL;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function replica(action: "stop" | "start" | "delay", ms = 0): Promise<void> {
  const res = await fetch(`${CONTROL}/${action}${action === "delay" ? `?ms=${ms}` : ""}`, { method: "POST" });
  if (res.status !== 204) throw new Error(`replica ${action}: ${res.status} ${await res.text()}`);
}

/** Polls `check` until it holds (or fails after `ms`, saying what `state` shows then). */
async function eventually(
  check: () => Promise<boolean> | boolean,
  ms = 15_000,
  state?: () => unknown,
): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until)
      throw new Error(
        `the condition did not come true in time${state ? `: ${JSON.stringify(state())}` : ""}`,
      );
    await sleep(100);
  }
}

interface Process {
  app: FastifyInstance;
  database: Database;
  /** What the process logged about its replicas. */
  lines: string[];
  close(): Promise<void>;
}

describe.skipIf(!CONTROL)("read replicas (PostgreSQL and a streaming replica)", () => {
  let fresh: FreshDatabase;
  let name: string;
  const processes: Process[] = [];

  /** An API process on the test's database with its own replica pool, checked every 200 ms. */
  async function apiProcess(maxReplicaLagMs = 10_000): Promise<Process> {
    const database = await openDatabase({
      url: fresh.url,
      readUrls: replicaUrls(name),
      maxReplicaLagMs,
      replicaCheckMs: 200,
    });
    await inRotation(database);
    const lines: string[] = [];
    const config = testConfig({ HEALTH_DETAILS: "true" });
    const app = await buildApp({
      database,
      config,
      logger: {
        level: "info",
        stream: {
          write: (line: string) => {
            const msg = (JSON.parse(line) as { msg?: string }).msg ?? "";
            if (msg.startsWith("read replica")) lines.push(msg);
          },
        },
      },
    });
    await app.ready();
    const p = {
      app,
      database,
      lines,
      async close() {
        await app.close();
        await database.close();
      },
    };
    processes.push(p);
    return p;
  }

  /** What a process's checks show of its replica, and what it logged: a failed wait says it. */
  const seen = (p: Process) => () => ({ replica: p.database.replicas!.states()[0], logged: p.lines });
  const primary = () => fresh.database.db;
  let park: { id: number; slug: string; name: string };
  const parkName = async (app: FastifyInstance, cookie?: string) => {
    const res = await app.inject({
      url: `/api/v1/front/parks/${park.slug}`,
      headers: cookie ? { cookie } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ParkDetail>().name;
  };
  const rename = (to: string) => primary().execute(sql`UPDATE parks SET name = ${to} WHERE id = ${park.id}`);
  const replicaClient = async () => {
    const client = new pg.Client({ connectionString: replicaUrls(name)[0] });
    await client.connect();
    return client;
  };
  /**
   * Waits until the replica has replayed everything the primary has committed so far. The insert
   * position, not the written one: the test's primary commits with synchronous_commit off, so a
   * commit can wait in the WAL's buffers, past the written position, for the WAL writer.
   */
  const replayed = async () => {
    const [{ lsn }] = (await queryRows<{ lsn: string }>(
      primary(),
      sql`SELECT pg_current_wal_insert_lsn()::text AS lsn`,
    )) as [{ lsn: string }];
    const target = parseLsn(lsn)!;
    const client = await replicaClient();
    try {
      await eventually(async () => {
        const { rows } = await client.query<{ lsn: string }>("SELECT pg_last_wal_replay_lsn()::text AS lsn");
        return hasReplayed(parseLsn(rows[0]?.lsn) ?? 0n, target);
      });
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    fresh = await freshDatabase();
    name = new URL(fresh.url!).pathname.slice(1);
    const [row] = await queryRows<{ id: number; slug: string; name: string }>(
      primary(),
      sql`SELECT id, slug, name FROM parks WHERE status = 'active' ORDER BY id LIMIT 1`,
    );
    park = row!;
  });

  afterAll(async () => {
    await replica("delay", 0).catch(() => undefined);
    for (const p of processes) await p.close();
    await fresh?.database.close();
    await fresh?.drop();
  });

  it("sends public reads to the replica, and a reader's reads after their write to where it is", async () => {
    const one = await apiProcess();
    const other = await apiProcess();
    await replica("delay", 2_500);
    try {
      const before = await parkName(one.app);
      await rename("Renamed on the primary");
      // The replica has not replayed the change (replay waits 2.5 s): a visitor still reads the old
      // name, which only the replica still holds.
      expect(await parkName(one.app)).toBe(before);

      // A write through the API answers with its WAL position; the writer's next reads see it.
      const driver = await createUser(primary());
      const added = await one.app.inject({
        method: "POST",
        url: "/api/v1/user/vehicles",
        headers: bearer(driver),
        payload: { plate_number: "LAG 037 RR", vehicle_type_id: 1 },
      });
      expect(added.statusCode, added.body).toBe(201);
      const cookie = [added.headers["set-cookie"]].flat().find((c) => c?.startsWith("read_after="));
      expect(cookie).toMatch(
        /^read_after=[0-9A-F]+%2F[0-9A-F]+; Path=\/; Max-Age=60; HttpOnly; SameSite=Lax$/,
      );
      const carried = cookie!.split(";")[0]!;
      expect(await parkName(one.app, carried)).toBe("Renamed on the primary");
      expect(await parkName(other.app, carried)).toBe("Renamed on the primary");
      // Without it, still the replica's.
      expect(await parkName(one.app)).toBe(before);
      // A malformed position is no position.
      expect(await parkName(one.app, "read_after=not-a-position")).toBe(before);

      // A write that changes public pages (staff renaming a park) raises its process's bound for
      // every reader (its page cache is emptied and must not refill from the replica); another
      // process, which the write did not pass through, reads the replica until it replays.
      const admin = await createStaff(primary(), "admin");
      const edited = await one.app.inject({
        method: "PATCH",
        url: `/api/v1/admin/parks/${park.id}`,
        headers: bearer(admin),
        payload: { name: "Renamed by staff" },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await parkName(one.app)).toBe("Renamed by staff");
      expect(await parkName(other.app)).toBe(before);

      // Once replayed, every reader reads it from the replica.
      await replica("delay", 0);
      await replayed();
      expect(await parkName(other.app)).toBe("Renamed by staff");
      expect(one.lines).toEqual([]);
    } finally {
      await replica("delay", 0);
      await rename(park.name);
    }
  });

  it("takes a lagging replica out of rotation (one log line, the health figure), reads the primary meanwhile, and takes it back", async () => {
    const p = await apiProcess(1_000);
    await replica("delay", 4_000);
    try {
      await rename("Written while the replica lags");
      await eventually(() => p.database.replicas!.states()[0]!.inRotation === false, 15_000, seen(p));
      expect(p.lines).toHaveLength(1);
      expect(p.lines[0]).toMatch(/^read replica out of rotation: lagging \d+ ms \(more than 1000 ms\)$/);
      const health = (await p.app.inject({ url: "/api/health" })).json<Health>();
      expect(health.status).toBe("ok");
      expect(health.read_replicas).toEqual([
        {
          name: expect.stringMatching(new RegExp(`^127\\.0\\.0\\.1:\\d+/${name}$`)),
          in_rotation: false,
          lag_ms: expect.any(Number),
          reason: expect.stringMatching(/^lagging/),
        },
      ]);
      expect(health.read_replicas![0]!.lag_ms).toBeGreaterThan(1_000);
      // Out of rotation, reads go to the primary: the new name at once.
      expect(await parkName(p.app)).toBe("Written while the replica lags");

      await replica("delay", 0);
      await eventually(() => p.database.replicas!.states()[0]!.inRotation, 15_000, seen(p));
      expect(p.lines).toEqual([
        expect.stringMatching(/^read replica out of rotation: lagging/),
        "read replica back in rotation",
      ]);
      const back = (await p.app.inject({ url: "/api/health" })).json<Health>().read_replicas![0]!;
      expect(back).toMatchObject({ in_rotation: true, reason: null });
      expect(back.lag_ms).toBeLessThanOrEqual(1_000);
    } finally {
      await replica("delay", 0);
      await rename(park.name);
    }
  });

  it("answers every read while the replica is stopped mid-load, and reads it again once it is back", async () => {
    const p = await apiProcess();
    const statuses = new Map<number, number>();
    let running = true;
    const urls = [
      "/api/v1/parks/front/parks/?country=NG",
      `/api/v1/front/parks/${park.slug}`,
      "/api/v1/parks/front/parks/?country=CA&search=toronto",
      "/api/v1/events?country=NG",
      "/sitemap.xml",
    ];
    const load = Array.from({ length: 6 }, async (_, worker) => {
      for (let i = worker; running; i += 1) {
        const res = await p.app.inject({ url: urls[i % urls.length]! });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      }
    });
    try {
      await sleep(700);
      await replica("stop");
      await eventually(() => p.database.replicas!.states()[0]!.inRotation === false, 15_000, seen(p));
      expect(p.database.replicas!.states()[0]!.reason).toMatch(/^unreachable: /);
      await sleep(700);
      await replica("start");
      await eventually(() => p.database.replicas!.states()[0]!.inRotation, 30_000);
      await sleep(500);
    } finally {
      running = false;
      await Promise.all(load);
    }
    // Every answer was a 200: the reads a stopped replica failed were run again on the primary.
    expect([...statuses.keys()]).toEqual([200]);
    expect(statuses.get(200)).toBeGreaterThan(50);
    expect(p.lines).toEqual([
      expect.stringMatching(/^read replica out of rotation: unreachable: /),
      "read replica back in rotation",
    ]);
    // Back in rotation, the reads are the replica's again: with its replay held, a change on the
    // primary is not seen.
    await replica("delay", 2_500);
    try {
      const before = await parkName(p.app);
      await rename("Renamed after the restart");
      expect(await parkName(p.app)).toBe(before);
    } finally {
      await replica("delay", 0);
      await rename(park.name);
    }
  });
});
