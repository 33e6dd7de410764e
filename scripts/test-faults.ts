/**
 * npm run test:faults — the cluster (3 API processes behind HAProxy, scripts/cluster-lib.mjs)
 * under a steady load of bookings and wallet top-ups while, one after the other, an API process
 * is killed (SIGKILL) and started again, PostgreSQL is restarted, Redis is restarted, the SMTP
 * peer refuses mail for 10 s and PostgreSQL's streaming replica, which the public reads go to, is
 * stopped and started again (no read may fail for it). Every client retries a request that got no definite answer (a 5xx,
 * a connection error) with the same Idempotency-Key, as a mobile client does. Afterwards it checks
 * that the ledger's invariants hold, that no park was overbooked, that nothing was applied twice,
 * that what the clients were told was committed is what the database holds, and that every
 * committed booking has exactly one confirmation e-mail (a second one only a lease after a message
 * the killed process had sent but not yet marked: decision 021's at-least-once gap). Ends with one line:
 *   faults: sent S, failed F, retried R, duplicated D, e-mails E/B
 * S: operations started (a booking, or a top-up: add-funds then verify), each counted once however
 * often it was retried; F: those that ended in a definite refusal (409 full, 402 short wallet, ...);
 * R: requests sent again after no definite answer; D: operations applied more than once; E/B:
 * confirmation e-mails received for committed bookings / committed bookings.
 *
 * Self-contained: its own PostgreSQL cluster (initdb in a temporary folder, run as `postgres` when
 * this runs as root), its own Redis, SMTP peer and Paystack fake, on free ports; the shared servers
 * are never touched. Needs PostgreSQL's binaries (PG_BIN, else the newest /usr/lib/postgresql/N/bin),
 * redis-server and redis-cli, and HAProxy. Bounded: it fails, saying where it was, after FAULTS_TIMEOUT_S (240).
 * Its parts: test-faults-services.ts (PostgreSQL, Redis, the SMTP peer), test-faults-clients.ts
 * (requests, retries, top-ups, bookings), test-faults-outages.ts (the four faults) and
 * test-faults-checks.ts (what is checked afterwards).
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, type Database } from "../apps/api/src/db/client";
import { startPaystackFake } from "../apps/api/src/test/fakes/paystack-fake";
import { buildStale } from "./build-stale.mjs";
import { exited, haproxyBinary, startApi, startHaproxy, waitHealthy } from "./cluster-lib.mjs";
import { checkCommitted, checkMail } from "./test-faults-checks";
import { book, browse, CLIENTS, request, topUp, type Tally, type User } from "./test-faults-clients";
import { checkAlive, runFaults, type FaultTarget } from "./test-faults-outages";
import {
  freePort,
  freePortRun,
  pgBin,
  privatePostgres,
  privateRedis,
  say,
  sleep,
  smtpPeer,
  started,
} from "./test-faults-services";

const TIMEOUT_S = Number(process.env.FAULTS_TIMEOUT_S ?? 240);
const LOAD_S = Number(process.env.FAULTS_LOAD_S ?? 75);
const USERS = 30;
const PROCESSES = 3;
const PAYSTACK_KEY = "sk_test_faults";

let phase = "starting";
const cleanups: (() => Promise<void> | void)[] = [];
/** Kept when a check fails: the API processes' and HAProxy's logs are in it. */
let keepDir = false;

// ---------------------------------------------------------------------------------------------
// The run

