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
