/**
 * test:faults' faults, one after the other while the clients run: an API process killed and
 * started again, PostgreSQL stopped, Redis stopped, the SMTP peer refusing mail, the read replica
 * stopped. Each adds what it
 * saw go wrong to `problems`.
 */
import type { ChildProcess } from "node:child_process";
import { exited, waitHealthy } from "./cluster-lib.mjs";
import { request, UNAVAILABLE, type Tally, type User } from "./test-faults-clients";
import {
  say,
  sleep,
  type PrivatePostgres,
  type PrivateRedis,
  type PrivateReplica,
  type SmtpPeer,
} from "./test-faults-services";

/** What the faults act on: the cluster, its services and the clients' tally. */
export interface FaultTarget {
  base: string;
  apis: ChildProcess[];
  apiPorts: number[];
  /** Starts API process `i` again (not seeding). */
  launch: (i: number) => void;
  pg: PrivatePostgres;
  /** The primary's streaming replica, named in DATABASE_READ_URLS. */
  replica: PrivateReplica;
  redis: PrivateRedis;
  smtp: SmtpPeer;
  users: User[];
  tally: Tally;
  problems: string[];
  /** Set just before the kill: the e-mail check measures the lease gap from it. */
  killedAt: number | null;
}

const alive = (t: FaultTarget) => t.apis.every((a) => a.exitCode === null && a.signalCode === null);

/** The four faults, in order, with the pauses between them. */
export async function runFaults(t: FaultTarget): Promise<void> {
  await sleep(8_000);
  await killApiProcess(t);
  await sleep(6_000);
  await stopPostgres(t);
  await sleep(5_000);
  await stopRedis(t);
  await sleep(5_000);
  await refuseMail(t);
  await sleep(3_000);
  await stopReplica(t);
}

export function checkAlive(t: FaultTarget, when: string): void {
  if (!alive(t)) t.problems.push(`an API process ${when}`);
}

async function killApiProcess(t: FaultTarget) {
  say("fault 1: SIGKILL API process 2, then start it again");
  t.killedAt = Date.now();
  t.apis[1]!.kill("SIGKILL");
  await exited(t.apis[1]!);
  await sleep(2_000);
  t.launch(1);
  // A start takes about 8 s alone; beside npm test's other lanes one took 19 s.
  await waitHealthy(t.apiPorts[1]!, t.apis[1]!, 60_000);
  say("API process 2 is back");
}

async function stopPostgres(t: FaultTarget) {
  const { base, pg, tally, problems } = t;
  say("fault 2: PostgreSQL stopped for 3 s");
  const seenBefore = tally.unavailableSeen;
  await pg.stop("fast");
  // Asked directly while it is down, besides what the clients see.
  const probe = await request(`${base}/api/v1/bookings/list`, "GET", {
    authorization: `Bearer ${t.users[0]!.token}`,
  });
  if (probe.status === 503 && probe.body?.message === UNAVAILABLE) tally.unavailableSeen += 1;
  else say(`while PostgreSQL was down, the API answered ${probe.status} ${JSON.stringify(probe.body)}`);
  await sleep(3_000);
  await pg.start();
  const unavailable = tally.unavailableSeen - seenBefore;
  say(`PostgreSQL is back; 503 unavailable answers seen while it was down: ${unavailable}`);
  if (unavailable === 0)
    problems.push("no 503 with the unavailable message was seen while PostgreSQL was down");
  checkAlive(t, "exited when PostgreSQL went down");
  const back = Date.now();
  await Promise.all(t.apiPorts.map((port, i) => waitHealthy(port, t.apis[i]!, 15_000)));
  say(`every API process serves again ${((Date.now() - back) / 1000).toFixed(1)} s after PostgreSQL started`);
}

async function stopRedis(t: FaultTarget) {
  const { base, redis, problems } = t;
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
  checkAlive(t, "exited when Redis went down");
  // Back in Redis within a few seconds: ioredis reconnects by itself (at most 2 s apart).
  let shared = false;
  for (let i = 0; i < 20 && !shared; i += 1) {
    await signIn();
    shared = redis.keys("parkwell-rl:*").length > 0;
    if (!shared) await sleep(500);
  }
  if (!shared) problems.push("the rate limits did not go back to Redis after it restarted");
  say(`Redis is back${shared ? "; rate limits are counted in it again" : ""}`);
}

async function refuseMail(t: FaultTarget) {
  say("fault 4: the SMTP peer refuses mail for 10 s");
  t.smtp.refuse(true);
  await sleep(10_000);
  t.smtp.refuse(false);
  say("the SMTP peer accepts mail again");
}

/** Each API process's view of its read replica (its health details, HEALTH_DETAILS=true here). */
async function replicaStates(t: FaultTarget): Promise<(boolean | null)[]> {
  return Promise.all(
    t.apiPorts.map(async (port) => {
      const health = await request(`http://127.0.0.1:${port}/api/health`, "GET", {});
      const replicas = health.body?.read_replicas as { in_rotation: boolean }[] | undefined;
      return replicas?.[0]?.in_rotation ?? null;
    }),
  );
}

async function stopReplica(t: FaultTarget) {
  const { replica, tally, problems } = t;
  say("fault 5: the read replica stopped for 3 s");
  if ((await replicaStates(t)).some((inRotation) => inRotation !== true)) {
    problems.push("the read replica was not in rotation on every API process before it was stopped");
  }
  const errorsBefore = tally.readErrors;
  const readsBefore = tally.reads;
  await replica.stop("immediate");
  await sleep(3_000);
  const out = await replicaStates(t);
  if (out.some((inRotation) => inRotation !== false)) {
    problems.push(
      `with the read replica stopped, the API processes said in rotation: ${JSON.stringify(out)}`,
    );
  }
  await replica.start();
  const back = Date.now();
  let states = await replicaStates(t);
  while (states.some((inRotation) => inRotation !== true) && Date.now() - back < 15_000) {
    await sleep(250);
    states = await replicaStates(t);
  }
  const failed = tally.readErrors - errorsBefore;
  say(
    `the read replica is back in rotation on ${states.filter(Boolean).length}/${states.length} processes ` +
      `${((Date.now() - back) / 1000).toFixed(1)} s after it started; public reads meanwhile ${tally.reads - readsBefore}, failed ${failed}`,
  );
  if (states.some((inRotation) => inRotation !== true)) {
    problems.push("the read replica did not come back in rotation within 15 s of starting");
  }
  if (failed > 0)
    problems.push(`${failed} public reads failed (5xx or no answer) while the read replica was down`);
}
