/**
 * The one reading of a PostgreSQL error: its SQLSTATE and constraint, looked for through the
 * wrappers a driver's error comes in (Drizzle keeps the driver's error as `cause`).
 */

/** The SQLSTATEs the code acts on: a unique index, an exclusion constraint, and book_space's short wallet. */
export const SQLSTATE = {
  uniqueViolation: "23505",
  exclusionViolation: "23P01",
  walletShort: "PW402",
} as const;

/** The SQLSTATE and constraint of the first PostgreSQL error in `err`'s chain of causes; {} if none. */
export function pgError(err: unknown): { code?: string; constraint?: string } {
  for (
    let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    i += 1
  ) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, ...(typeof e.constraint === "string" ? { constraint: e.constraint } : {}) };
    }
    e = e.cause as typeof e;
  }
  return {};
}

/** The SQLSTATE of `err`, if it is (or wraps) a PostgreSQL error. */
export const pgCode = (err: unknown): string | undefined => pgError(err).code;

/**
 * Whether `err` is a unique violation, of `constraint` when one is named (a driver that does not
 * report the constraint counts as that one).
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  if (e.code !== SQLSTATE.uniqueViolation) return false;
  return constraint === undefined || e.constraint === undefined || e.constraint === constraint;
}
