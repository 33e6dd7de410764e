import { systemClock, type Clock } from "../lib/clock";

/**
 * The test clock (scripts/test-clock.mjs, docs/decisions/025-test-clock.md) sets "now" for the
 * app's processes by preloading libfaketime. A server the tests start beside the app (Redis, a
 * browser) keeps the machine's clock: only the app and the suite read the test clock.
 */
export function withoutTestClock(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const rest = { ...env };
  delete rest.FAKETIME;
  delete rest.FAKETIME_DONT_FAKE_MONOTONIC;
  const preload = (env.LD_PRELOAD ?? "").split(":").filter((p) => p && !p.includes("libfaketime"));
  if (preload.length > 0) rest.LD_PRELOAD = preload.join(":");
  else delete rest.LD_PRELOAD;
  return rest;
}

/**
 * The clock each test context's app reads, by its database handle: the fixtures made on that
 * database (a test user's session, say) read the same one, so a test that fixes the app's clock at
 * an instant days away from the machine's never signs its users in on another calendar.
 */
const contextClocks = new WeakMap<object, Clock>();

export function setContextClock(db: object, clock: Clock): void {
  contextClocks.set(db, clock);
}

/** The clock of the test context whose database this is, or the process's. */
export function contextClock(db: object): Clock {
  return contextClocks.get(db) ?? systemClock;
}
