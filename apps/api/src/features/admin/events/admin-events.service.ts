/**
 * The back office's events (docs/PRODUCT-RULES.md#events): an organiser's events in the caller's
 * scope (an admin sees every one, operator staff their operator's that have a park among their
 * parks, and of those only their parks' rows: parks, allocations, bookings, money; an event outside
 * it is the same 404 as a missing one), changed only by a caller whose parks hold all of the event
 * (decision 022). Every change is one transaction with its audit entry. Publishing, and editing a published event, check each
 * allocation against the spaces free over its window under the capacity row locks every booking
 * takes, so an event never holds spaces that were already sold.
 */
import { randomInt } from "node:crypto";
import {
  ALLOCATION_BELOW_BOOKED_MESSAGE,
  ALLOCATION_CONFLICT_MESSAGE,
  EVENT_ACCESS_CODE_MIN,
  EVENT_CODE_ALPHABET,
  EVENT_ENDED_MESSAGE,
  EVENT_MAX_DAYS,
  instantOfWallClock,
  normaliseAccessCode,
  wallClockMs,
  wallClockOf,
  type AdminEvent,
  type AdminEventBookingList,
  type AdminEventCreateParsed,
  type AdminEventList,
  type AdminEventListQuery,
  type AdminEventPatchParsed,
  type AdminEventReport,
  type AllocationConflict,
} from "@parkwell/contract";
import type { Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import type { Jobs } from "../../../jobs/queue";
import { AppError } from "../../../lib/app-error";
import { toMajor, toMinor } from "../../../lib/money";
import { isIanaTimeZone } from "../../../lib/time-zone";
import { eventNotFound } from "../../events/events.service";
import { accessCodeHash } from "../../../lib/access-code";
import { queueEventCancellation } from "../../bookings/event-cancellation.service";
import { forbidden, parkInScope, parkNotFound, type StaffAccess } from "../access.service";
import { recordAudit, type AuditActor } from "../audit.repo";
import { changed } from "../parks/admin-parks.domain";
import { fitsDecimals } from "../../../lib/money";
import * as repo from "./admin-events.repo";
import type { EventRow, EventScope } from "./admin-events.repo";
import { iso } from "../../../lib/iso";
import { listPage, offsetOf } from "../../../lib/pagination";

const MINUTE = 60_000;

/** Whose events the caller sees: every one for a scope of every park, else its operator's at its parks. */
const scopeOf = (access: StaffAccess): EventScope =>
  access.parkIds === null ? null : { operatorId: access.operator?.id ?? null, parkIds: access.parkIds };

const CANCELLED_MESSAGE = "This event is cancelled: it can no longer change";
const cancelledConflict = () => new AppError(409, "event_cancelled", CANCELLED_MESSAGE);

/** "2026-12-05T19:30": an instant on a zone's clock, as the form shows it. */
export function localOf(t: Date | string, timeZone: string): string {
  return new Date(wallClockMs(new Date(t).getTime(), timeZone)).toISOString().slice(0, 16);
}

function refuse(fields: Record<string, string>): void {
  if (Object.keys(fields).length > 0) throw AppError.validation(fields);
}

async function requireEvent(db: Tx, access: StaffAccess, code: string, lock = false): Promise<EventRow> {
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
async function requireEventToChange(
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

// ---------------------------------------------------------------------------------------------
// Reading

export async function list(db: Db, access: StaffAccess, q: AdminEventListQuery): Promise<AdminEventList> {
  const filter: repo.ListFilter = {
    scope: scopeOf(access),
    status: q.status,
    search: q.search || undefined,
    from: q.from,
    to: q.to,
    page: q.page,
    size: q.size,
  };
  const rows = await repo.listEvents(db, filter);
  const total = rows[0]?.total ?? (q.page > 1 ? await repo.countEvents(db, filter) : 0);
  return listPage(
    rows.map((r) => ({
      event_code: r.event_code,
      name: r.name,
      category: r.category,
      status: r.status,
      visibility: r.visibility,
      venue_name: r.venue_name,
      city: r.city,
      country: r.country,
      time_zone: r.time_zone,
      start_time: iso(r.start_time),
      end_time: iso(r.end_time),
      parks: Number(r.parks),
      allocation: Number(r.allocation),
      booked: Number(r.booked),
    })),
    total,
    q,
  );
}

export async function get(db: Db, access: StaffAccess, code: string): Promise<AdminEvent> {
  return present(db, access, await requireEvent(db, access, code));
}

/** The event as the caller sees it: its parks, allocations and bookings in the caller's scope only. */
async function present(db: Tx, access: StaffAccess, e: EventRow): Promise<AdminEvent> {
  const country = (await repo.findCountry(db, { id: e.countryId }))!;
  const parks = await repo.listEventParks(db, e.id, access.parkIds);
  const rates = await repo.listEventRates(db, e.id, access.parkIds);
  const booked = bookedMap(await repo.bookedOf(db, e.id, access.parkIds));
  const operator =
    e.operatorId === null
      ? null
      : { id: e.operatorId, name: (await repo.operatorName(db, e.operatorId)) ?? "" };
  return {
    event_code: e.eventCode,
    name: e.name,
    description: e.description,
    category: e.category,
    status: e.status,
    visibility: e.visibility,
    has_access_code: e.accessCodeHash !== null,
    venue: {
      name: e.venueName,
      address: e.venueAddress,
      city: e.city,
      country_code: country.code,
      lat: e.lat,
      lng: e.lng,
    },
    time_zone: e.timeZone,
    start_local: localOf(e.startTime, e.timeZone),
    end_local: localOf(e.endTime, e.timeZone),
    start_time: iso(e.startTime),
    end_time: iso(e.endTime),
    currency: country.currency,
    decimals: country.decimals,
    operator,
    parks: parks.map((p) => ({
      park_id: Number(p.park_id),
      park_name: p.park_name,
      park_code: p.park_code,
      arrive_before_minutes: Number(p.arrive_before_minutes),
      depart_after_minutes: Number(p.depart_after_minutes),
      window_start: iso(p.window_start),
      window_end: iso(p.window_end),
      prices: rates
        .filter((r) => r.park_id === Number(p.park_id))
        .map((r) => ({
          vehicle_type_id: r.vehicle_type_id,
          vehicle_type: r.vehicle_type,
          price: toMajor(r.price_minor, country.decimals),
          allocation: r.allocation,
          booked: booked.get(`${r.park_id}:${r.vehicle_type_id}`)?.booked ?? 0,
        })),
    })),
    booked: [...booked.values()].reduce((n, b) => n + b.booked, 0),
    created_at: iso(e.createdAt),
    published_at: e.publishedAt ? iso(e.publishedAt) : null,
    cancelled_at: e.cancelledAt ? iso(e.cancelledAt) : null,
  };
}

const bookedMap = (rows: repo.BookedRow[]) =>
  new Map(rows.map((r) => [`${r.park_id}:${r.vehicle_type_id}`, r]));

// ---------------------------------------------------------------------------------------------
// Checking what the form sends

/** Everything an event is written from, once its parts are merged (a patch over the stored event). */
interface EventInput {
  name: string;
  description: { en: string; fr: string };
  category: EventRow["category"];
  visibility: EventRow["visibility"];
  access_code?: string | undefined;
  venue: AdminEventCreateParsed["venue"];
  time_zone: string;
  start_local: string;
  end_local: string;
  parks: AdminEventCreateParsed["parks"];
}

/** An event ready to write: its row's fields and its parks with their windows. */
interface Plan {
  countryId: number;
  start: Date;
  end: Date;
  /** undefined: keep the stored hash; null: none (public). */
  accessCodeHash: string | null | undefined;
  parks: (repo.ParkWrite & { parkName: string })[];
}

/**
 * Checks an event's fields together (every mistake at once, as 422 fields): the venue's country
 * and zone, the local times (real ones, in order, at most EVENT_MAX_DAYS long, and a new start in
 * the future), the access code, and each park (in the caller's scope, else the 404 of a missing
 * park; in the event's country; with spaces of each vehicle type priced, in the currency's decimals).
 */
async function checkInput(
  tx: Tx,
  access: StaffAccess,
  input: EventInput,
  now: Date,
  current: EventRow | null,
): Promise<Plan> {
  const fields: Record<string, string> = {};
  const country = await repo.findCountry(tx, { code: input.venue.country_code });
  if (!country) fields["venue.country_code"] = "Please choose a country";
  const zoneOk = isIanaTimeZone(input.time_zone);
  if (!zoneOk) fields.time_zone = "Enter a time zone such as Africa/Lagos";

  let start = new Date(NaN);
  let end = new Date(NaN);
  if (zoneOk) {
    start = new Date(instantOfWallClock(wallClockOf(input.start_local)!, input.time_zone));
    end = new Date(instantOfWallClock(wallClockOf(input.end_local)!, input.time_zone));
    const startMoved = !current || current.startTime.getTime() !== start.getTime();
    if (end <= start) fields.end_local = "The end must be after the start";
    else if (end.getTime() - start.getTime() > EVENT_MAX_DAYS * 24 * 60 * MINUTE)
      fields.end_local = `An event lasts at most ${EVENT_MAX_DAYS} days`;
    if (startMoved && start <= now) fields.start_local = "The start must be in the future";
  }

  let hash: string | null | undefined = null;
  if (input.visibility === "private") {
    if (input.access_code === undefined || input.access_code === "") {
      if (current?.accessCodeHash) hash = undefined;
      else fields.access_code = "Give a private event an access code";
    } else if (normaliseAccessCode(input.access_code).length < EVENT_ACCESS_CODE_MIN) {
      fields.access_code = `An access code has at least ${EVENT_ACCESS_CODE_MIN} letters or digits`;
    } else {
      // Codes are checked against their own event only (POST /events/access names the event), so
      // two events may share one and nothing here tells whether another event has it.
      hash = accessCodeHash(input.access_code);
    }
  }

  const ids = input.parks.map((p) => p.park_id);
  // A park outside the scope is the same 404 as a missing one, before any other check reads it.
  for (const id of ids) if (!parkInScope(access, id)) throw parkNotFound();
  const parks = await repo.findParks(tx, ids);
  for (const id of ids) if (!parks.has(id)) throw parkNotFound();
  const capacities = await repo.capacitiesOf(tx, ids);
  const plan: Plan["parks"] = [];
  input.parks.forEach((p, i) => {
    const park = parks.get(p.park_id)!;
    if (country && Number(park.country_id) !== country.id)
      fields[`parks.${i}.park_id`] = "Choose a park in the event's country";
    p.prices.forEach((r, j) => {
      if (!capacities.has(`${p.park_id}:${r.vehicle_type_id}`))
        fields[`parks.${i}.prices.${j}.vehicle_type_id`] = "This park has no spaces for this vehicle type";
      if (country && !fitsDecimals(r.price, country.decimals)) {
        const { currency, decimals } = country;
        fields[`parks.${i}.prices.${j}.price`] =
          decimals === 0
            ? `Amounts in ${currency} have no decimals`
            : `Amounts in ${currency} have at most ${decimals} decimals`;
      }
    });
    plan.push({
      parkId: p.park_id,
      parkName: park.name,
      arriveBeforeMinutes: p.arrive_before_minutes,
      departAfterMinutes: p.depart_after_minutes,
      windowStart: new Date(start.getTime() - p.arrive_before_minutes * MINUTE),
      windowEnd: new Date(end.getTime() + p.depart_after_minutes * MINUTE),
      position: i,
      rates: p.prices.map((r) => ({
        vehicleTypeId: r.vehicle_type_id,
        priceMinor: country ? toMinor(r.price, country.decimals) : 0,
        allocation: r.allocation,
      })),
    });
  });
  refuse(fields);
  return { countryId: country!.id, start, end, accessCodeHash: hash, parks: plan };
}

interface Holding {
  parkId: number;
  parkName: string;
  windowStart: Date;
  windowEnd: Date;
  rates: { vehicleTypeId: number; allocation: number }[];
}

/** Every (park, vehicle type) of the holdings, in the lock order: park id, then vehicle type id. */
const pairsOf = (holdings: Holding[]) =>
  holdings
    .flatMap((h) => h.rates.map((r) => ({ h, r })))
    .sort((a, b) => a.h.parkId - b.h.parkId || a.r.vehicleTypeId - b.r.vehicleTypeId);

/**
 * Locks the capacity rows of every (park, vehicle type) in the lock order, as book_space and
 * book_event_space do before they touch an event's row: the caller then locks the event's row,
 * and reads the peaks in later statements, which see every booking committed before the locks.
 */
async function lockCapacities(tx: Tx, holdings: Holding[]): Promise<Map<string, number>> {
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
async function checkAllocations(
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
function checkBookingsStay(
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

// ---------------------------------------------------------------------------------------------
// Writing

/** The event as the audit log keeps it: its fields and its parks (never the access code). */
async function auditView(tx: Tx, e: EventRow) {
  const parks = await repo.listEventParks(tx, e.id);
  const rates = await repo.listEventRates(tx, e.id);
  return {
    name: e.name,
    description: e.description,
    category: e.category,
    status: e.status,
    visibility: e.visibility,
    access_code_set: e.accessCodeHash !== null,
    venue: { name: e.venueName, address: e.venueAddress, city: e.city, lat: e.lat, lng: e.lng },
    country_id: e.countryId,
    time_zone: e.timeZone,
    start_time: iso(e.startTime),
    end_time: iso(e.endTime),
    parks: parks.map((p) => ({
      park_id: Number(p.park_id),
      arrive_before_minutes: Number(p.arrive_before_minutes),
      depart_after_minutes: Number(p.depart_after_minutes),
      rates: rates
        .filter((r) => r.park_id === Number(p.park_id))
        .map((r) => ({
          vehicle_type_id: r.vehicle_type_id,
          price_minor: r.price_minor,
          allocation: r.allocation,
        })),
    })),
  };
}

async function newCode(tx: Tx): Promise<string> {
  for (let i = 0; i < 20; i += 1) {
    const code = `EV-${Array.from({ length: 5 }, () => EVENT_CODE_ALPHABET[randomInt(EVENT_CODE_ALPHABET.length)]).join("")}`;
    if (!(await repo.codeTaken(tx, code))) return code;
  }
  throw new Error("No free event code after 20 tries");
}

const rowFields = (input: EventInput, plan: Plan) => ({
  name: input.name,
  description: input.description,
  category: input.category,
  visibility: input.visibility,
  countryId: plan.countryId,
  venueName: input.venue.name,
  venueAddress: input.venue.address,
  city: input.venue.city,
  lat: input.venue.lat,
  lng: input.venue.lng,
  timeZone: input.time_zone,
  startTime: plan.start,
  endTime: plan.end,
});

/** Creates a draft: it holds no spaces until it is published. */
export async function create(
  db: Db,
  access: StaffAccess,
  actor: AuditActor,
  body: AdminEventCreateParsed,
  now: Date,
): Promise<AdminEvent> {
  // Operator staff's events are their operator's; an admin's are Parkwell's own.
  const operatorId = access.parkIds === null ? null : (access.operator?.id ?? null);
  if (access.parkIds !== null && operatorId === null) throw forbidden();
  return db.transaction(async (tx) => {
    const plan = await checkInput(tx, access, body, now, null);
    const row = await repo.insertEvent(tx, {
      ...rowFields(body, plan),
      eventCode: await newCode(tx),
      status: "draft",
      accessCodeHash: plan.accessCodeHash ?? null,
      operatorId,
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await repo.replaceParks(tx, row.id, plan.parks);
    await recordAudit(tx, actor, {
      action: "event.create",
      entity: "event",
      entityId: row.eventCode,
      operatorId: row.operatorId,
      after: await auditView(tx, row),
    });
    return present(tx, access, row);
  });
}

/**
 * Edits an event (a draft or a published one; a cancelled one is 409). The capacity rows of every
 * (park, vehicle type) it will offer are locked first, then the event's row; a published event's
 * allocations are checked against what is free, and bookings already made keep their windows.
 */
export async function update(
  db: Db,
  access: StaffAccess,
  actor: AuditActor,
  code: string,
  body: AdminEventPatchParsed,
  now: Date,
): Promise<AdminEvent> {
  return db.transaction(async (tx) => {
    const seen = await requireEventToChange(tx, access, code);
    if (seen.status === "cancelled") throw cancelledConflict();
    const stored = await repo.listEventParks(tx, seen.id);
    const storedRates = await repo.listEventRates(tx, seen.id);
    const country = (await repo.findCountry(tx, { id: seen.countryId }))!;
    const input: EventInput = {
      name: body.name ?? seen.name,
      description: body.description ?? seen.description,
      category: body.category ?? seen.category,
      visibility: body.visibility ?? seen.visibility,
      access_code: body.access_code,
      venue: body.venue ?? {
        name: seen.venueName,
        address: seen.venueAddress,
        city: seen.city,
        country_code: country.code,
        lat: seen.lat,
        lng: seen.lng,
      },
      time_zone: body.time_zone ?? seen.timeZone,
      start_local: body.start_local ?? localOf(seen.startTime, seen.timeZone),
      end_local: body.end_local ?? localOf(seen.endTime, seen.timeZone),
      parks:
        body.parks ??
        stored.map((p) => ({
          park_id: Number(p.park_id),
          arrive_before_minutes: Number(p.arrive_before_minutes),
          depart_after_minutes: Number(p.depart_after_minutes),
          prices: storedRates
            .filter((r) => r.park_id === Number(p.park_id))
            .map((r) => ({
              vehicle_type_id: r.vehicle_type_id,
              price: toMajor(r.price_minor, country.decimals),
              allocation: r.allocation,
            })),
        })),
    };
    const plan = await checkInput(tx, access, input, now, seen);
    const capacities = await lockCapacities(tx, plan.parks);
    // Under the event's row lock (its parks change only under it), the scope is checked again.
    const event = await requireEventToChange(tx, access, seen.eventCode, true);
    if (event.status === "cancelled") throw cancelledConflict();
    const booked = await repo.bookedOf(tx, event.id);
    checkBookingsStay(event, plan, stored, booked);
    if (event.status === "published")
      await checkAllocations(tx, event.id, plan.parks, capacities, bookedMap(booked));

    const before = await auditView(tx, event);
    const after = await repo.updateEvent(tx, event.id, {
      ...rowFields(input, plan),
      ...(plan.accessCodeHash === undefined ? {} : { accessCodeHash: plan.accessCodeHash }),
      updatedAt: now,
    });
    await repo.replaceParks(tx, event.id, plan.parks);
    const diff = changed(before, await auditView(tx, after));
    if (Object.keys(diff.after).length > 0 || plan.accessCodeHash !== undefined) {
      await recordAudit(tx, actor, {
        action: "event.update",
        entity: "event",
        entityId: event.eventCode,
        operatorId: event.operatorId,
        ...diff,
      });
    }
    return present(tx, access, after);
  });
}

const EVENT_CHANGED_MESSAGE = "The event was changed while you published it: publish it again";

/** The event's parks, windows and allocations, as the allocation check reads them. */
async function holdingsOf(tx: Tx, eventId: number): Promise<Holding[]> {
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

/** Publishes a draft once every allocation fits (409 with the conflicts otherwise). */
export async function publish(
  db: Db,
  access: StaffAccess,
  actor: AuditActor,
  code: string,
  now: Date,
): Promise<AdminEvent> {
  return db.transaction(async (tx) => {
    const seen = await requireEventToChange(tx, access, code);
    if (seen.status === "cancelled") throw cancelledConflict();
    if (seen.status === "published") return present(tx, access, seen);
    if (seen.endTime <= now) throw new AppError(422, "event_ended", EVENT_ENDED_MESSAGE);
    const holdings = await holdingsOf(tx, seen.id);
    const capacities = await lockCapacities(tx, holdings);
    // Under the event's row lock (its parks change only under it), the scope is checked again.
    const event = await requireEventToChange(tx, access, seen.eventCode, true);
    if (event.status === "cancelled") throw cancelledConflict();
    if (event.status === "published") return present(tx, access, event);
    // An edit that committed between the first read and the locks may have changed the parks or
    // the allocations: publish only what was checked under the locks.
    if (JSON.stringify(await holdingsOf(tx, event.id)) !== JSON.stringify(holdings)) {
      throw new AppError(409, "event_changed", EVENT_CHANGED_MESSAGE);
    }
    await checkAllocations(tx, event.id, holdings, capacities, bookedMap(await repo.bookedOf(tx, event.id)));
    const after = await repo.updateEvent(tx, event.id, {
      status: "published",
      publishedAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, actor, {
      action: "event.publish",
      entity: "event",
      entityId: event.eventCode,
      operatorId: event.operatorId,
      before: { status: event.status },
      after: { status: after.status },
    });
    return present(tx, access, after);
  });
}

/**
 * Cancels an event: its row is marked cancelled (a booking racing this waits on the row and then
 * sees it) and the refunds of every booking are queued in the same transaction.
 */
export async function cancel(
  deps: { db: Db; jobs: Jobs },
  access: StaffAccess,
  actor: AuditActor,
  code: string,
  now: Date,
): Promise<AdminEvent> {
  return deps.db.transaction(async (tx) => {
    const event = await requireEventToChange(tx, access, code, true);
    if (event.status === "cancelled")
      throw new AppError(409, "event_cancelled", "This event is already cancelled");
    const after = await repo.updateEvent(tx, event.id, {
      status: "cancelled",
      cancelledAt: now,
      updatedAt: now,
    });
    await queueEventCancellation(deps.jobs, tx, event.id);
    await recordAudit(tx, actor, {
      action: "event.cancel",
      entity: "event",
      entityId: event.eventCode,
      operatorId: event.operatorId,
      before: { status: event.status },
      after: { status: after.status },
    });
    return present(tx, access, after);
  });
}

// ---------------------------------------------------------------------------------------------
// Bookings and report

export async function bookings(
  db: Db,
  access: StaffAccess,
  code: string,
  q: { page: number; size: number },
): Promise<AdminEventBookingList> {
  const event = await requireEvent(db, access, code);
  // Only the bookings at the caller's parks: staff see the event's drivers where they work.
  const rows = await repo.listEventBookings(db, event.id, access.parkIds, {
    limit: q.size,
    offset: offsetOf(q),
  });
  const total = rows[0] ? Number(rows[0].total) : await repo.countEventBookings(db, event.id, access.parkIds);
  return listPage(
    rows.map((r) => ({
      booking_code: r.booking_code,
      status: r.status,
      park: { id: Number(r.park_id), name: r.park_name },
      vehicle_type_id: Number(r.vehicle_type_id),
      vehicle_type: r.vehicle_type,
      plate_number: r.plate_number,
      driver_first_name: r.first_name,
      paid: toMajor(Number(r.paid_minor), Number(r.decimals)),
      currency: r.currency,
      checked_in_at: r.checked_in_at ? iso(r.checked_in_at) : null,
      created_at: iso(r.created_at),
    })),
    total,
    q,
  );
}

export async function report(db: Db, access: StaffAccess, code: string): Promise<AdminEventReport> {
  const event = await requireEvent(db, access, code);
  // Every figure over the caller's parks only.
  const scope = access.parkIds;
  const totals = await repo.reportTotals(db, event.id, scope);
  const revenue = await repo.revenueOf(db, event.id, scope);
  const parks = await repo.listEventParks(db, event.id, scope);
  const rates = await repo.listEventRates(db, event.id, scope);
  const booked = bookedMap(await repo.bookedOf(db, event.id, scope));
  const capacities = await repo.capacitiesOf(
    db,
    parks.map((p) => Number(p.park_id)),
  );
  return {
    event_code: event.eventCode,
    name: event.name,
    status: event.status,
    time_zone: event.timeZone,
    start_time: iso(event.startTime),
    end_time: iso(event.endTime),
    bookings: {
      total: totals.total,
      active: totals.active,
      completed: totals.completed,
      cancelled: totals.cancelled,
    },
    checked_in: totals.checked_in,
    revenue: revenue.map((r) => ({ currency: r.currency, amount: toMajor(r.minor, r.decimals) })),
    parks: await reportParks(db, parks, rates, booked, capacities),
  };
}

async function reportParks(
  db: Db,
  parks: repo.EventParkRow[],
  rates: repo.EventRateRow[],
  booked: Map<string, repo.BookedRow>,
  capacities: Map<string, number>,
): Promise<AdminEventReport["parks"]> {
  const out: AdminEventReport["parks"] = [];
  for (const p of parks) {
    const parkId = Number(p.park_id);
    const start = new Date(p.window_start);
    const end = new Date(p.window_end);
    const types: AdminEventReport["parks"][number]["types"] = [];
    for (const r of rates.filter((x) => x.park_id === parkId)) {
      const key = `${parkId}:${r.vehicle_type_id}`;
      types.push({
        vehicle_type_id: r.vehicle_type_id,
        vehicle_type: r.vehicle_type,
        allocation: r.allocation,
        booked: booked.get(key)?.booked ?? 0,
        checked_in: booked.get(key)?.checked_in ?? 0,
        capacity: capacities.get(key) ?? 0,
        // booking_peak over the window: the other bookings, drive-up sales and every published
        // event's hold, this event's included (its own bookings draw from that hold).
        peak_held: await repo.peakWithout(db, parkId, r.vehicle_type_id, start, end, null),
      });
    }
    out.push({
      park_id: parkId,
      park_name: p.park_name,
      window_start: iso(p.window_start),
      window_end: iso(p.window_end),
      types,
    });
  }
  return out;
}
