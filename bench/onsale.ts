/**
 * npm run bench:onsale — an event's parking going on sale: many more drivers than spaces try to
 * book it at the same moment, through several built API processes behind HAProxy on one
 * PostgreSQL, and a calm baseline of the same size of event booked at an ordinary pace.
 *
 * Before the clock starts: a fresh database `parkwell_bench_onsale` (migrated and seeded), a
 * warm-up event, the **on-sale** event and the **calm** event, each created and published through
 * the back office's own service (admin-events.service create + publish, as an admin), each with
 * BENCH_SPACES (500) car spaces spread evenly over five Nigerian parks, and every driver created
 * and funded. Each driver's wallet holds twice the price of one booking: enough to book once, and
 * a charge taken twice would show in the balance instead of being refused as short of funds.
 *
 * The on-sale: BENCH_DRIVERS (2,000) drivers, each booking once, at a park of the event drawn at
 * random (the event's page lists its parks; drivers do not see each other's choices), each with
 * its own Idempotency-Key. BENCH_ARRIVAL says when they press the button:
 *   - `once` (default): all at the same instant, as behind a countdown to an announced on-sale;
 *     the harsher of the two, and a real pattern (ticket sales open this way), so the default;
 *   - `spread`: each at a time drawn uniformly in [0, BENCH_SPREAD_SECONDS (10) s).
 * Several comma-separated (`once,spread`) run one on-sale event each, in that order.
 * A 503 (the API's "briefly unavailable", e.g. a request that waited longer than the pool's
 * 10 s for a database connection) or a connection error is retried with the SAME key after a
 * short backoff (250 ms doubling, jittered, at most 5 retries); the latency of an answer is from
 * the driver's first attempt to the final answer.
 *
 * The calm baseline: an event of the same size, BENCH_CALM_DRIVERS (500) drivers, one per space
 * (each park's share of them picks it), booked by BENCH_CALM_CLIENTS (10) concurrent clients.
 * Then the **sold-out** phase: BENCH_SOLD_OUT_REQUESTS (1,000) requests for the calm event, now sold
 * out, by the first on-sale's drivers (each request with a new key), at the calm pace: the CPU of a
 * refusal per answer, against the calm phase's CPU of a sale per answer in the same run.
 *
 * Throttles: POST /bookings has no rate limit of its own (the product's limits guard sign-in,
 * sign-up, mails, access codes and the gate), so the load comes from one address without being
 * throttled; the processes share Redis (REDIS_URL, default redis://127.0.0.1:6379) as in
 * production. HAProxy drops a client's X-Forwarded-For, so distinct addresses could not be faked.
 *
 * Afterwards: the ledger invariants, no park over capacity, no event allocation oversold, no
 * refused driver charged (balance equal to the funding), every winner charged exactly once, and
 * the winners' bookings exactly the event's spaces. Writes bench/results/onsale.md.
 * Env: BENCH_DATABASE_URL (admin URL), BENCH_API_PROCESSES (2), BENCH_DRIVERS, BENCH_SPACES,
 *      BENCH_ARRIVAL, BENCH_SPREAD_SECONDS, BENCH_CALM_DRIVERS, BENCH_CALM_CLIENTS, REDIS_URL.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { AdminEventCreateSchema } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, queryRows, type Db } from "../apps/api/src/db/client";
import { migrateWithJobs } from "../apps/api/src/feature-jobs";
import { seed } from "../apps/api/src/db/seed";
import { loadAccess } from "../apps/api/src/features/admin/access.service";
import { create, publish } from "../apps/api/src/features/admin/events/admin-events.service";
import { readParkWithCountry } from "../apps/api/src/features/bookings/booking-core.service";
import { overAllocated } from "../apps/api/src/features/bookings/event-bookings.test-kit";
import { priceFlat } from "../apps/api/src/features/parks/pricing.domain";
import { withTaxesAt } from "../apps/api/src/features/reference/tax-rates.domain";
import { servedCountries } from "../apps/api/src/features/reference/served-countries";
import { creditTopUp, walletBalanceMinor } from "../apps/api/src/features/wallet/ledger.service";
import { createStaff, createUser, type TestUser } from "../apps/api/src/test/factories";
import { lagosEventForm } from "../apps/api/src/test/events";
import { ledgerViolations, overbookedParks } from "../apps/api/src/test/ledger-invariants";
import { figures, type Figures } from "./onsale-figures";
import {
  cpuMeter,
  databaseBackends,
  freshDatabase,
  loadAverage,
  postJson,
  ROOT,
  startCluster,
  writeResults,
  type Cluster,
} from "./bench-env";

const ADMIN = process.env.BENCH_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/postgres";
const DB_NAME = "parkwell_bench_onsale";
const PROCESSES = Number(process.env.BENCH_API_PROCESSES ?? 2);
const DRIVERS = Number(process.env.BENCH_DRIVERS ?? 2000);
const SPACES = Number(process.env.BENCH_SPACES ?? 500);
const ARRIVALS = (process.env.BENCH_ARRIVAL ?? "once").split(",").filter(Boolean) as Arrival[];
const SPREAD_SECONDS = Number(process.env.BENCH_SPREAD_SECONDS ?? 10);
const CALM_DRIVERS = Number(process.env.BENCH_CALM_DRIVERS ?? 500);
const CALM_CLIENTS = Number(process.env.BENCH_CALM_CLIENTS ?? 10);
const SOLD_OUT_REQUESTS = Number(process.env.BENCH_SOLD_OUT_REQUESTS ?? 1000);
const WARM_UP_DRIVERS = 100;
const EVENT_PARKS = 5;
const RETRIES = 5;
const CURRENCY = "NGN";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Arrival = "once" | "spread";

interface Driver extends TestUser {
  funded: number;
}

interface Event {
  code: string;
  id: number;
  parks: number[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Nigerian parks that sell car spaces, open all day, with room for the events' allocations. */
