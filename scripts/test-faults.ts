/**
 * npm run test:faults — the cluster (3 API processes behind HAProxy, scripts/cluster-lib.mjs)
 * under a steady load of bookings and wallet top-ups while, one after the other, an API process
 * is killed (SIGKILL) and started again, PostgreSQL is restarted, Redis is restarted and the SMTP
 * peer refuses mail for 10 s. Every client retries a request that got no definite answer (a 5xx,
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
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes, createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { openDatabase, queryRows, type Database } from "../apps/api/src/db/client";
import { startPaystackFake, type PaystackFake } from "../apps/api/src/test/fakes/paystack-fake";
import { MAIL_LEASE_MS } from "../apps/api/src/jobs/mail-job";
import { ledgerViolations, overbookedParks } from "../apps/api/src/test/ledger-invariants";
import { buildStale } from "./build-stale.mjs";
import { exited, haproxyBinary, startApi, startHaproxy, waitHealthy } from "./cluster-lib.mjs";

const TIMEOUT_S = Number(process.env.FAULTS_TIMEOUT_S ?? 240);
const LOAD_S = Number(process.env.FAULTS_LOAD_S ?? 75);
const USERS = 30;
const CLIENTS = 24;
const PROCESSES = 3;
const MAIL_WAIT_S = 60;
/** How long before the kill a message may have been accepted and still be unmarked. */
const KILL_WINDOW_MS = 5_000;
const PAYSTACK_KEY = "sk_test_faults";
const HOUR = 3_600_000;

const say = (line: string) => console.error(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const started = Date.now();
let phase = "starting";
const cleanups: (() => Promise<void> | void)[] = [];
/** Kept when a check fails: the API processes' and HAProxy's logs are in it. */
let keepDir = false;

// ---------------------------------------------------------------------------------------------
// The private services

function pgBin(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = "/usr/lib/postgresql";
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, "bin/initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], "bin") : null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });

/** A port P with P+1 ... P+n free too: the load balancer's and its processes' (start:cluster's layout). */
async function freePortRun(n: number): Promise<number> {
  for (let i = 0; i < 50; i += 1) {
    const p = 20_000 + Math.floor(Math.random() * 30_000);
    const all = await Promise.all(Array.from({ length: n + 1 }, (_, k) => portIsFree(p + k)));
    if (all.every(Boolean)) return p;
  }
  throw new Error("no run of free ports found");
}

/** A PostgreSQL cluster of its own in `dir`, as the `postgres` OS user when this runs as root. */
function privatePostgres(bin: string, dir: string, port: number) {
  const asRoot = process.getuid?.() === 0;
  const data = path.join(dir, "pgdata");
  fs.mkdirSync(data, { mode: 0o700 });
  if (asRoot) {
    const pw = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const uid = Number(pw.stdout.trim());
    const gid = Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim());
    if (!Number.isInteger(uid)) throw new Error("running as root needs the `postgres` OS user");
    fs.chmodSync(dir, 0o755);
    fs.chownSync(data, uid, gid);
  }
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
  // Without blocking: the clients in this process go on while the server stops and starts.
  const run = (tool: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const [cmd, argv] = command(tool, args);
      const child = spawn(cmd, argv, { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      child.stdout.on("data", (c: Buffer) => (out += c.toString()));
      child.stderr.on("data", (c: Buffer) => (out += c.toString()));
      child.once("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`${tool} ${args[0]} failed: ${out}`)),
      );
    });
  const [initdb, initArgs] = command("initdb", [
    "-D",
    data,
    "-U",
    "postgres",
    "--auth=trust",
    "--no-sync",
    "-E",
    "UTF8",
  ]);
  const init = spawnSync(initdb, initArgs, { encoding: "utf8", cwd: dir });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const options = `-p ${port} -k ${data} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/parkwell`,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () =>
      run("pg_ctl", ["start", "-w", "-D", data, "-l", path.join(data, "server.log"), "-o", options]),
    stop: (mode = "fast") => run("pg_ctl", ["stop", "-w", "-D", data, "-m", mode]),
  };
}

function privateRedis(port: number) {
  let child: ChildProcess | undefined;
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        { stdio: "ignore" },
      );
      for (let i = 0; i < 50 && !(await reachable(port)); i += 1) await sleep(100);
    },
    keys: (pattern: string) =>
      spawnSync("redis-cli", ["-p", String(port), "--scan", "--pattern", pattern], { encoding: "utf8" })
        .stdout.split("\n")
        .filter(Boolean),
    async stop() {
      if (!child || child.exitCode !== null) return;
      child.kill("SIGTERM");
      await exited(child);
    },
  };
}

