/**
 * A monthly plan's weekly hours (docs/PRODUCT-RULES.md#monthly-passes): windows on the park's
 * clock, each from a weekday's start time to its end time, past midnight when the end is at or
 * before the start. Shared by the back office's check, the API and the screens.
 */
import type { PlanWindow } from "./admin-plans";
import type { WeekHours } from "./park-values";

// No schema here (zod stays out of the pages that only say a plan's hours).

/** "07:00": a time on the park's clock; "24:00" only as an end (midnight at the end of the day). */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const minutesOfClock = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const clockOfMinutes = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

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

type HoursLanguage = "en" | "fr";

const DAY_NAMES: Record<HoursLanguage, string[]> = {
  en: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
  fr: ["lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim."],
};
const WORDS: Record<
  HoursLanguage,
  Record<"always" | "everyDay" | "weekdays" | "weekends" | "allDay" | "and" | "to", string>
> = {
  en: {
    always: "24/7",
    everyDay: "every day",
    weekdays: "weekdays",
    weekends: "weekends",
    allDay: "all day",
    and: "and",
    to: "to",
  },
  fr: {
    always: "24 h/24, 7 j/7",
    everyDay: "tous les jours",
    weekdays: "en semaine",
    weekends: "le week-end",
    allDay: "toute la journée",
    and: "et",
    to: "au",
  },
};

/** "weekdays", "Mon to Thu", "Sat, Sun": a set of ISO weekdays in words. */
function daysInWords(days: number[], lang: HoursLanguage): string {
  const words = WORDS[lang];
  const key = days.join("");
  if (key === "1234567") return words.everyDay;
  if (key === "12345") return words.weekdays;
  if (key === "67") return words.weekends;
  const names = DAY_NAMES[lang];
  const contiguous = days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  if (contiguous && days.length >= 3) {
    return `${names[days[0]! - 1]} ${words.to} ${names[days[days.length - 1]! - 1]}`;
  }
  return days.map((d) => names[d - 1]).join(", ");
}

/**
 * A plan's hours in a sentence's words, on the park's clock: "24/7", "weekdays 07:00-19:00",
 * "weekdays 18:00-08:00 and weekends all day". Windows with the same times are grouped by day; the
 * gate's refusal ("This pass covers …") and the screens say the same thing.
 */
export function describeHours(windows: PlanWindow[], lang: HoursLanguage = "en"): string {
  const words = WORDS[lang];
  const groups = new Map<string, number[]>();
  for (const w of [...windows].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start))) {
    const times = `${w.start}-${w.end}`;
    groups.set(times, [...(groups.get(times) ?? []), w.weekday]);
  }
  const allDay = groups.get("00:00-24:00");
  if (groups.size === 1 && allDay?.length === 7) return words.always;
  const parts = [...groups.entries()].map(([times, days]) => {
    const uniqueDays = [...new Set(days)];
    return `${daysInWords(uniqueDays, lang)} ${times === "00:00-24:00" ? words.allDay : times}`;
  });
  if (parts.length === 1) return parts[0]!;
  return `${parts.slice(0, -1).join(", ")} ${words.and} ${parts[parts.length - 1]}`;
}

/**
 * A park's opening hours (Monday first, null for a closed day; null when open 24 hours) in the
 * same words as a plan's: "weekdays 07:00-19:00 and Sat 08:00-14:00", "24/7".
 */
export function describeParkHours(hours: WeekHours, lang: HoursLanguage = "en"): string {
  if (!hours) return WORDS[lang].always;
  const windows = hours.flatMap((h, i) => (h ? [{ weekday: i + 1, start: h.open, end: h.close }] : []));
  return describeHours(windows, lang);
}
