/**
 * Dates a test picks from "now" rather than from the calendar it was written on, so it keeps
 * passing as the calendar moves on and under the test clock's years (docs/decisions/025-test-clock.md).
 */

const DAY_MS = 86_400_000;

/**
 * The next spring-forward of the United States and Canada (the second Sunday of March) whose eve
 * is two days ahead of `now` or more: its year and day of March.
 */
export function nextSpringForward(now: Date): { year: number; day: number } {
  for (let year = now.getUTCFullYear(); ; year += 1) {
    const firstWeekday = new Date(Date.UTC(year, 2, 1)).getUTCDay();
    const day = 1 + ((7 - firstWeekday) % 7) + 7;
    if (Date.UTC(year, 2, day - 1) > now.getTime() + 2 * DAY_MS) return { year, day };
  }
}

/** `YYYY-MM-DD` of a day of a month (1-12) of a year. */
export const isoDate = (year: number, month: number, day: number): string =>
  `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