const reachable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });

/**
 * A real SMTP peer that keeps every message's subject and when it accepted it; `refuse` turns
 * every new session and message away.
 */
async function smtpPeer() {
  const subjects: string[] = [];
  const acceptedAt: number[] = [];
  let refusing = false;
  const unavailable = () =>
    Object.assign(new Error("Service not available, try again later"), { responseCode: 421 });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      callback(refusing ? unavailable() : undefined);
    },
    onMailFrom(_address, _session, callback) {
      // Pooled connections opened before the refusal are turned away too, message by message.
      callback(refusing ? unavailable() : undefined);
    },
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
        subjects.push(subject.replace(/\r?\n[ \t]/g, " "));
        acceptedAt.push(Date.now());
        callback();
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    subjects,
    acceptedAt,
    refuse: (on: boolean) => (refusing = on),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------
// The clients

interface Tally {
  sent: number;
  failed: number;
  retried: number;
  refusals: Record<string, number>;
  /** 503 answers in the API's shape (from a process or HAProxy's errorfile) with the message. */
  unavailableSeen: number;
  bookingKeys: Set<string>;
  topUpKeys: Map<string, string>;
}

const UNAVAILABLE = "Parkwell is briefly unavailable. Please try again in a moment.";
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });

interface Answer {
  status: number;
  body: Record<string, unknown> | null;
}

function request(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        timeout: 20_000,
        headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => {
          let parsed: Record<string, unknown> | null;
          try {
            parsed = JSON.parse(text) as Record<string, unknown>;
          } catch {
            parsed = null;
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on("error", () => resolve({ status: 0, body: null }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, body: null }));
    req.end(body);
  });
}

/**
 * Sends until the answer is definite (2xx or 4xx); a 5xx or a connection error is retried, the
 * same request with the same headers, after a short pause. Gives up after `budgetMs`.
 */
async function definite(tally: Tally, send: () => Promise<Answer>, budgetMs = 60_000): Promise<Answer> {
  const until = Date.now() + budgetMs;
  for (let attempt = 0; ; attempt += 1) {
    if (attempt > 0) tally.retried += 1;
    const answer = await send();
    if (answer.status === 503 && answer.body?.code === "unavailable" && answer.body.message === UNAVAILABLE) {
      tally.unavailableSeen += 1;
    }
    if (answer.status >= 200 && answer.status < 500) return answer;
    if (Date.now() > until) return answer;
    await sleep(200 + Math.random() * 300);
  }
}

interface User {
  id: string;
  token: string;
}

async function topUp(
  base: string,
  fake: PaystackFake,
  user: User,
  amount: number,
  tally: Tally,
): Promise<boolean> {
  const key = `topup-${randomBytes(8).toString("hex")}`;
  const auth = { authorization: `Bearer ${user.token}` };
  const started = await definite(tally, () =>
    request(
      `${base}/api/v1/wallet/add-funds`,
      "POST",
      { ...auth, "idempotency-key": key },
      JSON.stringify({ amount }),
    ),
  );
  if (started.status !== 200) return refused(tally, `add-funds ${started.status}`);
  const reference = (started.body?.data as { reference?: string } | undefined)?.reference;
  if (!reference) return refused(tally, "add-funds without a reference");
  fake.complete(reference);
  // Verifying is safe to repeat (one credit per payment), so it is retried without a key.
  const verified = await definite(tally, () =>
    request(
      `${base}/api/v1/wallet/verify-payment?payment_reference=${encodeURIComponent(reference)}&payment_provider=paystack`,
      "POST",
      auth,
    ),
  );
  if (verified.status !== 200 || verified.body?.status !== "success") {
    return refused(tally, `verify ${verified.status} ${String(verified.body?.status)}`);
  }
  tally.topUpKeys.set(key, reference);
  return true;
}

function refused(tally: Tally, why: string): false {
  tally.failed += 1;
  tally.refusals[why] = (tally.refusals[why] ?? 0) + 1;
  return false;
}