async function eventParks(db: Db): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT p.id FROM parks p JOIN park_capacities c ON c.park_id = p.id AND c.vehicle_type_id = 1
        JOIN countries k ON k.id = p.country_id
        WHERE k.code = 'NG' AND p.status = 'active' ORDER BY p.id LIMIT ${EVENT_PARKS}`,
  );
  const ids = rows.map((r) => Number(r.id));
  if (ids.length < EVENT_PARKS) throw new Error(`the seed has only ${ids.length} Nigerian car parks`);
  // Bench database only: all-day parks with room for every event's share (windows on other days).
  await db.execute(sql`UPDATE parks SET open_24h = true WHERE id IN ${ids}`);
  await db.execute(
    sql`UPDATE park_capacities SET capacity = greatest(capacity, ${SPACES}) WHERE vehicle_type_id = 1 AND park_id IN ${ids}`,
  );
  return ids;
}

/**
 * An event in Lagos `daysAhead` days from now with `spaces` car spaces spread evenly over
 * `parks`, created and published as the back office does it.
 */
async function publishedEvent(
  db: Db,
  admin: TestUser,
  name: string,
  parks: number[],
  spaces: number,
  daysAhead: number,
): Promise<Event> {
  const access = await loadAccess(db, {
    id: admin.id,
    email: admin.email,
    role: "admin",
    countryId: 1,
    language: "en",
    sessionId: admin.sessionId,
  });
  const actor = { userId: admin.id };
  const start = Math.ceil(Date.now() / HOUR) * HOUR + daysAhead * DAY;
  const share = (i: number) => Math.floor(spaces / parks.length) + (i < spaces % parks.length ? 1 : 0);
  const body = AdminEventCreateSchema.parse({
    ...lagosEventForm(
      start,
      parks.map((park_id, i) => ({ park_id, allocation: share(i) })),
    ),
    name,
  });
  const draft = await create(db, access, actor, body, new Date());
  const event = await publish(db, access, actor, draft.event_code, new Date());
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM events WHERE event_code = ${event.event_code}`,
  );
  return { code: event.event_code, id: Number(row!.id), parks };
}

