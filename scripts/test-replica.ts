/**
 * npm run test:replica — the public reads against a real streaming replica (decision 037): a
 * PostgreSQL cluster of its own (initdb in a temporary folder, as test:faults starts its own) and
 * a hot standby of it made with pg_basebackup, each on a free port; then the API suites of the
 * public browsing run with their reads routed to the standby (TEST_DATABASE_READ_URL), and
 * db/replicas.api.test.ts stops, starts and delays the standby through this script's control
 * address (TEST_REPLICA_CONTROL: POST /stop, /start, /delay?ms=N). A cluster of its own rather
 * than a standby of the machine's server: a base backup copies every database of the server, and
 * a developer's server may hold benchmark databases of many gigabytes.
 *
 * Arguments go to Vitest (a file, -t "name"); without a file, the suites below. Needs PostgreSQL's
 * binaries (PG_BIN, else the newest /usr/lib/postgresql/N/bin).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort, pgBin, privatePostgres, say } from "./test-faults-services";

/** The public browsing's suites, whose reads go to the standby, and the replica's own. */
const SUITES = [
  "apps/api/src/db/replicas.api.test.ts",
  "apps/api/src/features/parks/parks-search.api.test.ts",
  "apps/api/src/features/parks/park-page.api.test.ts",
  "apps/api/src/features/events/events.api.test.ts",
  "apps/api/src/features/events/events-private.api.test.ts",
  "apps/api/src/features/marketplace/catalogue.api.test.ts",
  "apps/api/src/features/reviews/reviews.api.test.ts",
  "apps/api/src/features/reviews/reviews-rating.api.test.ts",
  "apps/api/src/features/reviews/reviews-moderation.api.test.ts",
  "apps/api/src/features/seo/seo.api.test.ts",
  "apps/api/src/plugins/spa.api.test.ts",
];

async function main(): Promise<number> {
  const bin = pgBin();
  if (!bin) throw new Error("test:replica needs PostgreSQL's binaries (set PG_BIN)");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parkwell-replica-"));
  const primary = privatePostgres(bin, dir, await freePort());
  let replica: Awaited<ReturnType<typeof primary.replica>> | undefined;
  let control: http.Server | undefined;
  try {
    await primary.start();
    replica = await primary.replica(await freePort());
    await replica.start();
    say(`primary on ${primary.port}, its streaming replica on ${replica.port}`);
    const standby = replica;
    control = http.createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://control");
      const act =
        req.method !== "POST"
          ? null
          : url.pathname === "/stop"
            ? () => standby.stop("immediate")
            : url.pathname === "/start"
              ? () => standby.start()
              : url.pathname === "/delay"
                ? () => standby.delayReplay(Number(url.searchParams.get("ms") ?? 0))
                : null;
      if (!act) {
        res.writeHead(404).end();
        return;
      }
      act().then(
        () => res.writeHead(204).end(),
        (err: Error) => res.writeHead(500).end(err.message),
      );
    });
    await new Promise<void>((resolve) => control!.listen(0, "127.0.0.1", resolve));
    const { port } = control.address() as AddressInfo;
    const args = process.argv.slice(2);
    const files = args.some((a) => a.endsWith(".ts")) ? [] : SUITES;
    const vitest = spawn("npx", ["vitest", "run", "--project", "api", ...files, ...args], {
      stdio: "inherit",
      env: {
        ...process.env,
        TEST_DB_ENGINE: "postgres",
        TEST_DATABASE_URL: primary.adminUrl,
        TEST_DATABASE_READ_URL: replica.adminUrl,
        TEST_REPLICA_CONTROL: `http://127.0.0.1:${port}`,
      },
    });
    const code = await new Promise<number>((resolve) => vitest.once("exit", (c) => resolve(c ?? 1)));
    // A failure's cause is often in the servers' own logs (a standby that stopped replaying): their
    // last lines, before the folder goes.
    if (code !== 0) {
      for (const [name, data] of [
        ["primary", primary.data],
        ["standby", replica.data],
      ] as const) {
        const log = path.join(data, "server.log");
        const lines = fs.existsSync(log) ? fs.readFileSync(log, "utf8").trimEnd().split("\n").slice(-30) : [];
        say(`the ${name}'s log, last lines:\n${lines.join("\n")}`);
      }
    }
    return code;
  } finally {
    control?.close();
    await replica?.stop("immediate").catch(() => undefined);
    await primary.stop("immediate").catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`test:replica: ${err.message}`);
    process.exit(1);
  },
);
