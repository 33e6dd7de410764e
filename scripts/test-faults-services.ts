/**
 * test:faults' private services, each on a free port of its own: a PostgreSQL cluster, Redis and an
 * SMTP peer that can be told to refuse mail; and the run's log line and pause.
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

export async function freePort(): Promise<number> {
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
export async function freePortRun(n: number): Promise<number> {
  for (let i = 0; i < 50; i += 1) {
    const p = 20_000 + Math.floor(Math.random() * 30_000);
    const all = await Promise.all(Array.from({ length: n + 1 }, (_, k) => portIsFree(p + k)));
    if (all.every(Boolean)) return p;
  }
  throw new Error("no run of free ports found");
}

/** A PostgreSQL cluster of its own in `dir`, as the `postgres` OS user when this runs as root. */
export function privatePostgres(bin: string, dir: string, port: number) {
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
