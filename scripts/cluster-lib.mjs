// The parts of `npm run start:cluster`: API processes on loopback ports and HAProxy in front of
// them, with deploy/haproxy.cfg. scripts/cluster.mjs runs them; the fault test
// (scripts/test-faults.ts) uses them to kill and start one process of a running cluster.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./build-stale.mjs";
import { SERVER_NODE_FLAGS } from "./server-flags.js";

export const DEPLOY_DIR = path.join(ROOT, "deploy");

/** HAProxy's binary: HAPROXY_BIN, else the Debian package's path, else `haproxy` on the PATH; null when none. */
export function haproxyBinary(env = process.env) {
  const candidates = [env.HAPROXY_BIN, "/usr/sbin/haproxy", "haproxy"].filter(Boolean);
  for (const bin of candidates) {
    if (spawnSync(bin, ["-v"], { stdio: "ignore" }).status === 0) return bin;
  }
  return null;
}

/** The API process listening on `port` for the whole cluster's environment `env`. */
export function startApi({ port, env, stdio = "inherit" }) {
  return spawn(
    process.execPath,
    ["--enable-source-maps", ...SERVER_NODE_FLAGS, path.join(ROOT, "apps/api/dist/server.js")],
    { cwd: ROOT, env: { ...env, PORT: String(port), HOST: "127.0.0.1" }, stdio },
  );
}

/**
 * Resolves once the process on `port` answers /api/health with 200; rejects when the process
 * exits first or `timeoutMs` passes.
 */
export async function waitHealthy(port, child, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the API process on port ${port} exited while starting (${child.exitCode ?? child.signalCode})`,
      );
    }
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`, {
      signal: AbortSignal.timeout(2_000),
    }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the API process on port ${port} did not answer /api/health within ${timeoutMs / 1000} s`);
}

/** deploy/haproxy.cfg with one server line per API port appended to its backend (the last section). */
export function haproxyConfig(apiPorts) {
  const template = fs.readFileSync(path.join(DEPLOY_DIR, "haproxy.cfg"), "utf8");
  const servers = apiPorts.map((port, i) => `  server api${i + 1} 127.0.0.1:${port}`).join("\n");
  return `${template.trimEnd()}\n${servers}\n`;
}

/**
 * HAProxy in the foreground (-db: its warnings, such as a server going DOWN or UP, on stderr),
 * listening on `bind` ("host:port"), its configuration written to a temporary folder. Checks
 * the configuration first and throws with HAProxy's words when it is refused.
 */
export function startHaproxy({ bin, bind, apiPorts, stdio = "inherit", detached = false }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parkwell-haproxy-"));
  const file = path.join(dir, "haproxy.cfg");
  fs.writeFileSync(file, haproxyConfig(apiPorts));
  const env = { ...process.env, PARKWELL_LB_BIND: bind, PARKWELL_DEPLOY_DIR: DEPLOY_DIR };
  const check = spawnSync(bin, ["-c", "-q", "-f", file], { env, encoding: "utf8" });
  if (check.status !== 0) throw new Error(`HAProxy refused ${file}: ${check.stderr || check.stdout}`);
  const child = spawn(bin, ["-db", "-f", file], { env, stdio, detached });
  child.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  return child;
}

/** Resolves with the exit code (or signal name) once `child` has exited. */
export function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve(child.exitCode ?? child.signalCode);
  }
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
}
