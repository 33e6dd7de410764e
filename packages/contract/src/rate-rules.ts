/**
 * Busy-time prices (docs/decisions/059-demand-pricing.md, docs/PRODUCT-RULES.md#busy-time-prices):
 * when an operator's rate rule applies to a window, and how long a quoted price is held. Plain
 * values without zod: the API prices with them, the back office's editor and the checkout read
 * them. The adjustment itself (a percentage of the parking, its floor and ceiling, which rule wins)
 * is the pricing core's (pricing.ts `adjustedParkingOf`, `ruleThatPrices`).
 */
import { wallClockMs } from "./opening-hours";

/** How long a quote's price is held: a booking presenting its `quote_token` later asks again (409). */
export const QUOTE_TOKEN_TTL_MINUTES = 15;
export const QUOTE_TOKEN_TTL_MS = QUOTE_TOKEN_TTL_MINUTES * 60_000;

/** A rule's adjustment, in whole percent of the parking: from −90 % to +300 %, never 0. */
export const RATE_RULE_PERCENT_MIN = -90;
export const RATE_RULE_PERCENT_MAX = 300;
/** At most this many rules per park, and dates per rule. */
export const RATE_RULES_PER_PARK_MAX = 20;
export const RATE_RULE_DATES_MAX = 60;

/**
 * When a rule applies, every condition it sets holding (a condition left out always holds), all on
 * the park's clock and of the window's start: its weekday (Monday = 0, as opening hours), its time
 * of day in [from, to) minutes after midnight (a `to` not after `from` runs past midnight), its
 * date ("2026-12-24"), and the share of the vehicle type's spaces already held at the window's peak
 * (bookings, live holds, drive-up sales and events' spaces: more than the percent).
 */
export interface RateRuleWhen {
  days: readonly number[] | null;
  fromMinute: number | null;
  toMinute: number | null;
  dates: readonly string[] | null;
  occupancyAbovePercent: number | null;
}

/** "18:30" as minutes after midnight ("24:00" is 1440). */
export const minutesOfTime = (hhmm: string): number => {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};
/** 1110 as "18:30". */
export const timeOfMinutes = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * The window a rule is asked about: its start, the park's zone, and (for occupancy bands) the most
 * spaces of the vehicle type held at once in the window and how many it has.
 */
export interface RuleWindow {
  start: Date;
  timeZone: string;
  peak: number;
  capacity: number;
}

/** Whether every condition of `rule` holds for the window (see RateRuleWhen). */
export function ruleApplies(rule: RateRuleWhen, w: RuleWindow): boolean {
  const wall = wallClockMs(w.start.getTime(), w.timeZone);
  const day = new Date(wall);
  if (rule.days && rule.days.length > 0 && !rule.days.includes((day.getUTCDay() + 6) % 7)) return false;
  if (rule.dates && rule.dates.length > 0 && !rule.dates.includes(day.toISOString().slice(0, 10)))
    return false;
  if (rule.fromMinute !== null && rule.toMinute !== null) {
    const minute = day.getUTCHours() * 60 + day.getUTCMinutes();
    const { fromMinute: from, toMinute: to } = rule;
    const inside = from < to ? minute >= from && minute < to : minute >= from || minute < to;
    if (!inside) return false;
  }
  if (rule.occupancyAbovePercent !== null) {
    // More than the percent of the spaces held: peak / capacity > percent / 100, in integers.
    if (w.capacity <= 0 || w.peak * 100 <= rule.occupancyAbovePercent * w.capacity) return false;
  }
  return true;
}

/** Whether a rule's conditions need the window's occupancy (its peak): one read more to quote. */
export const needsOccupancy = (rules: readonly RateRuleWhen[]): boolean =>
  rules.some((r) => r.occupancyAbovePercent !== null);
