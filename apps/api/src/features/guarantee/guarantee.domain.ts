/** The space guarantee's rules without I/O (decisions 058 and 060). */
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
 * A space held at a park for a vehicle type from now on, as a cut of its spaces reads it (what
 * space_holds lists): `n` spaces over [start, end). `bookedAt` is when a booking the guarantee may
 * move was made; null for what stays whatever the cut (a car already in, a monthly pass, an event's
 * allocation, a drive-up sale, a checkout's live hold, a booking already offered the guarantee).
 */
export interface HeldSpace {
  code: string;
  start: Date;
  end: Date;
  n: number;
  bookedAt: Date | null;
}

/**
 * The bookings a cut of a park's spaces to `capacity` moves (docs/PRODUCT-RULES.md "The space
 * guarantee"): what cannot move is kept first; then the bookings that may move, those whose window
 * has begun first, then by when they were booked (first booked, first kept), each kept when the
 * spaces held at every moment of its window from `from` on stay within the capacity with it. The
 * others are moved: their codes, in the order they were booked. Null when what cannot move holds
 * more than the capacity at some moment: no choice of bookings settles the cut.
 */
export function bookingsToMove(held: readonly HeldSpace[], capacity: number, from: Date): string[] | null {
  const live = held
    .map((h) => ({ ...h, s: Math.max(h.start.getTime(), from.getTime()), e: h.end.getTime() }))
    .filter((h) => h.e > h.s);
  // The moments where what is held changes, and the spaces held in each span between two of them.
  const points = [...new Set(live.flatMap((h) => [h.s, h.e]))].sort((a, b) => a - b);
  const load = new Array<number>(Math.max(0, points.length - 1)).fill(0);
  const index = new Map(points.map((t, i) => [t, i]));
  const spans = (h: { s: number; e: number }) => ({ first: index.get(h.s)!, last: index.get(h.e)! });
  const fits = (h: (typeof live)[number]) => {
    const { first, last } = spans(h);
    for (let i = first; i < last; i += 1) if (load[i]! + h.n > capacity) return false;
    return true;
  };
  const hold = (h: (typeof live)[number]) => {
    const { first, last } = spans(h);
    for (let i = first; i < last; i += 1) load[i]! += h.n;
  };
  for (const h of live) if (h.bookedAt === null) hold(h);
  if (load.some((n) => n > capacity)) return null;
  const begun = (h: (typeof live)[number]) => (h.start.getTime() <= from.getTime() ? 0 : 1);
  const movable = live
    .filter((h) => h.bookedAt !== null)
    .sort(
      (a, b) =>
        begun(a) - begun(b) || a.bookedAt!.getTime() - b.bookedAt!.getTime() || a.code.localeCompare(b.code),
    );
  const moved: typeof movable = [];
  for (const h of movable) {
    if (fits(h)) hold(h);
    else moved.push(h);
  }
  return moved
    .sort((a, b) => a.bookedAt!.getTime() - b.bookedAt!.getTime() || a.code.localeCompare(b.code))
    .map((h) => h.code);
}
