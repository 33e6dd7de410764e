/** The space guarantee's rules without I/O (decision 058). */
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

/** The new closure days of an edit: those not closed before (only they hit anything new). */
export function addedClosures(before: readonly string[], after: readonly string[]): string[] {
  const had = new Set(before);
  return after.filter((d) => !had.has(d));
}
