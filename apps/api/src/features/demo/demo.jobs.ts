/** The demo's work on the job queue (jobs/registration.ts): its periodic reset. */
import type { Db } from "../../db/client";
import { scheduled, type Jobs } from "../../jobs/queue";
import { registerJob } from "../../jobs/registration";
import type { Clock } from "../../lib/clock";
import { resetDemoDataWhenDue } from "./demo.service";

declare module "../../jobs/queue" {
  interface JobData {
    "demo-reset": Record<string, never>;
  }
}

export const DEMO_JOBS = [
  // Unscheduled outside demo mode (server.ts); a job left from a demo run does nothing.
  registerJob(
    "demo-reset",
    scheduled("* * * * *"),
    async (_data, d: { db: Db; clock: Clock; jobs: Jobs; demoMode: boolean }) =>
      d.demoMode && (await resetDemoDataWhenDue(d.db, d.clock, undefined, d.jobs)),
  ),
];
