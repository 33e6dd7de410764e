/**
 * What the back office's marketplace services share, pure: amounts in major units checked against
 * the currency's decimals and turned into minor units, percentages as basis points, windows written
 * on the country's clock, and the errors of a refused body or a record still in use.
 */
import { instantOfWallClock, wallClockMs, wallClockOf } from "@parkwell/contract";
import { AppError } from "../../../lib/app-error";
import { decimalsRefusal, toMajor, toMinor } from "../../../lib/money";

export interface MarketCountry {
  id: number;
  code: string;
  currency: string;
  decimals: number;
  timeZone: string;
}

export const CHOOSE_COUNTRY_TEXT = "Please choose a country";

export { iso } from "../../../lib/iso";

export function refuse(fields: Record<string, string>): void {
  if (Object.keys(fields).length > 0) throw AppError.validation(fields);
}

/** Minor units of a major amount, or a field error when the currency cannot hold it. */
export function minorOf(
  amount: number,
  country: MarketCountry,
  field: string,
  fields: Record<string, string>,
): number {
  const wrong = decimalsRefusal(amount, country.currency, country.decimals);
  if (wrong) fields[field] = wrong;
  return toMinor(amount, country.decimals);
}

export const money = (minor: number, country: { currency: string; decimals: number }) => ({
  amount: toMajor(Number(minor), country.decimals),
  currency: country.currency,
});

/** A percentage (12.5) as basis points, or a field error past two decimals. */
export function bpsOf(percent: number, field: string, fields: Record<string, string>): number {
  const bps = Math.round(percent * 100);
  if (Math.abs(bps - percent * 100) > 1e-6) fields[field] = "A percentage has at most 2 decimals";
  return bps;
}

/** "2026-12-01T00:00" on the country's clock as an instant. */
export const instantOf = (local: string, timeZone: string) =>
  new Date(instantOfWallClock(wallClockOf(local)!, timeZone));

/** An instant as the country's wall clock, as the form shows it. */
export const localOf = (t: Date | string, timeZone: string) =>
  new Date(wallClockMs(new Date(t).getTime(), timeZone)).toISOString().slice(0, 16);

/** The 409 of a record that others still use: it can be deactivated, not removed. */
export const inUse = (message: string) => new AppError(409, "in_use", message);