/** The most one booking of `event` costs (its flat price and the country's fees), as the API prices it. */
async function bookingPrice(db: Db, event: Event): Promise<number> {
  const windows = await queryRows<{
    park_id: number;
    window_start: string;
    window_end: string;
    price: number;
  }>(
    db,
    sql`SELECT p.park_id, p.window_start, p.window_end, r.price_minor AS price FROM event_parks p
        JOIN event_rates r ON r.event_id = p.event_id AND r.park_id = p.park_id AND r.vehicle_type_id = 1
        WHERE p.event_id = ${event.id}`,
  );
  let most = 0;
  for (const w of windows) {
    const park = await readParkWithCountry(db, Number(w.park_id), 1);
    if (!park) throw new Error(`park ${w.park_id} cannot be booked`);
    const fees = withTaxesAt(park, park, new Date(), "window");
    const price = priceFlat(Number(w.price), fees, new Date(w.window_start), new Date(w.window_end));
    most = Math.max(most, price.totalMinor);
  }
  return most;
}

/** `n` drivers, each with `fund` in the wallet (a top-up, as the payment provider's callback credits it). */
async function fundedDrivers(db: Db, n: number, fund: number): Promise<Driver[]> {
  const drivers: Driver[] = [];
  let next = 0;
  // A few at a time: the set-up's own pool has five connections.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < n) {
        next += 1;
        const user = await createUser(db);
        await db.transaction((tx) =>
          creditTopUp(servedCountries(db), tx, {
            userId: user.id,
            currency: CURRENCY,
            amountMinor: fund,
            provider: "paystack",
            idempotencyKey: `bench:${user.id}`,
            at: new Date(), // a benchmark runs on the machine's clock
          }),
        );
        drivers.push({ ...user, funded: fund });
      }
    }),
  );
  return drivers;
}

/**
 * A driver's own connection to the load balancer, as each phone has its own; keep-alive so a
 * retry reuses it.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

export interface Attempt {
  driver: Driver;
  status: number;
  code: string;
  /** From the first attempt to the final answer, in ms. */
  ms: number;
  retried503: number;
  retriedConnection: number;
  /** Answers with a place in the on-sale's line (202), each followed by the same request again. */
  inLine: number;
  /** Each HTTP answer's own time, in ms (a place in line, the final answer, a 503). */
  answerMs: number[];
}

/**
 * One driver booking `event` at `parkId` once: retried with the same key on a 503 or a lost
 * connection; in the on-sale's line (202), asked again with the same key after its Retry-After, as
 * the web client does.
 */
async function book(base: string, event: Event, driver: Driver, parkId: number): Promise<Attempt> {
  const key = randomUUID();
  const body = JSON.stringify({ event_code: event.code, park_id: parkId, vehicle_type_id: 1 });
  const t0 = performance.now();
  let retried503 = 0;
  let retriedConnection = 0;
  let inLine = 0;
  const answerMs: number[] = [];
  for (let i = 0; ;) {
    const sent = performance.now();
    const answer = await postJson(
      agent,
      `${base}/api/v1/bookings`,
      { authorization: `Bearer ${driver.token}`, "idempotency-key": key },
      body,
    );
    answerMs.push(performance.now() - sent);
    if (answer.status === 202) {
      inLine += 1;
      await sleep((answer.retryAfter ?? 1) * 1000 * (0.9 + Math.random() * 0.2));
      continue;
    }
    const retry = answer.status === 503 || answer.status === 0;
    if (!retry || i >= RETRIES) {
      return {
        driver,
        ...answer,
        ms: performance.now() - t0,
        retried503,
        retriedConnection,
        inLine,
        answerMs,
      };
    }
    i += 1;
    if (answer.status === 503) retried503 += 1;
    else retriedConnection += 1;
    await sleep(250 * 2 ** (i - 1) * (0.5 + Math.random()));
  }
}

