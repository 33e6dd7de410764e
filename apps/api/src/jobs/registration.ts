/**
 * How a feature registers a queue's work without the queue knowing the feature: each feature
 * exports its registrations (`<feature>.jobs.ts`), the app's one list collects them
 * (feature-jobs.ts), and the app gives them their dependencies (`withDeps`) and hands them to the
 * queue (`Jobs.handle`). A registration is typed by its kind's declaration (`JobData[name]`, which
 * the feature declares), and by the dependencies its handler asks for: the app must give them all.
 */
import type { Job } from "pg-boss";
import type { BoundJob, JobData, JobName, QueueSpec } from "./queue";

export interface JobRegistration<D, N extends JobName = JobName> {
  name: N;
  queue: QueueSpec;
  /** The handler with the app's dependencies in hand. */
  withDeps(deps: D): BoundJob;
}

/** A queue's settings and handler; `handle` names the dependencies it needs by its parameter's type. */
export function registerJob<N extends JobName, D>(
  name: N,
  queue: QueueSpec,
  handle: (data: JobData[N], deps: D, job: Job<JobData[N]>) => Promise<unknown>,
): JobRegistration<D, N> {
  return {
    name,
    queue,
    withDeps: (deps) => ({
      name,
      queue,
      // The queue hands each job to its own queue's handler: the data is what `send` typed as JobData[N].
      run: (data, job) => handle(data as JobData[N], deps, job as Job<JobData[N]>),
    }),
  };
}
