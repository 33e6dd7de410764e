/**
 * A monthly plan's weekly hours (docs/PRODUCT-RULES.md#monthly-passes): windows on the park's
 * clock, each from a weekday's start time to its end time, past midnight when the end is at or
 * before the start. Shared by the back office's check, the API and the screens.
 */
import { minutesOfClock, type PlanWindow } from "./admin-plans";

export const WEEK_MINUTES = 7 * 24 * 60;

/** A window as minutes from Monday 00:00: [start, end), end past the week's end when it wraps. */
export function weekSpan(w: PlanWindow): [number, number] {
  const start = (w.weekday - 1) * 1440 + minutesOfClock(w.start);
  const endOfDay = minutesOfClock(w.end);
  const length =
    endOfDay > minutesOfClock(w.start)
      ? endOfDay - minutesOfClock(w.start)
      : endOfDay + 1440 - minutesOfClock(w.start);
  return [start, start + length];
}

/** The first two windows that share a moment of the week (a pass would hold two spaces there), or null. */
export function overlappingWindows(windows: PlanWindow[]): [PlanWindow, PlanWindow] | null {
  const spans = windows.map(weekSpan);
  for (let i = 0; i < spans.length; i += 1) {
    for (let j = i + 1; j < spans.length; j += 1) {
      const [a0, a1] = spans[i]!;
      const [b0, b1] = spans[j]!;
      // Compare across the week's wrap too (Sunday night into Monday morning).
      for (const shift of [-WEEK_MINUTES, 0, WEEK_MINUTES]) {
        if (a0 < b1 + shift && b0 + shift < a1) return [windows[i]!, windows[j]!];
      }
    }
  }
  return null;
}
