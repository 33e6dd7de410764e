/**
 * Weekly hours as a form holds them (strings, as the fields hold them): a preset (any time, 24/7,
 * weekdays by day, nights and weekends) or windows of one's own, each a weekday, a start and an
 * end on the park's clock. A monthly plan's hours and a company policy's hours are edited this way.
 */
import { CLOCK_TIME, type PlanWindow } from "@parkwell/contract";

/** "any" is no windows at all (a company policy's null hours); the others are windows. */
export const HOURS_PRESETS = ["any", "always", "weekdays", "nights_weekends", "custom"] as const;
export type HoursPreset = (typeof HOURS_PRESETS)[number];
/** The presets that are a fixed set of windows. */
export type WindowPreset = Exclude<HoursPreset, "any" | "custom">;

export interface WindowValues {
  weekday: string;
  start: string;
  end: string;
}

/** The fields a form with weekly hours holds: the chosen preset and the rows of windows. */
export interface WeeklyHoursValues {
  preset: HoursPreset;
  windows: WindowValues[];
}

const days = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const span = (weekdays: number[], start: string, end: string): PlanWindow[] =>
  weekdays.map((weekday) => ({ weekday, start, end }));

/**
 * The presets' windows on the park's clock. Nights and weekends run without a gap from Friday
 * 18:00 to Monday 08:00 and each weekday night from 18:00 to 08:00: Monday's early hours are the
 * end of Sunday night, so they are a window of their own (a window lasts a day at most).
 */
export function presetWindows(preset: WindowPreset): PlanWindow[] {
  switch (preset) {
    case "always":
      return span(days(1, 7), "00:00", "24:00");
    case "weekdays":
      return span(days(1, 5), "07:00", "19:00");
    case "nights_weekends":
      return [
        { weekday: 1, start: "00:00", end: "08:00" },
        ...span(days(1, 4), "18:00", "08:00"),
        { weekday: 5, start: "18:00", end: "24:00" },
        ...span([6, 7], "00:00", "24:00"),
      ];
  }
}

const WINDOW_PRESETS = ["always", "weekdays", "nights_weekends"] as const satisfies WindowPreset[];

const keyOf = (windows: PlanWindow[]) =>
  windows
    .map((w) => `${w.weekday}:${w.start}:${w.end}`)
    .sort()
    .join();

/** The preset among `offered` these windows are exactly, else custom. */
export function presetOf(
  windows: PlanWindow[],
  offered: readonly HoursPreset[] = HOURS_PRESETS,
): HoursPreset {
  const key = keyOf(windows);
  for (const preset of WINDOW_PRESETS) {
    if (offered.includes(preset) && keyOf(presetWindows(preset)) === key) return preset;
  }
  return "custom";
}

export const windowValues = (windows: PlanWindow[]): WindowValues[] =>
  windows.map((w) => ({ weekday: String(w.weekday), start: w.start, end: w.end }));

/** The windows of the form as the API reads them. */
export const windowsOf = (rows: WindowValues[]): PlanWindow[] =>
  rows.map((w) => ({ weekday: Number(w.weekday), start: w.start.trim(), end: w.end.trim() }));

/** The rows that are whole windows (a weekday and two times): what the live summary describes. */
export const completeWindows = (rows: WindowValues[]): PlanWindow[] =>
  windowsOf(rows).filter(
    (w) => w.weekday >= 1 && w.weekday <= 7 && CLOCK_TIME.test(w.start) && CLOCK_TIME.test(w.end),
  );

/**
 * The form's hours of windows that may be none (null: any time): "any" with weekdays' rows to
 * start from when specific hours are chosen, else their preset among `offered` and their rows.
 */
export function hoursValues(
  windows: PlanWindow[] | null,
  offered: readonly HoursPreset[] = HOURS_PRESETS,
): WeeklyHoursValues {
  if (windows === null) return { preset: "any", windows: windowValues(presetWindows("weekdays")) };
  return { preset: presetOf(windows, offered), windows: windowValues(windows) };
}

/** The hours the form's values send: null for any time, else the rows' windows. */
export const hoursOf = (v: WeeklyHoursValues): PlanWindow[] | null =>
  v.preset === "any" ? null : windowsOf(v.windows);
