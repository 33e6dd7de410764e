// npm run start:cluster -- --processes N [--port P]: builds what is stale, starts N API processes
// on 127.0.0.1:P+1 ... P+N sharing DATABASE_URL and REDIS_URL, and HAProxy in front of them on P
// (PORT, default 3000) with deploy/haproxy.cfg. SIGTERM or SIGINT is passed on: the API processes
// drain (DRAIN_DELAY_MS, 2000 here unless set) and exit, then HAProxy stops. A process that exits
// by itself is logged, not restarted: restarting is a supervisor's job (systemd, a container runtime).
import os from "node:os";
import { parseArgs } from "node:util";
import { buildStale } from "./build-stale.mjs";
import { exited, haproxyBinary, startApi, startHaproxy, waitHealthy } from "./cluster-lib.mjs";

const say = (line) => console.error(`cluster: ${line}`);
const refuse = (line) => {
  console.error(line);
  process.exit(1);
};

const { values } = parseArgs({
  options: { processes: { type: "string" }, port: { type: "string" } },
  strict: true,
});
const processes = Number(values.processes ?? os.availableParallelism());
const port = Number(values.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(processes) || processes < 1 || processes > 64) {
  refuse(`--processes must be a whole number from 1 to 64 (got ${JSON.stringify(values.processes)})`);
}
if (!Number.isInteger(port) || port < 1 || port + processes > 65535) {
  refuse(`--port must be a port number with room for ${processes} more above it (got ${port})`);
}
if (!process.env.DATABASE_URL) {
  refuse(
    "start:cluster needs DATABASE_URL, a PostgreSQL server every process shares: the embedded PGlite lives inside one process (use npm start)",
  );
}
if (!process.env.REDIS_URL) {
  refuse("start:cluster needs REDIS_URL, so that every process counts the same rate limits (decision 015)");
}
const haproxy = haproxyBinary();
if (!haproxy) refuse("start:cluster needs HAProxy: apt-get install haproxy, or set HAPROXY_BIN");

buildStale();

const env = {
  ...process.env,
  // Only HAProxy reaches the processes (they listen on loopback); it sets X-Forwarded-For.
  TRUST_PROXY: process.env.TRUST_PROXY ?? "true",
  // HAProxy checks every second and takes a draining process out at the first 503.
  DRAIN_DELAY_MS: process.env.DRAIN_DELAY_MS ?? "2000",
  // Links in e-mails and payment callbacks name the load balancer, not one process's port.
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
};
const apiPorts = Array.from({ length: processes }, (_, i) => port + 1 + i);
const apis = [];
let lb = null;
let stopping = false;

function watch(child, name) {
  child.once("exit", (code, signal) => {
    if (stopping) return;
    say(`${name} (pid ${child.pid}) exited (${code ?? signal}); not restarted: that is a supervisor's job`);
    const alive = [...apis, lb].filter((c) => c && c.exitCode === null && c.signalCode === null);
    if (alive.length === 0) {
      say("every process has exited");
      process.exit(1);
    }
  });
}

async function stop(signal) {
  if (stopping) return;
  stopping = true;
  say(`${signal}: the API processes drain and exit, then HAProxy stops`);
  for (const api of apis) if (api.exitCode === null) api.kill("SIGTERM");
  const codes = await Promise.all(apis.map((api) => exited(api)));
  if (lb && lb.exitCode === null) {
    // Soft stop: HAProxy lets its connections finish; a hard stop if it has not after 5 s.
    lb.kill("SIGUSR1");
    const hard = setTimeout(() => lb.kill("SIGTERM"), 5_000);
    await exited(lb);
    clearTimeout(hard);
  }
  process.exit(codes.every((c) => c === 0) ? 0 : 1);
}
process.once("SIGTERM", () => void stop("SIGTERM"));
process.once("SIGINT", () => void stop("SIGINT"));

try {
  // The first process migrates and seeds (unless SEED=false) alone; the others only check the
  // migrations. Seeding again while bookings run would deadlock with them on the capacity rows.
  for (const [i, apiPort] of apiPorts.entries()) {
    const api = startApi({ port: apiPort, env: i === 0 ? env : { ...env, SEED: "false" } });
    apis.push(api);
    watch(api, `API process ${i + 1} on port ${apiPort}`);
    if (i === 0) await waitHealthy(apiPort, api);
  }
  await Promise.all(apis.map((api, i) => waitHealthy(apiPorts[i], api)));
  const host = process.env.HOST ?? "0.0.0.0";
  // Its own process group: a terminal's Ctrl-C reaches this script, which stops HAProxy last.
  lb = startHaproxy({ bin: haproxy, bind: `${host}:${port}`, apiPorts, detached: true });
  watch(lb, "HAProxy");
  say(`${processes} API process(es) on 127.0.0.1:${apiPorts.join(", ")} behind HAProxy on ${host}:${port}`);
} catch (err) {
  say(err.message);
  await stop("start-up failure");
}
