/**
 * What the back office's marketplace services share: the country a record belongs to (its
 * currency, decimals and clock), amounts in major units checked against the currency's decimals
 * and turned into minor units, windows written on the country's clock, and the audit entry every
 * change writes in its transaction. The marketplace is Parkwell's own shop: its records belong to
 * no operator (audit entries have no operator).
 */
import { instantOfWallClock, wallClockMs, wallClockOf } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { queryRows } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import { AppError } from "../../../lib/app-error";
import { toMajor, toMinor } from "../../../lib/money";
import { recordAudit, type AuditActor } from "../audit.repo";
import { changed } from "../parks/admin-parks.domain";
import { fitsDecimals } from "../../../lib/money";

export interface MarketCountry {
  id: number;
  code: string;
  currency: string;
  decimals: number;
  timeZone: string;
}

export const CHOOSE_COUNTRY_TEXT = "Please choose a country";

export { iso } from "../../../lib/iso";

export async function findCountry(
  db: Tx,
  by: { code: string } | { id: number },
): Promise<MarketCountry | null> {
  const [row] = await queryRows<{
    id: number;
    code: string;
    currency: string;
    decimals: number;
    time_zone: string;
  }>(
    db,
    sql`SELECT id, code, currency, currency_decimals AS decimals, timezone AS time_zone FROM countries
      WHERE ${"code" in by ? sql`code = ${by.code}` : sql`id = ${by.id}`}`,
  );
  return row
    ? {
        id: Number(row.id),
        code: row.code,
        currency: row.currency,
        decimals: Number(row.decimals),
        timeZone: row.time_zone,
      }
    : null;
}

/** The country a body names, or the 422 on `field`. */
export async function requireCountry(db: Tx, code: string, field = "country_code"): Promise<MarketCountry> {
  const country = await findCountry(db, { code });
  if (!country) throw AppError.validation({ [field]: CHOOSE_COUNTRY_TEXT });
  return country;
}

/** A country a list filter names: unknown is simply no match (an empty page), as the other lists. */
export async function countryIdOf(db: Tx, code: string | undefined): Promise<number | null | undefined> {
  if (!code) return undefined;
  const country = await findCountry(db, { code });
  return country ? country.id : null;
}

export function refuse(fields: Record<string, string>): void {
  if (Object.keys(fields).length > 0) throw AppError.validation(fields);
}

/** The sentence for an amount with more decimals than its currency has. */
export function decimalsText(country: MarketCountry): string {
  return country.decimals === 0
    ? `Amounts in ${country.currency} have no decimals`
    : `Amounts in ${country.currency} have at most ${country.decimals} decimals`;
}

/** Minor units of a major amount, or a field error when the currency cannot hold it. */
export function minorOf(
  amount: number,
  country: MarketCountry,
  field: string,
  fields: Record<string, string>,
): number {
  if (!fitsDecimals(amount, country.decimals)) fields[field] = decimalsText(country);
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

/** Writes the audit entry of a change: the whole record when created or removed, the changed fields otherwise. */
export async function audit(
  tx: Tx,
  actor: AuditActor,
  action: string,
  entity: string,
  entityId: string | number,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  if (before && after) {
    const diff = changed(before, after);
    if (Object.keys(diff.after).length === 0) return;
    await recordAudit(tx, actor, { action, entity, entityId, operatorId: null, ...diff });
    return;
  }
  await recordAudit(tx, actor, {
    action,
    entity,
    entityId,
    operatorId: null,
    ...(before ? { before } : {}),
    ...(after ? { after } : {}),
  });
}

/** The 409 of a record that others still use: it can be deactivated, not removed. */
export const inUse = (message: string) => new AppError(409, "in_use", message);
