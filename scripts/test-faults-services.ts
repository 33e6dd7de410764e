/**
 * The private services of the tests that start their own servers (test:faults, test:replica), each
 * on a free port of its own: a PostgreSQL cluster and its streaming replicas, Redis and an SMTP
 * peer that can be told to refuse mail; and the run's log line and pause.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { exited } from "./cluster-lib.mjs";

export const started = Date.now();
/** A line on stderr with the seconds since the run started. */
export const say = (line: string) =>
  console.error(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${line}`);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function pgBin(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = "/usr/lib/postgresql";
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, "bin/initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], "bin") : null;
}

/**
 * The first port of the kernel's ephemeral range: the ports it hands out for `listen(0)` and for
 * outgoing connections. The browser lane's servers and Chromium's connections live there, beside
 * this run; so the ports of this run's own servers are picked below it, where only fixed-port
 * services live and a free port stays free.
 */
function ephemeralStart(): number {
  try {
    const low = Number(fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").split(/\s+/)[0]);
    if (Number.isInteger(low) && low > 12_000) return low;
  } catch {
    // not Linux: the range most systems use (IANA's dynamic ports).
  }
  return 49_152;
}

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });

/** A port P with P+1 ... P+n free too: the load balancer's and its processes' (start:cluster's layout). */
export async function freePortRun(n: number): Promise<number> {
  const from = 10_000;
  const span = ephemeralStart() - from - n - 1;
  for (let i = 0; i < 50; i += 1) {
    const p = from + Math.floor(Math.random() * span);
    const all = await Promise.all(Array.from({ length: n + 1 }, (_, k) => portIsFree(p + k)));
    if (all.every(Boolean)) return p;
  }
  throw new Error("no run of free ports found");
}

/** One free port below the ephemeral range (see `ephemeralStart`). */
export const freePort = () => freePortRun(0);

/**
 * PostgreSQL's tools as the `postgres` OS user when this runs as root (the server refuses root),
 * and the owner its data folders need.
 */
function pgTools(bin: string) {
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot
    ? {
        uid: Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim()),
        gid: Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim()),
      }
    : null;
  if (owner && !Number.isInteger(owner.uid)) throw new Error("running as root needs the `postgres` OS user");
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
  // Without blocking: the clients in this process go on while the server stops and starts.
  const run = (tool: string, args: string[], cwd: string) =>
    new Promise<void>((resolve, reject) => {
      const [cmd, argv] = command(tool, args);
      const child = spawn(cmd, argv, { cwd, stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      child.stdout.on("data", (c: Buffer) => (out += c.toString()));
      child.stderr.on("data", (c: Buffer) => (out += c.toString()));
      child.once("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`${tool} ${args[0]} failed: ${out}`)),
      );
    });
  /** A data folder the server's user owns, in `dir`. */
  const dataDir = (dir: string, name: string) => {
    const data = path.join(dir, name);
    fs.mkdirSync(data, { mode: 0o700 });
    if (owner) {
      fs.chmodSync(dir, 0o755);
      fs.chownSync(data, owner.uid, owner.gid);
    }
    return data;
  };
  return { command, run, dataDir };
}

/** start/stop of a server on `data`, listening on 127.0.0.1:`port` with `settings`. */
function serverControl(
  tools: ReturnType<typeof pgTools>,
  dir: string,
  data: string,
  port: number,
  settings: string,
) {
  const options = `-p ${port} -k ${data} -c listen_addresses=127.0.0.1 ${settings}`;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/parkwell`,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    data,
    start: () =>
      tools.run(
        "pg_ctl",
        ["start", "-w", "-D", data, "-l", path.join(data, "server.log"), "-o", options],
        dir,
      ),
    stop: (mode = "fast") => tools.run("pg_ctl", ["stop", "-w", "-D", data, "-m", mode], dir),
  };
}

/**
 * A PostgreSQL cluster of its own in `dir`, as the `postgres` OS user when this runs as root.
 * `replica(port)` makes a streaming replica of it (pg_basebackup while it runs, then a hot standby).
 */
export function privatePostgres(bin: string, dir: string, port: number) {
  const tools = pgTools(bin);
  const data = tools.dataDir(dir, "pgdata");
  const [initdb, initArgs] = tools.command("initdb", [
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
  // Speed over durability: the cluster lives as long as the run. A base backup forces full-page
  // writes for its own duration whatever the setting says.
  const primary = serverControl(
    tools,
    dir,
    data,
    port,
    "-c fsync=off -c synchronous_commit=off -c full_page_writes=off",
  );
  return {
    ...primary,
    /** A hot standby of this (running) cluster, streaming its WAL, on `replicaPort`; not started. */
    async replica(replicaPort: number) {
      const replicaData = tools.dataDir(dir, `replica-${replicaPort}`);
      // -R writes the standby's connection to the primary and its standby.signal. -C -S: a
      // replication slot of its own, so the primary keeps every WAL segment the standby has not yet
      // received. Without one, a standby that falls behind on a loaded machine (each test's
      // CREATE DATABASE writes its template into the WAL) can find the segment it needs recycled
      // and never replay again.
      await tools.run(
        "pg_basebackup",
        [
          "-h",
          "127.0.0.1",
          "-p",
          String(port),
          "-U",
          "postgres",
          "-D",
          replicaData,
          "-R",
          "-C",
          "-S",
          `standby_${replicaPort}`,
          "-X",
          "stream",
          "-c",
          "fast",
          "--no-sync",
        ],
        dir,
      );
      // hot_standby_feedback: the primary keeps the rows a standby's reads still see, so that
      // replay does not cancel them.
      const standby = serverControl(
        tools,
        dir,
        replicaData,
        replicaPort,
        "-c fsync=off -c hot_standby=on -c hot_standby_feedback=on",
      );
      return {
        ...standby,
        /** Replay of each transaction waits this long after its commit on the primary (0: none). */
        async delayReplay(ms: number) {
          const conf = path.join(replicaData, "postgresql.auto.conf");
          const kept = fs
            .readFileSync(conf, "utf8")
            .split("\n")
            .filter((l) => !l.startsWith("recovery_min_apply_delay"));
          fs.writeFileSync(
            conf,
            [...kept.filter(Boolean), `recovery_min_apply_delay = '${ms}ms'`, ""].join("\n"),
          );
          await tools.run("pg_ctl", ["reload", "-D", replicaData], dir);
        },
      };
    },
  };
}

export function privateRedis(port: number) {
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

/** The SMTP peer: what it accepted and when; refuse(true) makes it turn mail away. */
export type SmtpPeer = Awaited<ReturnType<typeof smtpPeer>>;
export type PrivatePostgres = ReturnType<typeof privatePostgres>;
export type PrivateReplica = Awaited<ReturnType<PrivatePostgres["replica"]>>;
export type PrivateRedis = ReturnType<typeof privateRedis>;

/**
 * A real SMTP peer that keeps every message's subject and when it accepted it; `refuse` turns
 * every new session and message away.
 */
export async function smtpPeer() {
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
