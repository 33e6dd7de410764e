/**
 * The pure rules of the back office's commission (decision 056; docs/PRODUCT-RULES.md "Operators'
 * money"): when a rate given as a date starts, when a change of statement period takes effect.
 */
import { addDays, dayOnClock, instantOfWallClock, type SettlementPeriod } from "@parkwell/contract";
import { periodAt } from "../../settlements/settlements.domain";

/** A rate's start: a date is its midnight on `timeZone`'s clock; an instant is itself. */
export function effectiveInstant(value: string, timeZone: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return midnightOf(value, timeZone);
  return new Date(value);
}

/** The instant a date starts on a zone's clock. */
export function midnightOf(date: string, timeZone: string): Date {
  return new Date(instantOfWallClock(Date.parse(`${date}T00:00:00Z`), timeZone));
}

/**
 * The start of the period after the one open at `now`, on `timeZone`'s clock: a monthly period
 * ends at the first of the next month, a weekly one at the next Monday, each at midnight there.
 */
export function nextPeriodStart(now: Date, period: SettlementPeriod, timeZone: string): Date {
  const today = dayOnClock(now, timeZone);
  if (period === "monthly") {
    const [y, m] = today.split("-").map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
    return midnightOf(next, timeZone);
  }
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return midnightOf(addDays(today, (8 - weekday) % 7 || 7), timeZone);
}

/** An operator's period setting: the one in force, and a change waiting from an instant. */
export interface PeriodSetting {
  current: SettlementPeriod;
  next: SettlementPeriod | null;
  from: Date | null;
}

/** The period that governs a statement opening at `at` (the statements' own rule, periodAt). */
export function settlementPeriodAt(s: PeriodSetting, at: Date): SettlementPeriod {
  return periodAt({ period: s.current, next: s.next, next_from: s.from }, at);
}

/**
 * An admin's choice of period at `now`: it takes effect from the start of the next period (of the
 * period in force now), never in the middle of an open one. Choosing the period in force drops a
 * waiting change.
 */
export function choosePeriod(
  s: PeriodSetting,
  chosen: SettlementPeriod,
  now: Date,
  timeZone: string,
): PeriodSetting {
  const inForce = settlementPeriodAt(s, now);
  if (chosen === inForce) return { current: inForce, next: null, from: null };
  return { current: inForce, next: chosen, from: nextPeriodStart(now, inForce, timeZone) };
}
