/**
 * Whether an error means the database cannot be reached right now (down, restarting, refusing
 * connections, a connection cut), rather than that a statement failed. The error plugin answers
 * these with 503 `unavailable` and Retry-After instead of a 500: nothing is wrong with the
 * request, and the pools reconnect by themselves once PostgreSQL is back (db/client.ts).
 *
 * Drizzle wraps a driver's error in its own (the driver's is its `cause`), and Node.js reports a
 * refused connection to every address of a host as an AggregateError: both are looked through.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== "object" || err === null || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === "string" ? e.code : "";
  if (NETWORK_CODES.has(code)) return true;
  // SQLSTATE class 08 (connection exception); 57P01-57P03 (the server shutting down, crashed,
  // or not yet accepting connections); 53300 (too many connections, while clients reconnect).
  if (/^08[0-9A-Z]{3}$/.test(code) || SERVER_STATES.has(code)) return true;
  if (typeof e.message === "string" && driverMessages.some((m) => (e.message as string).startsWith(m))) {
    return true;
  }
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) {
    return true;
  }
  return isDatabaseUnavailable(e.cause, depth + 1);
}

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

const SERVER_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** node-postgres and pg-pool say these without a code. */
const driverMessages = [
  "Connection terminated unexpectedly",
  "Connection terminated due to connection timeout",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
];