async function main(): Promise<number> {
  const bin = pgBin();
  const haproxy = haproxyBinary();
  const missing = [
    !bin && "PostgreSQL's binaries (set PG_BIN)",
    spawnSync("redis-server", ["--version"]).status !== 0 && "redis-server",
    spawnSync("redis-cli", ["--version"]).status !== 0 && "redis-cli",
    !haproxy && "HAProxy (apt-get install haproxy)",
  ].filter(Boolean);
  if (missing.length > 0) throw new Error(`test:faults needs ${missing.join(", ")}`);

  phase = "building";
  buildStale({ web: false });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parkwell-faults-"));
  cleanups.push(() => {
    if (!keepDir) fs.rmSync(dir, { recursive: true, force: true });
  });

  phase = "starting PostgreSQL, Redis, the SMTP peer and the Paystack fake";
  const pg = privatePostgres(bin!, dir, await freePort());
  await pg.start();
  cleanups.push(() => pg.stop("immediate").catch(() => undefined));
  const admin = await openDatabase({ url: pg.adminUrl, poolSize: 1 });
  await admin.db.execute(sql.raw("CREATE DATABASE parkwell"));
  await admin.close();
  // The public reads go to a streaming replica (decision 037), which fault 5 stops.
  const replica = await pg.replica(await freePort());
  await replica.start();
  cleanups.push(() => replica.stop("immediate").catch(() => undefined));
  const redis = privateRedis(await freePort());
  await redis.start();
  cleanups.push(() => redis.stop());
  const smtp = await smtpPeer();
  cleanups.push(() => smtp.close());
  const fake = await startPaystackFake(PAYSTACK_KEY);
  cleanups.push(() => fake.close());

  phase = "starting the cluster";
  const lbPort = await freePortRun(PROCESSES);
  const apiPorts = Array.from({ length: PROCESSES }, (_, i) => lbPort + 1 + i);
  const logs = path.join(dir, "logs");
  fs.mkdirSync(logs);
  say(`logs: ${logs} (kept when the test fails)`);
  const env = {
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DATABASE_URL: pg.url,
    DATABASE_READ_URLS: replica.url,
    HEALTH_DETAILS: "true",
    REDIS_URL: redis.url,
    SMTP_URL: smtp.url,
    MAIL_FROM: "Parkwell <no-reply@parkwell.test>",
    PAYSTACK_SECRET_KEY: PAYSTACK_KEY,
    PAYSTACK_API_URL: fake.url,
    DEMO_MODE: "false",
    QR_SIGNING_SECRET: "faults-test-qr-secret",
    TRUST_PROXY: "true",
    DRAIN_DELAY_MS: "2000",
    PUBLIC_URL: `http://localhost:${lbPort}`,
    DATA_DIR: path.join(dir, "data"),
    WEB_DIST_DIR: "/nonexistent-web-dist",
  };
  const apis: ChildProcess[] = [];
  // Only the first process seeds, before the others start (as start:cluster does): seeding again
  // under live bookings deadlocks with them on the capacity rows, and the process fails to start.
  const launch = (i: number, seed = false) => {
    const out = fs.openSync(path.join(logs, `api${i + 1}.log`), "a");
    apis[i] = startApi({
      port: apiPorts[i]!,
      env: { ...env, SEED: seed ? "true" : "false" },
      stdio: ["ignore", out, out],
    });
  };
  cleanups.push(async () => {
    for (const api of apis) if (api.exitCode === null && api.signalCode === null) api.kill("SIGTERM");
    const force = setTimeout(() => apis.forEach((a) => a.kill("SIGKILL")), 5_000);
    await Promise.all(apis.map((a) => exited(a)));
    clearTimeout(force);
  });
  launch(0, true);
  await waitHealthy(apiPorts[0]!, apis[0]!);
  for (let i = 1; i < PROCESSES; i += 1) launch(i);
  await Promise.all(apiPorts.map((port, i) => waitHealthy(port, apis[i]!)));
  const lbLog = fs.openSync(path.join(logs, "haproxy.log"), "a");
  const lb = startHaproxy({
    bin: haproxy!,
    bind: `127.0.0.1:${lbPort}`,
    apiPorts,
    stdio: ["ignore", lbLog, lbLog],
  });
  cleanups.push(async () => {
    if (lb.exitCode === null) lb.kill("SIGTERM");
    await exited(lb);
  });
  const base = `http://127.0.0.1:${lbPort}`;
  for (let i = 0; i < 50 && (await request(`${base}/api/health`, "GET", {})).status !== 200; i += 1) {
    await sleep(200);
  }

  phase = "preparing users and parks";
  const database: Database = await openDatabase({ url: pg.url, poolSize: 2 });
  cleanups.push(() => database.close());
  // Car parks in Nigeria (the users' wallets are in naira), open all day so any window can be
  // booked, with few spaces so that windows fill up and the capacity rule is exercised.
  const parks = (
    await queryRows<{ id: number }>(
      database.db,
      sql`SELECT p.id FROM parks p
          JOIN park_rates r ON r.park_id = p.id AND r.vehicle_type_id = 1 AND r.kind = 'standard'
          JOIN park_capacities c ON c.park_id = p.id AND c.vehicle_type_id = 1
          WHERE p.status = 'active' AND p.country_id = 1 ORDER BY p.id LIMIT 8`,
    )
  ).map((p) => Number(p.id));
  if (parks.length === 0) throw new Error("the seed has no active car park in Nigeria");
  await database.db.execute(sql`UPDATE parks SET open_24h = true WHERE id IN ${parks}`);
  await database.db.execute(
    sql`UPDATE park_capacities SET capacity = 12 WHERE vehicle_type_id = 1 AND park_id IN ${parks}`,
  );
  // Signed-in users written with SQL, as e2e/support/database.ts does (the session keeps the token's hash).
  const users: User[] = [];
  for (let i = 0; i < USERS; i += 1) {
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO users (email, first_name, last_name, country_id, email_verified_at)
          VALUES (${`faults.${i}.${randomBytes(3).toString("hex")}@parkwell.test`}, 'Ada', 'Faults', 1, now())
          RETURNING id`,
    );
    const token = randomBytes(32).toString("base64url");
    await database.db.execute(
      sql`INSERT INTO sessions (user_id, token_hash, idle_timeout_seconds, expires_at)
          VALUES (${row!.id}, ${createHash("sha256").update(token).digest("hex")}, 86400, now() + interval '1 day')`,
    );
    users.push({ id: row!.id, token });
  }
  const tally: Tally = {
    sent: 0,
    failed: 0,
    retried: 0,
    refusals: {},
    unavailableSeen: 0,
    bookingKeys: new Set(),
    topUpKeys: new Map(),
    reads: 0,
    readErrors: 0,
  };
  await Promise.all(
    users.map(async (u) => {
      tally.sent += 1;
      if (!(await topUp(base, fake, u, 200_000, tally))) throw new Error("a first top-up was refused");
    }),
  );

  phase = "load with faults";
  say(`load: ${CLIENTS} clients for ${LOAD_S} s through HAProxy on ${base}, ${PROCESSES} API processes`);
  const loadUntil = Date.now() + LOAD_S * 1000;
  const clients = Array.from({ length: CLIENTS }, async (_, c) => {
    const user = users[c % users.length]!;
    while (Date.now() < loadUntil) {
      tally.sent += 1;
      if (Math.random() < 0.15) await topUp(base, fake, user, 5_000, tally);
      else await book(base, user, parks, tally);
      await sleep(50 + Math.random() * 150);
    }
  });
  const readers = Array.from({ length: 2 }, async () => {
    while (Date.now() < loadUntil) {
      await browse(base, parks, tally);
      await sleep(20 + Math.random() * 60);
    }
  });

  const target: FaultTarget = {
    base,
    apis,
    apiPorts,
    launch,
    pg,
    replica,
    redis,
    smtp,
    users,
    tally,
    problems: [],
    killedAt: null,
  };
  const { problems } = target;
  await Promise.all([...clients, ...readers, runFaults(target)]);
  checkAlive(target, "is not running at the end");

  phase = "checking";
  const { codes, creditedKeys, duplicated } = await checkCommitted(database.db, users, tally, problems);

  phase = "waiting for confirmation e-mails";
  const received = await checkMail(codes, smtp, target.killedAt, problems);

  say(
    `bookings committed ${codes.length}, top-ups credited ${creditedKeys.size}; refusals ${JSON.stringify(tally.refusals)}; ` +
      `503 unavailable answers seen ${tally.unavailableSeen}; e-mails at the SMTP peer ${smtp.subjects.length}; ` +
      `public reads ${tally.reads} (5xx or no answer: ${tally.readErrors}, the primary's outage included)`,
  );
  for (const p of problems) say(`PROBLEM: ${p}`);
  if (problems.length > 0) {
    keepDir = true;
    say(`API and HAProxy logs: ${logs} (kept)`);
  }
  console.log(
    `faults: sent ${tally.sent}, failed ${tally.failed}, retried ${tally.retried}, duplicated ${duplicated}, e-mails ${received}/${codes.length}`,
  );
  return problems.length === 0 ? 0 : 1;
}

async function cleanUp() {
  // Last registered first: the cluster before the services it uses, the folder last.
  for (const step of cleanups.reverse()) {
    try {
      await step();
    } catch (err) {
      console.error(`clean-up: ${(err as Error).message}`);
    }
  }
}

const deadline = setTimeout(() => {
  console.error(`test:faults timed out after ${TIMEOUT_S} s while ${phase}`);
  void cleanUp().finally(() => process.exit(1));
}, TIMEOUT_S * 1000);

main().then(
  async (code) => {
    clearTimeout(deadline);
    say(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    await cleanUp();
    process.exit(code);
  },
  async (err: unknown) => {
    clearTimeout(deadline);
    console.error(`test:faults failed while ${phase}: ${err instanceof Error ? err.message : String(err)}`);
    keepDir = true;
    await cleanUp();
    process.exit(1);
  },
);
