import fs from "node:fs";

/**
 * CPU time (user + system, µs) spent so far by processes, read from Linux's /proc (clock ticks of
 * 10 ms: over a 10 s measurement of thousands of requests, well under a µs per request). Processes
 * that ended are not counted; undefined where /proc is not there.
 */
function cpuMicros(pids: number[]): number | undefined {
  if (!fs.existsSync("/proc/self/stat")) return undefined;
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces), from its closing parenthesis.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks * 10_000;
}

/** The processes of the local PostgreSQL server (every backend, and the server's own). */
function postgresPids(): number[] {
  if (!fs.existsSync("/proc")) return [];
  return fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return fs.readFileSync(`/proc/${d}/comm`, "utf8").trim() === "postgres";
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** CPU use over a piece of work: this process (the load or the direct client), the API's, PostgreSQL's. */
export interface CpuUse {
  self: number;
  api?: number | undefined;
  postgres?: number | undefined;
}

/** Runs `work` and returns its result with the CPU (µs) each side spent meanwhile. */
export async function withCpu<T>(apiPid: number | undefined, work: () => Promise<T>): Promise<[T, CpuUse]> {
  const pg = postgresPids();
  const apiCpu = () => (apiPid === undefined ? undefined : cpuMicros([apiPid]));
  const since = (now: number | undefined, then: number | undefined) =>
    now === undefined || then === undefined ? undefined : now - then;
  const before = { self: process.cpuUsage(), api: apiCpu(), postgres: cpuMicros(pg) };
  const result = await work();
  const self = process.cpuUsage(before.self);
  return [
    result,
    {
      self: self.user + self.system,
      api: since(apiCpu(), before.api),
      postgres: since(cpuMicros(pg), before.postgres),
    },
  ];
}
