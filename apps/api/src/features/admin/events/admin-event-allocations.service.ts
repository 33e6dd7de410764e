/**
 * An event's allocations against the parks' spaces: the capacity rows locked in the bookings' lock
 * order, each allocation checked against the spaces free over its park's window and the event's
 * bookings there (publishing, and editing a published event).
 */
import {
  ALLOCATION_BELOW_BOOKED_MESSAGE,
  ALLOCATION_CONFLICT_MESSAGE,
  type AllocationConflict,
} from "@parkwell/contract";
import type { Tx } from "../../../db/tx";
import { AppError } from "../../../lib/app-error";
import * as repo from "./admin-events.repo";
import type { EventRow } from "./admin-events.repo";
import { refuse } from "./admin-event-scope.service";

/** An event ready to write: its row's fields and its parks with their windows. */
export interface Plan {
  countryId: number;
  start: Date;
  end: Date;
  /** undefined: keep the stored hash; null: none (public). */
  accessCodeHash: string | null | undefined;
  parks: (repo.ParkWrite & { parkName: string })[];
}

export interface Holding {
  parkId: number;
  parkName: string;
  windowStart: Date;
  windowEnd: Date;
  rates: { vehicleTypeId: number; allocation: number }[];
}

/** Every (park, vehicle type) of the holdings, in the lock order: park id, then vehicle type id. */
export const pairsOf = (holdings: Holding[]) =>
  holdings
    .flatMap((h) => h.rates.map((r) => ({ h, r })))
    .sort((a, b) => a.h.parkId - b.h.parkId || a.r.vehicleTypeId - b.r.vehicleTypeId);

/**
 * Locks the capacity rows of every (park, vehicle type) in the lock order, as book_space and
 * book_event_space do before they touch an event's row: the caller then locks the event's row,
 * and reads the peaks in later statements, which see every booking committed before the locks.
 */
export async function lockCapacities(tx: Tx, holdings: Holding[]): Promise<Map<string, number>> {
  const capacities = new Map<string, number>();
  const fields: Record<string, string> = {};
  for (const { h, r } of pairsOf(holdings)) {
    const capacity = await repo.lockCapacity(tx, h.parkId, r.vehicleTypeId);
    if (capacity === null) fields.parks = `${h.parkName} has no spaces for one of the vehicle types`;
    else capacities.set(`${h.parkId}:${r.vehicleTypeId}`, capacity);
  }
  refuse(fields);
  return capacities;
}

/**
 * Whether each allocation fits: no more than the spaces free over its park's window (the capacity
 * less the peak of everything else held there, this event's own hold left out) and no fewer than
 * the event's bookings there. Otherwise the 409 lists every one that does not.
 */
export async function checkAllocations(
  tx: Tx,
  eventId: number,
  holdings: Holding[],
  capacities: Map<string, number>,
  booked: Map<string, repo.BookedRow>,
): Promise<void> {
  const conflicts: AllocationConflict["conflicts"] = [];
  let belowBooked = false;
  for (const { h, r } of pairsOf(holdings)) {
    const key = `${h.parkId}:${r.vehicleTypeId}`;
    const peak = await repo.peakWithout(tx, h.parkId, r.vehicleTypeId, h.windowStart, h.windowEnd, eventId);
    const free = Math.max(0, (capacities.get(key) ?? 0) - peak);
    const held = booked.get(key)?.booked ?? 0;
    if (r.allocation > free || r.allocation < held) {
      belowBooked ||= r.allocation < held;
      conflicts.push({
        park_id: h.parkId,
        park_name: h.parkName,
        vehicle_type_id: r.vehicleTypeId,
        vehicle_type: "",
        allocation: r.allocation,
        free,
        booked: held,
      });
    }
  }
  if (conflicts.length > 0) {
    // The vehicle types' names are read only for the answer of a refusal.
    const names = await repo.vehicleTypeNames(tx);
    for (const c of conflicts) c.vehicle_type = names.get(c.vehicle_type_id) ?? "";
    const message = belowBooked ? ALLOCATION_BELOW_BOOKED_MESSAGE : ALLOCATION_CONFLICT_MESSAGE;
    throw new AppError(409, "allocation_conflict", message, undefined, { conflicts });
  }
}

/** An event with bookings keeps its times, and each booked park its buffers and booked vehicle types. */
export function checkBookingsStay(
  current: EventRow,
  plan: Plan,
  stored: repo.EventParkRow[],
  booked: repo.BookedRow[],
) {
  if (booked.length === 0) return;
  const fields: Record<string, string> = {};
  if (
    current.startTime.getTime() !== plan.start.getTime() ||
    current.endTime.getTime() !== plan.end.getTime()
  )
    fields.start_local = "The event has bookings: its start and end cannot change";
  for (const b of booked) {
    const i = plan.parks.findIndex((p) => p.parkId === b.park_id);
    const before = stored.find((p) => Number(p.park_id) === b.park_id);
    if (i < 0) {
      fields.parks = "A park with bookings for the event cannot be removed";
      continue;
    }
    const p = plan.parks[i]!;
    if (
      before &&
      (Number(before.arrive_before_minutes) !== p.arriveBeforeMinutes ||
        Number(before.depart_after_minutes) !== p.departAfterMinutes)
    )
      fields[`parks.${i}.arrive_before_minutes`] =
        "This park has bookings for the event: its buffers cannot change";
    if (!p.rates.some((r) => r.vehicleTypeId === b.vehicle_type_id))
      fields[`parks.${i}.prices`] = "A vehicle type with bookings at this park cannot be removed";
  }
  refuse(fields);
}

/** The event's parks, windows and allocations, as the allocation check reads them. */
export async function holdingsOf(tx: Tx, eventId: number): Promise<Holding[]> {
  const [parks, rates] = await Promise.all([
    repo.listEventParks(tx, eventId),
    repo.listEventRates(tx, eventId),
  ]);
  return parks.map((p) => ({
    parkId: Number(p.park_id),
    parkName: p.park_name,
    windowStart: new Date(p.window_start),
    windowEnd: new Date(p.window_end),
    rates: rates
      .filter((r) => r.park_id === Number(p.park_id))
      .map((r) => ({ vehicleTypeId: r.vehicle_type_id, allocation: r.allocation })),
  }));
}
