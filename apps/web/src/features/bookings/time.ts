/** Booking-page time helpers; times on the park's clock are in lib/zoned-time. */

/** The QR-sign landing's earliest start: now rounded up to the next quarter hour. */
export function nextQuarterHour(now: Date): Date {
  const quarter = 15 * 60_000;
  return new Date(Math.ceil(now.getTime() / quarter) * quarter);
}

/** A fresh key per attempt of a form (Idempotency-Key). */
export function newAttemptKey(): string {
  return crypto.randomUUID();
}
