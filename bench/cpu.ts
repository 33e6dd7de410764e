import fs from "node:fs";

/**
 * The fields of a process's /proc/<pid>/stat after its command name (which may hold spaces), from
 * its closing parenthesis; undefined when the process is gone or there is no /proc.
 */
function statFields(pid: number | "self"): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** Two clock-tick fields of a stat line, summed, in µs (a tick is 10 ms). */
const ticksMicros = (fields: string[], a: number, b: number) =>
  (Number(fields[a]) + Number(fields[b])) * 10_000;

/**
 * CPU time (user + system, µs) each process has spent so far, read from Linux's /proc (clock ticks
 * of 10 ms: over a 10 s measurement of thousands of requests, well under a µs per request); empty
 * where /proc is not there.
 */
function cpuMicros(pids: number[]): Map<number, number> {
  const spent = new Map<number, number>();
  for (const pid of pids) {
    // utime and stime. A process that ended between the listing and the read is left out.
    const fields = statFields(pid);
    if (fields) spent.set(pid, ticksMicros(fields, 11, 12));
  }
  return spent;
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

/**
 * What the processes alive at the end spent since `before`: a process started meanwhile (a pool
 * opening a connection) counts whole; one that ended meanwhile (an idle connection closed) is lost,
 * which costs little, idle as it was. Undefined without /proc.
 */
function spentSince(before: Map<number, number>, after: Map<number, number>): number | undefined {
  if (after.size === 0) return undefined;
  let total = 0;
  for (const [pid, micros] of after) total += micros - (before.get(pid) ?? 0);
  return total;
}

/**
 * The CPU (µs) of this process's children that have ended and been waited for (Linux's cutime and
 * cstime): the load generator when it is a program of its own (wrk). 0 without /proc.
 */
function childrenMicros(): number {
  const fields = statFields("self");
  return fields ? ticksMicros(fields, 13, 14) : 0;
}

/** CPU use over a piece of work: this process (the load or the direct client), the API's, PostgreSQL's. */
export interface CpuUse {
  /** This process and the children that ended during the work (wrk). */
  self: number;
  api?: number | undefined;
  postgres?: number | undefined;
}

/** Runs `work` and returns its result with the CPU (µs) each side spent meanwhile. */
export async function withCpu<T>(apiPid: number | undefined, work: () => Promise<T>): Promise<[T, CpuUse]> {
  const api = apiPid === undefined ? [] : [apiPid];
  const before = {
    self: process.cpuUsage(),
    children: childrenMicros(),
    api: cpuMicros(api),
    postgres: cpuMicros(postgresPids()),
  };
  const result = await work();
  const self = process.cpuUsage(before.self);
  return [
    result,
    {
      self: self.user + self.system + childrenMicros() - before.children,
      api: spentSince(before.api, cpuMicros(api)),
      postgres: spentSince(before.postgres, cpuMicros(postgresPids())),
    },
  ];
}
