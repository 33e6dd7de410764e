/**
 * What the pass screens compute before they say it (docs/PRODUCT-RULES.md#monthly-passes): a day
 * on the park's clock with its month, the badge a pass wears, its plan's week as a table and the
 * plates typed in the change form.
 */
import { dateTimeFormat, type Pass, type PlanWindow } from "@parkwell/contract";

const DAY_MONTH_YEAR: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" };

/** "Dec 26, 2026" / "26 déc. 2026": the day an instant falls on at the park, with its month and year. */
export function formatPassDay(iso: string, language: string, timeZone: string): string {
  return dateTimeFormat(DAY_MONTH_YEAR, language, timeZone).format(new Date(iso));
}

/** The badge: renewing, ending at its term's end, in grace, or ended (cancelled or lapsed). */
export type PassBadge = "active" | "ending" | "grace" | "cancelled" | "lapsed";

export function passBadge(pass: Pick<Pass, "status" | "ended_reason" | "cancel_at_period_end">): PassBadge {
  if (pass.status === "ended") return pass.ended_reason === "lapsed" ? "lapsed" : "cancelled";
  if (pass.status === "grace") return "grace";
  return pass.cancel_at_period_end ? "ending" : "active";
}

/** The plan's name in the reader's language (English when it has no other). */
export const planNameIn = (name: { en: string; fr: string }, language: string) =>
  (/^fr\b/i.test(language) ? name.fr : name.en) || name.en;

export interface WeekRow {
  /** 1 Monday to 7 Sunday, as plans keep their days. */
  weekday: number;
  /** The day's windows, from their start; `overnight`: it ends on the next day; `allDay`: 00:00 to 24:00. */
  spans: { start: string; end: string; overnight: boolean; allDay: boolean }[];
}

/** The plan's week, Monday first: each day with the windows that start on it (none: an empty list). */
export function weekTable(windows: PlanWindow[]): WeekRow[] {
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    spans: windows
      .filter((w) => w.weekday === weekday)
      .sort((a, b) => a.start.localeCompare(b.start))
      .map((w) => ({
        start: w.start,
        end: w.end,
        overnight: w.end !== "24:00" && w.end <= w.start,
        allDay: w.start === "00:00" && w.end === "24:00",
      })),
  }));
}

/** The plates as the form holds them: two boxes, the second optional. */
export interface PlatesForm {
  plates: [string, string];
}

/** The request's plates: the boxes filled, in order. */
export const platesOf = (v: PlatesForm) => v.plates.map((p) => p.trim()).filter((p) => p !== "");

/**
 * The box a problem with the request's plates is shown at: `plates.<n>` of the body is the n-th
 * filled box; a problem with the list as a whole (none, the same twice) goes to the first box.
 */
export function plateFieldOf(path: readonly PropertyKey[], v: PlatesForm): string {
  const filled = v.plates.flatMap((p, i) => (p.trim() === "" ? [] : [i]));
  if (path[0] === "plates" && typeof path[1] === "number" && filled[path[1]] !== undefined) {
    return `plates.${filled[path[1]]}`;
  }
  return "plates.0";
}
