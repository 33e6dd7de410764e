import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../../scripts/server-flags.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface RunningServer {
  url: string;
  dataDir: string;
  logs: () => string;
  /** Stops the server and deletes its DATA_DIR, unless asked to keep it (a template). */
  stop(options?: { keepDataDir?: boolean }): Promise<void>;
}

export interface StartOptions {
  /**
   * A stopped server's PGlite directory (DATA_DIR/pglite), migrated and seeded, that this server
   * starts from a copy of (global-setup.ts makes one per run); unused with DATABASE_URL.
   */
  pgliteFrom?: string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts the built app (apps/api/dist/server.js) on a free port with a temporary DATA_DIR. */
export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const entry = path.join(ROOT, "apps/api/dist/server.js");
  if (!fs.existsSync(entry) || !fs.existsSync(path.join(ROOT, "apps/web/dist/index.html"))) {
    throw new Error("The app is not built: run npm run build first");
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parkwell-e2e-"));
  if (options.pgliteFrom && !env.DATABASE_URL) {
    fs.cpSync(options.pgliteFrom, path.join(dataDir, "pglite"), { recursive: true });
  }
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      // The browser tests log in as the demo accounts and top up through the demo provider.
      DEMO_MODE: "true",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not become healthy in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    dataDir,
    logs: () => output,
    async stop({ keepDataDir = false } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      if (!keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
