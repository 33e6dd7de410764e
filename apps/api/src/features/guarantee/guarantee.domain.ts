/** The space guarantee's rules without I/O (decisions 058 and 060). */
import { allocate } from "@parkwell/contract";
import { distanceM } from "../../lib/park-cells";

/** Who pays a rebooking's difference: Parkwell, or the operator whose park closed. */
export type DifferencePayer = { kind: "parkwell" } | { kind: "operator"; operatorId: number };

/**
 * The rule (docs/PRODUCT-RULES.md "The space guarantee"): the operator pays when its own staff
 * closed (or cut) its own park; Parkwell pays when Parkwell's staff did it, and for a park it runs.
 */
export function differencePayer(
  actor: { operator: { id: number } | null },
  park: { operatorId: number | null },
): DifferencePayer {
  return actor.operator !== null && park.operatorId === actor.operator.id
    ? { kind: "operator", operatorId: park.operatorId }
    : { kind: "parkwell" };
}

/** The great-circle distance between two points (lib/park-cells' distanceM), in kilometres to one decimal. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  return Math.round(distanceM(a.lat, a.lng, b.lat, b.lng) / 100) / 10;
}

/** What a park edit's audit says its closure settled: the offers made (and who pays), the pass days owed. */
export const closureAudit = (offered: number, owed: number, payer: DifferencePayer["kind"]) => ({
  ...(offered > 0 ? { guarantee_offers: offered, payer } : {}),
  ...(owed > 0 ? { pass_days_refunded: owed } : {}),
});

/** The new closure days of an edit: those not closed before (only they hit anything new). */
export function addedClosures(before: readonly string[], after: readonly string[]): string[] {
  const had = new Set(before);
  return after.filter((d) => !had.has(d));
}

/**
 * What a closure gives back to a monthly pass term (decision 060): the term's price split into
 * equal shares, one per day its weekly windows run in the term (`termDays`, on the park's clock,
 * sorted; a window past midnight runs on both days), by the pricing core's `allocate` (the
 * remainder's minor units to the earliest days, so the shares sum to the price exactly); each
 * closed day (`closed`, among `termDays`) gives back its own share. A day not among the term's
 * gives nothing.
 */
export function closedDayShares(
  totalMinor: number,
  termDays: readonly string[],
  closed: readonly string[],
): { day: string; amountMinor: number }[] {
  const shares = allocate(
    totalMinor,
    termDays.map(() => 1),
  );
  return closed
    .map((day) => ({ day, at: termDays.indexOf(day) }))
    .filter((d) => d.at >= 0)
    .map((d) => ({ day: d.day, amountMinor: shares[d.at]! }));
}
