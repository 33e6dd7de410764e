/**
 * Whether this process is on its way out. On SIGTERM server.ts starts draining: /api/health then
 * answers 503 "draining" at once, so a load balancer stops sending new requests here while the
 * process still serves the ones it is given, and only after DRAIN_DELAY_MS does the listener
 * close. One per app, not per module, so that tests may run several apps in one process.
 */
export interface Drain {
  readonly draining: boolean;
  start(): void;
}

export function createDrain(): Drain {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    start() {
      draining = true;
    },
  };
}
