import type { TestProject } from "vitest/node";
import { startServer, type RunningServer } from "./server";
import { createTemplates, dropTemplates, type E2eTemplates } from "./templates";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's shared server; "" in a run of the files with a server of their own only. */
    baseURL: string;
    /**
     * A PostgreSQL database that a server start migrated and seeded, which createE2eDatabase
     * copies (CREATE DATABASE ... TEMPLATE); "" when PostgreSQL was not reachable.
     */
    pgTemplate: string;
    /** A stopped server's migrated and seeded PGlite directory, for startServer's pgliteFrom. */
    pgliteTemplate: string;
  }
}

let server: RunningServer | undefined;
/** The templates this process made, and so drops; none when npm run test:e2e handed them over. */
let ownTemplates: E2eTemplates | undefined;

/**
 * The run's templates (templates.ts) and its shared server. npm run test:e2e (scripts/test-e2e.mjs)
 * makes the templates once for its two Vitest processes and says which process runs only the
 * files with a server of their own (E2E_SHARED_SERVER=no), which then starts no shared server:
 * three server starts fewer than each process making its own (bench/results/history.md).
 */
export async function setup(project: TestProject): Promise<void> {
  const handed = process.env.E2E_TEMPLATES;
  const templates = handed ? (JSON.parse(handed) as E2eTemplates) : (ownTemplates = await createTemplates());
  if (process.env.E2E_SHARED_SERVER !== "no") {
    server = await startServer({}, { pgliteFrom: templates.pglite });
  }
  project.provide("baseURL", server?.url ?? "");
  project.provide("pgTemplate", templates.pg);
  project.provide("pgliteTemplate", templates.pglite);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  if (ownTemplates) await dropTemplates(ownTemplates);
}