/** What the database's backends were doing, sampled every 100 ms: how many ran, how many waited on a lock. */
function sampleBackends(admin: pg.Client) {
  let samples = 0;
  let active = 0;
  let lockWaits = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await admin.query<{ active: number; locks: number }>(
        `SELECT count(*) FILTER (WHERE state = 'active')::int AS active,
           count(*) FILTER (WHERE wait_event_type = 'Lock')::int AS locks
         FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [DB_NAME],
      );
      samples += 1;
      active += rows[0]!.active;
      lockWaits += rows[0]!.locks;
      await sleep(100);
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return { active: active / Math.max(1, samples), lockWaits: lockWaits / Math.max(1, samples) };
  };
}

interface Phase {
  name: string;
  event: Event;
  drivers: Driver[];
  attempts: Attempt[];
  seconds: number;
  apiCpu: number;
  pgCpu: number;
  backends: { active: number; lockWaits: number };
}

/** Runs `work` with the CPU of the API processes and of this database's backends measured around it. */
async function measured(
  cluster: Cluster,
  admin: pg.Client,
  work: () => Promise<Attempt[]>,
): Promise<Omit<Phase, "name" | "event" | "drivers">> {
  const api = await cpuMeter(() => cluster.apiPids);
  const pgCpu = await cpuMeter(() => databaseBackends(admin, DB_NAME));
  const backends = sampleBackends(admin);
  const t0 = performance.now();
  const attempts = await work();
  const seconds = (performance.now() - t0) / 1000;
  return { attempts, seconds, apiCpu: await api(), pgCpu: await pgCpu(), backends: await backends() };
}

/** The on-sale: every driver at once, or each at a uniform random time in the spread. */
function onSale(base: string, event: Event, drivers: Driver[], arrival: Arrival): Promise<Attempt[]> {
  return Promise.all(
    drivers.map(async (driver) => {
      if (arrival === "spread") await sleep(Math.random() * SPREAD_SECONDS * 1000);
      const park = event.parks[Math.floor(Math.random() * event.parks.length)]!;
      return book(base, event, driver, park);
    }),
  );
}

/** The calm pace: `clients` drivers booking at a time, each park's share of drivers picking it. */
async function calm(base: string, event: Event, drivers: Driver[], clients: number): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < drivers.length) {
        const i = next;
        next += 1;
        attempts.push(await book(base, event, drivers[i]!, event.parks[i % event.parks.length]!));
      }
    }),
  );
  return attempts;
}

/**
 * The drivers' money and bookings, from the tables: a refused driver has no booking of the event
 * and the whole funding in the wallet; a winner has exactly one booking of it, one booking charge,
 * and the funding less that booking's total. Returns the violations.
 */
async function driverViolations(db: Db, phase: Phase): Promise<string[]> {
  const problems: string[] = [];
  const won = new Set(phase.attempts.filter((a) => a.status === 201).map((a) => a.driver.id));
  const booked = await queryRows<{ user_id: string; n: number; total: string }>(
    db,
    sql`SELECT user_id, count(*)::int AS n, sum(total_minor)::text AS total FROM bookings
        WHERE event_id = ${phase.event.id} AND status <> 'cancelled' GROUP BY user_id`,
  );
  const bookings = new Map(booked.map((b) => [b.user_id, b]));
  const charged = await queryRows<{ key: string; n: number }>(
    db,
    sql`SELECT a.key, count(DISTINCT t.id)::int AS n FROM ledger_entries e
        JOIN wallet_accounts a ON a.id = e.account_id AND a.kind = 'user_wallet'
        JOIN ledger_transactions t ON t.id = e.transaction_id AND t.kind = 'booking_charge'
        GROUP BY a.key`,
  );
  const charges = new Map(charged.map((c) => [c.key, Number(c.n)]));
  const total = booked.reduce((s, b) => s + Number(b.n), 0);
  if (total !== SPACES) problems.push(`${total} bookings of the event for ${SPACES} spaces`);
  if (won.size !== SPACES) problems.push(`${won.size} winners for ${SPACES} spaces`);
  for (const d of phase.drivers) {
    const balance = await walletBalanceMinor(db, d.id, CURRENCY);
    const b = bookings.get(d.id);
    const n = charges.get(`user:${d.id}:${CURRENCY}`) ?? 0;
    if (won.has(d.id)) {
      if (!b || Number(b.n) !== 1) problems.push(`winner ${d.id} has ${b?.n ?? 0} bookings of the event`);
      if (n !== 1) problems.push(`winner ${d.id} was charged ${n} times`);
      if (b && balance !== d.funded - Number(b.total)) {
        problems.push(`winner ${d.id}: balance ${balance}, funded ${d.funded}, booking ${b.total}`);
      }
    } else {
      if (b) problems.push(`refused driver ${d.id} has ${b.n} bookings of the event`);
      if (n !== 0) problems.push(`refused driver ${d.id} was charged ${n} times`);
      if (balance !== d.funded)
        problems.push(`refused driver ${d.id}: balance ${balance}, funded ${d.funded}`);
    }
  }
  return problems;
}

async function main() {
  const url = await freshDatabase(ADMIN, DB_NAME);
  const database = await openDatabase({ url, poolSize: 5, statementTimeoutMs: 0 });
  const db = database.db;
  let cluster: Cluster | null = null;
  const admin = new pg.Client({ connectionString: url });
  try {
    await migrateWithJobs(database);
    await seed(db);
    const parks = await eventParks(db);
    const staff = await createStaff(db, "admin");
    const warmEvent = await publishedEvent(db, staff, "Warm-up match", parks, WARM_UP_DRIVERS, 2);
    const saleEvents = [];
    for (const [i, arrival] of ARRIVALS.entries()) {
      saleEvents.push({
        arrival,
        event: await publishedEvent(db, staff, `Derby (${arrival})`, parks, SPACES, 3 + i),
      });
    }
    const calmEvent = await publishedEvent(db, staff, "Calm match", parks, SPACES, 3 + ARRIVALS.length);
    const fund =
      2 * Math.max(await bookingPrice(db, saleEvents[0]!.event), await bookingPrice(db, calmEvent));
    console.error(`funding ${WARM_UP_DRIVERS + DRIVERS * ARRIVALS.length + CALM_DRIVERS} drivers...`);
    const warmDrivers = await fundedDrivers(db, WARM_UP_DRIVERS, fund);
    const saleDrivers: Driver[][] = [];
    for (const _ of ARRIVALS) saleDrivers.push(await fundedDrivers(db, DRIVERS, fund));
    const calmDrivers = await fundedDrivers(db, CALM_DRIVERS, fund);
    await db.execute(sql`VACUUM ANALYZE`);

    const loadBefore = loadAverage(2);
    cluster = await startCluster(
      {
        NODE_ENV: "test",
        LOG_LEVEL: "error",
        DATABASE_URL: url,
        REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
        QR_SIGNING_SECRET: "bench-secret-bench-secret",
        DATA_DIR: path.join(ROOT, "data/bench-onsale"),
        WEB_DIST_DIR: "/nonexistent",
      },
      PROCESSES,
    );
    await admin.connect();
    const base = cluster.url;
    // Not reported: each new connection compiles the PL/pgSQL functions and V8 optimises the path.
    console.error(`warm-up: ${WARM_UP_DRIVERS} drivers, ${CALM_CLIENTS} at a time...`);
    await calm(base, warmEvent, warmDrivers, CALM_CLIENTS);

    const phases: Phase[] = [];
    for (const [i, { arrival, event }] of saleEvents.entries()) {
      const drivers = saleDrivers[i]!;
      console.error(`on-sale (${arrival}): ${drivers.length} drivers for ${SPACES} spaces...`);
      const m = await measured(cluster, admin, () => onSale(base, event, drivers, arrival));
      phases.push({ name: `on-sale (${arrival})`, event, drivers, ...m });
    }
    console.error(`calm: ${CALM_DRIVERS} drivers, ${CALM_CLIENTS} at a time...`);
    const c = await measured(cluster, admin, () => calm(base, calmEvent, calmDrivers, CALM_CLIENTS));
    phases.push({ name: "calm", event: calmEvent, drivers: calmDrivers, ...c });
    console.error(`sold out: ${SOLD_OUT_REQUESTS} requests for the sold-out calm event...`);
    const askers = Array.from({ length: SOLD_OUT_REQUESTS }, (_, i) => saleDrivers[0]![i % DRIVERS]!);
    const so = await measured(cluster, admin, () => calm(base, calmEvent, askers, CALM_CLIENTS));
    const soldOutPhase: Phase = { name: "sold out (calm pace)", event: calmEvent, drivers: askers, ...so };
    const loadAfter = loadAverage(2);
    await cluster.stop();
    cluster = null;

    const over = await overbookedParks(db);
    const oversold = await overAllocated(db);
    const money = await ledgerViolations(db);
    const checks = await Promise.all(phases.map((p) => driverViolations(db, p)));
    const all = phases.map((p) => figures(p.attempts));
    const calmFigures = all.at(-1)!;
    const burst = all[0]!;
    const ratio = burst.p99 / calmFigures.p99;
    const fiveXX = all.reduce((s, f) => s + Object.values(f.fiveXX).reduce((a, b) => a + b, 0), 0);
    const held =
      over.length === 0 && oversold.length === 0 && money.length === 0 && checks.every((c) => c.length === 0);
    const winnersRight = all.every((f) => f.winners === SPACES);
    const soldOutFigures = figures(soldOutPhase.attempts);
    const soldOutRight = soldOutFigures.soldOut === SOLD_OUT_REQUESTS;
    const perAnswer = (p: Phase) => ((p.apiCpu + p.pgCpu) / p.attempts.length) * 1000;
    const cheaper = perAnswer(phases.at(-1)!) / perAnswer(soldOutPhase);

    const row = (p: Phase, f: Figures) =>
      `| ${p.name} | ${p.drivers.length} | ${f.winners} | ${f.soldOut} | ${JSON.stringify(f.other4xx)} | ${JSON.stringify(f.fiveXX)} | ${f.retried503} | ${f.retriedConnection} | ${f.inLine} | ${f.p50.toFixed(0)} | ${f.p99.toFixed(0)} | ${f.max.toFixed(0)} | ${f.answerP99.toFixed(0)} | ${f.answerMax.toFixed(0)} | ${p.seconds.toFixed(1)} | ${(p.attempts.length / p.seconds).toFixed(0)} |`;
    const cpuRow = (p: Phase) =>
      `| ${p.name} | ${((p.apiCpu / p.seconds) * 100).toFixed(0)} % | ${((p.pgCpu / p.seconds) * 100).toFixed(0)} % | ${((p.apiCpu / p.attempts.length) * 1000).toFixed(1)} | ${((p.pgCpu / p.attempts.length) * 1000).toFixed(1)} | ${p.backends.active.toFixed(1)} | ${p.backends.lockWaits.toFixed(1)} |`;
    const answerRatio = burst.answerP99 / calmFigures.answerP99;
    const summary = `burst p99 ${burst.p99.toFixed(0)} ms / calm p99 ${calmFigures.p99.toFixed(0)} ms = ${ratio.toFixed(1)}x to the final answer; each answer's p99 ${burst.answerP99.toFixed(0)} ms / ${calmFigures.answerP99.toFixed(0)} ms = ${answerRatio.toFixed(1)}x (target <= 5x: ${answerRatio <= 5 ? "met" : "missed"}; slowest answer ${burst.answerMax.toFixed(0)} ms, within 2 s: ${burst.answerMax <= 2000 ? "yes" : "no"}); winners ${all.map((f) => f.winners).join(" / ")} (of ${SPACES}); 5xx after retries ${fiveXX}; retries needed ${all.reduce((n, f) => n + f.retried503 + f.retriedConnection, 0)}; invariants ${held ? "hold" : "VIOLATED"}; a sold-out refusal ${perAnswer(soldOutPhase).toFixed(2)} ms of API+PG CPU against a sale's ${perAnswer(phases.at(-1)!).toFixed(2)} ms: ${cheaper.toFixed(1)}x cheaper (target >= 20x: ${cheaper >= 20 ? "met" : "missed"}; ${soldOutFigures.soldOut} of ${SOLD_OUT_REQUESTS} answered \`event_sold_out\`)`;
    const report = [
      `# bench:onsale (${new Date().toISOString()})`,
      "",
      "## Method",
      "",
      `${PROCESSES} built API processes (JOB_WORKERS=false, the default pool of 10 connections each) behind HAProxy (deploy/haproxy.cfg), the job workers in one more process no request reaches, Redis for the shared limits, one PostgreSQL (\`${DB_NAME}\`, migrated and seeded); ${os.cpus().length} CPU cores shared by all of them, the load generator and other work on the machine. Each event has ${SPACES} car spaces over ${EVENT_PARKS} Nigerian parks (${SPACES / EVENT_PARKS} each), created and published through the back office's service; every driver was created and funded with twice one booking's price (${fund} kobo) before the clock started. Warm-up (not reported): ${WARM_UP_DRIVERS} drivers booking a ${WARM_UP_DRIVERS}-space event ${CALM_CLIENTS} at a time.`,
      "",
      `- **On-sale**: ${DRIVERS} drivers, each booking once at a park of the event drawn at random, arriving ${ARRIVALS.map((a) => (a === "once" ? "all at the same instant (`once`: a countdown to an announced on-sale, the harsher pattern)" : `each at a uniform random time in [0, ${SPREAD_SECONDS} s) (\`spread\`)`)).join("; then, on another event, ")}. Every request has its own Idempotency-Key; a place in the on-sale's line (202) is asked again with the same key after its Retry-After (jittered ±10 %); a 503 or a lost connection is retried with the same key after 250 ms doubling (jittered), at most ${RETRIES} retries. Latency: from the driver's first attempt to the final answer.`,
      `- **Calm**: ${CALM_DRIVERS} drivers, one per space (each park's share of them picks it), ${CALM_CLIENTS} at a time.`,
      `- **Sold out**: then ${SOLD_OUT_REQUESTS} requests for the calm event, sold out, ${CALM_CLIENTS} at a time, each with a new key: a refusal's CPU per answer against the calm phase's sale.`,
      "- Throttles: POST /bookings has no rate limit, so one client address is not throttled (HAProxy would drop a forged X-Forwarded-For anyway).",
      "",
      `Load average (1 / 5 / 15 min): ${loadBefore} before the clock started, ${loadAfter} after the last phase.`,
      "",
      "## Figures",
      "",
      "p50, p99, max: from a driver's first request to the final answer (a booking or sold out), places in line included; answer p99, max: each HTTP answer's own time (a place in line, a final answer, a 503).",
      "",
      "| phase | drivers | winners (201) | refused `event_sold_out` | other 4xx | 5xx after retries | 503s retried | connections retried | places in line (202) | p50 ms | p99 ms | max ms | answer p99 ms | answer max ms | seconds | answers/s |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
      ...phases.map((p, i) => row(p, all[i]!)),
      row(soldOutPhase, soldOutFigures),
      "",
      "Where the time went (the share of one core during the phase; CPU per answer; PostgreSQL backends of this database sampled every 100 ms: running, and waiting on a lock):",
      "",
      "| phase | API CPU | PostgreSQL CPU | API ms/answer | PG ms/answer | backends active | waiting on a lock |",
      "| --- | --- | --- | --- | --- | --- | --- |",
      ...phases.map(cpuRow),
      cpuRow(soldOutPhase),
      "",
      "## Invariants",
      "",
      `- Ledger (balances equal their entries, no negative wallet, every transaction balanced, every running balance right): ${money.length === 0 ? "hold" : money.slice(0, 5).join("; ")}.`,
      `- Parks over capacity at any instant: ${over.length === 0 ? "none" : JSON.stringify(over)}. Event allocations oversold: ${oversold.length === 0 ? "none" : JSON.stringify(oversold)}.`,
      ...phases.map(
        (p, i) =>
          `- ${p.name}: ${checks[i]!.length === 0 ? `every refused driver's balance is what it was funded with and no refused driver has a booking; every winner has exactly one booking of the event, one booking charge, and the funding less that booking's total; ${SPACES} bookings for ${SPACES} spaces` : checks[i]!.slice(0, 5).join("; ")}.`,
      ),
      "",
      "## Verdict",
      "",
      summary,
    ].join("\n");
    console.log(report);
    console.log(summary);
    writeResults("onsale.md", report);
    if (!held || !winnersRight || !soldOutRight || fiveXX > 0) process.exitCode = 1;
  } finally {
    await cluster?.stop();
    await admin.end().catch(() => {});
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
