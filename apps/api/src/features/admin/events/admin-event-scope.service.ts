/**
 * What every back-office event use case shares: whose events the caller sees (decision 022), the
 * event read in that scope (a 404 outside it), the check that the caller may change it, and the
 * form's clock and validation helpers.
 */
import type { Tx } from "../../../db/tx";
import { AppError } from "../../../lib/app-error";
import { eventNotFound } from "../../events/events.service";
import { parkInScope, parkNotFound, type StaffAccess } from "../access.service";
import * as repo from "./admin-events.repo";
import type { EventRow, EventScope } from "./admin-events.repo";

export const MINUTE = 60_000;

/** Whose events the caller sees: every one for a scope of every park, else its operator's at its parks. */
export const scopeOf = (access: StaffAccess): EventScope =>
  access.parkIds === null ? null : { operatorId: access.operator?.id ?? null, parkIds: access.parkIds };

const CANCELLED_MESSAGE = "This event is cancelled: it can no longer change";
export const cancelledConflict = () => new AppError(409, "event_cancelled", CANCELLED_MESSAGE);

export function refuse(fields: Record<string, string>): void {
  if (Object.keys(fields).length > 0) throw AppError.validation(fields);
}

export async function requireEvent(
  db: Tx,
  access: StaffAccess,
  code: string,
  lock = false,
): Promise<EventRow> {
  const event = await repo.findEvent(db, code, scopeOf(access), lock);
  if (!event) throw eventNotFound();
  return event;
}

/**
 * The event a change is about: a change needs every park of the event in the caller's scope, so
 * staff who see only part of an event (an employee at one of its parks) never edit, publish or
 * cancel what it does at the others. The answer is the one a park outside the scope always gets,
 * the 404 of a missing park.
 */
export async function requireEventToChange(
  db: Tx,
  access: StaffAccess,
  code: string,
  lock = false,
): Promise<EventRow> {
  const event = await requireEvent(db, access, code, lock);
  if (access.parkIds !== null) {
    for (const p of await repo.listEventParks(db, event.id)) {
      if (!parkInScope(access, Number(p.park_id))) throw parkNotFound();
    }
  }
  return event;
}

/** The event's bookings per (park, vehicle type), keyed "park:vehicle type". */
export const bookedMap = (rows: repo.BookedRow[]) =>
  new Map(rows.map((r) => [`${r.park_id}:${r.vehicle_type_id}`, r]));