async function book(base: string, user: User, parks: number[], tally: Tally): Promise<void> {
  const key = `book-${randomBytes(8).toString("hex")}`;
  const from = Math.ceil(Date.now() / HOUR) * HOUR + HOUR;
  const start = from + Math.floor(Math.random() * 5 * 24 * 4) * 15 * 60_000;
  const end = start + (1 + Math.floor(Math.random() * 3)) * HOUR;
  const body = JSON.stringify({
    park_id: parks[Math.floor(Math.random() * parks.length)],
    vehicle_type_id: 1,
    start_time: new Date(start).toISOString(),
    end_time: new Date(end).toISOString(),
  });
  const answer = await definite(tally, () =>
    request(
      `${base}/api/v1/bookings`,
      "POST",
      { authorization: `Bearer ${user.token}`, "idempotency-key": key },
      body,
    ),
  );
  if (answer.status === 201) tally.bookingKeys.add(key);
  else refused(tally, `booking ${answer.status} ${String(answer.body?.code)}`);
}

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
  buildStale();
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

  const problems: string[] = [];
  let killedAt: number | null = null;
  const alive = () => apis.every((a) => a.exitCode === null && a.signalCode === null);
  const faults = (async () => {
    await sleep(8_000);
    say("fault 1: SIGKILL API process 2, then start it again");
    killedAt = Date.now();
    apis[1]!.kill("SIGKILL");
    await exited(apis[1]!);
    await sleep(2_000);
    launch(1);
    await waitHealthy(apiPorts[1]!, apis[1]!, 30_000);
    say("API process 2 is back");

    await sleep(6_000);
    say("fault 2: PostgreSQL stopped for 3 s");
    const seenBefore = tally.unavailableSeen;
    await pg.stop("fast");
    // Asked directly while it is down, besides what the clients see.
    const probe = await request(`${base}/api/v1/bookings/list`, "GET", {
      authorization: `Bearer ${users[0]!.token}`,
    });
    if (probe.status === 503 && probe.body?.message === UNAVAILABLE) tally.unavailableSeen += 1;
    else say(`while PostgreSQL was down, the API answered ${probe.status} ${JSON.stringify(probe.body)}`);
    await sleep(3_000);
    await pg.start();
    const unavailable = tally.unavailableSeen - seenBefore;
    say(`PostgreSQL is back; 503 unavailable answers seen while it was down: ${unavailable}`);
    if (unavailable === 0)
      problems.push("no 503 with the unavailable message was seen while PostgreSQL was down");
    if (!alive()) problems.push("an API process exited when PostgreSQL went down");
    const back = Date.now();
    await Promise.all(apiPorts.map((port, i) => waitHealthy(port, apis[i]!, 15_000)));
    say(
      `every API process serves again ${((Date.now() - back) / 1000).toFixed(1)} s after PostgreSQL started`,
    );

    await sleep(5_000);
    say("fault 3: Redis stopped for 3 s");
    await redis.stop();
    // Sign-in is rate limited (plugins/throttle.ts): without Redis it is counted in memory, and
    // a wrong password is still a 401, not a 5xx.
    const signIn = () =>
      request(
        `${base}/api/v1/auth/login`,
        "POST",
        {},
        JSON.stringify({ identifier: "nobody@parkwell.test", password: "wrong-password" }),
      );
    const without = await signIn();
    if (without.status !== 401) problems.push(`a sign-in without Redis answered ${without.status}, not 401`);
    await sleep(3_000);
    await redis.start();
    if (!alive()) problems.push("an API process exited when Redis went down");
    // Back in Redis within a few seconds: ioredis reconnects by itself (at most 2 s apart).
    let shared = false;
    for (let i = 0; i < 20 && !shared; i += 1) {
      await signIn();
      shared = redis.keys("parkwell-rl:*").length > 0;
      if (!shared) await sleep(500);
    }
    if (!shared) problems.push("the rate limits did not go back to Redis after it restarted");
    say(`Redis is back${shared ? "; rate limits are counted in it again" : ""}`);

    await sleep(5_000);
    say("fault 4: the SMTP peer refuses mail for 10 s");
    smtp.refuse(true);
    await sleep(10_000);
    smtp.refuse(false);
    say("the SMTP peer accepts mail again");
  })();
  await Promise.all([...clients, faults]);
  if (!alive()) problems.push("an API process is not running at the end");

  phase = "checking";
  const db = database.db;
  const money = await ledgerViolations(db);
  problems.push(...money.map((m) => `ledger: ${m}`));
  const over = await overbookedParks(db);
  for (const o of over)
    problems.push(`park ${o.park_id} held ${o.peak} bookings at once for ${o.capacity} spaces`);

  const userIds = users.map((u) => u.id);
  const booked = await queryRows<{ key: string; code: string; n: number }>(
    db,
    sql`SELECT idempotency_key AS key, min(booking_code) AS code, count(*)::int AS n FROM bookings
        WHERE user_id IN ${userIds} GROUP BY idempotency_key`,
  );
  const credited = await queryRows<{ key: string; n: number; credits: number }>(
    db,
    sql`SELECT p.client_key AS key, count(DISTINCT p.id)::int AS n, count(t.id)::int AS credits
        FROM payments p LEFT JOIN ledger_transactions t ON t.reference = p.reference
        WHERE p.user_id IN ${userIds} AND p.status = 'succeeded' GROUP BY p.client_key`,
  );
  const duplicated =
    booked.filter((b) => b.n > 1).length + credited.filter((c) => c.n > 1 || c.credits > 1).length;
  const bookedKeys = new Set(booked.map((b) => b.key));
  const creditedKeys = new Set(credited.map((c) => c.key));
  const lostBookings = [...tally.bookingKeys].filter((k) => !bookedKeys.has(k));
  const phantomBookings = [...bookedKeys].filter((k) => !tally.bookingKeys.has(k));
  const lostTopUps = [...tally.topUpKeys.keys()].filter((k) => !creditedKeys.has(k));
  const phantomTopUps = [...creditedKeys].filter((k) => !tally.topUpKeys.has(k));
  if (lostBookings.length)
    problems.push(`${lostBookings.length} booking(s) answered 201 but not in the database`);
  if (phantomBookings.length)
    problems.push(`${phantomBookings.length} booking(s) in the database that their client was told failed`);
  if (lostTopUps.length) problems.push(`${lostTopUps.length} top-up(s) answered success but not credited`);
  if (phantomTopUps.length)
    problems.push(`${phantomTopUps.length} top-up(s) credited that their client was told failed`);
  if (duplicated > 0) problems.push(`${duplicated} operation(s) applied twice`);

  phase = "waiting for confirmation e-mails";
  const codes = booked.map((b) => b.code);
  /** Per booking code, when the SMTP peer accepted each of its confirmations. */
  const mailTimes = () => {
    const per = new Map<string, number[]>(codes.map((c) => [c, []]));
    smtp.subjects.forEach((subject, i) => {
      const code = codes.find((c) => subject.includes(c));
      if (code) per.get(code)!.push(smtp.acceptedAt[i]!);
    });
    return per;
  };
  const mails = () => new Map([...mailTimes()].map(([code, times]) => [code, times.length]));
  const mailUntil = Date.now() + MAIL_WAIT_S * 1000;
  while (Date.now() < mailUntil && [...mails().values()].some((n) => n !== 1)) await sleep(1_000);
  const perBooking = mails();
  const received = [...perBooking.values()].reduce((a, b) => a + b, 0);
  const missingMail = [...perBooking.values()].filter((n) => n === 0).length;
  // The one gap the mail delivery leaves (decision 021): the killed process had the message
  // accepted but was gone before it marked the delivery sent, so another process sends it again
  // once the claim's lease (MAIL_LEASE_MS, 60 s) has run out. Such a second copy is the designed
  // at-least-once, not a fault: the first accepted just before the kill, the second a lease later.
  // Any other repeat fails the test, with its times.
  const doubles = [...mailTimes()].filter(([, times]) => times.length > 1);
  const leaseGap = doubles.filter(
    ([, [first, second, ...more]]) =>
      more.length === 0 &&
      killedAt !== null &&
      first! <= killedAt &&
      first! > killedAt - KILL_WINDOW_MS &&
      second! >= killedAt + MAIL_LEASE_MS - KILL_WINDOW_MS,
  );
  const doubleMail = doubles.filter((d) => !leaseGap.includes(d));
  if (leaseGap.length > 0)
    say(
      `${leaseGap.length} confirmation(s) sent again a lease after the kill: accepted by the SMTP peer just before ` +
        "process 2 was killed and not yet marked sent (the at-least-once gap of decision 021)",
    );
  if (missingMail > 0) problems.push(`${missingMail} committed booking(s) without a confirmation e-mail`);
  if (doubleMail.length > 0) {
    const since = (t: number) => `${((t - (killedAt ?? t)) / 1000).toFixed(1)} s`;
    problems.push(
      `${doubleMail.length} booking(s) confirmed by more than one e-mail (${doubleMail
        .slice(0, 5)
        .map(([code, times]) => `${code} at ${times.map(since).join(", ")} from the kill`)
        .join("; ")})`,
    );
  }

  say(
    `bookings committed ${codes.length}, top-ups credited ${creditedKeys.size}; refusals ${JSON.stringify(tally.refusals)}; ` +
      `503 unavailable answers seen ${tally.unavailableSeen}; e-mails at the SMTP peer ${smtp.subjects.length}`,
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
