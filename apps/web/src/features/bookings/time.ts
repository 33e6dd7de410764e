/** Booking-page time helpers; times on the park's clock are in lib/zoned-time. */

/** The QR-sign landing's window: now rounded up to the next quarter hour, for `hours`. */
export function windowFromNow(now: Date, hours = 2): { start: string; end: string } {
  const quarter = 15 * 60_000;
  const start = new Date(Math.ceil(now.getTime() / quarter) * quarter);
  return { start: start.toISOString(), end: new Date(start.getTime() + hours * 3_600_000).toISOString() };
}

/** A fresh key per attempt of a form (Idempotency-Key). */
export function newAttemptKey(): string {
  return crypto.randomUUID();
}
