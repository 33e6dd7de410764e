import { nextOpenWindow, type ParkDetail } from "@parkwell/contract";

const TWO_HOURS = 2 * 3_600_000;

/**
 * The window a page opens on for a park: the first time it is open from `from` on (the contract's
 * window rules, on the park's clock), for two hours or what is left of that opening; `from` for
 * two hours when it opens within no week. The park page starts from the next whole hour, the QR
 * sign at the gate from the next quarter hour.
 */
export function nextBookableWindow(park: ParkDetail, from: Date): { start: string; end: string } {
  const next = nextOpenWindow(from, {
    open24h: park.open_24h,
    openingHours: park.opening_hours,
    timeZone: park.time_zone,
    overnight: park.overnight_stays,
    closures: park.closures,
  });
  const start = next?.start ?? from;
  const end = next?.end ?? new Date(from.getTime() + TWO_HOURS);
  return { start: start.toISOString(), end: end.toISOString() };
}
