/**
 * The back office's events (docs/PRODUCT-RULES.md#events): an organiser's events in the caller's
 * scope (an admin sees every one, operator staff their operator's that have a park among their
 * parks, and of those only their parks' rows: parks, allocations, bookings, money; an event outside
 * it is the same 404 as a missing one), changed only by a caller whose parks hold all of the event
 * (decision 022). Every change is one transaction with its audit entry. Publishing, and editing a published event, check each
 * allocation against the spaces free over its window under the capacity row locks every booking
 * takes, so an event never holds spaces that were already sold.
 */
import {
  EVENT_ACCESS_CODE_MIN,
  EVENT_ENDED_MESSAGE,
  EVENT_MAX_DAYS,
  instantOfWallClock,
  normaliseAccessCode,
  wallClockOf,
  type AdminEvent,
  type AdminEventCreateParsed,
  type AdminEventList,
  type AdminEventListQuery,
  type AdminEventPatchParsed,
} from "@parkwell/contract";
import type { Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import type { Jobs } from "../../../jobs/queue";
import { AppError } from "../../../lib/app-error";
import { decimalsRefusal, toMajor, toMinor } from "../../../lib/money";
import { readableCode } from "../../../lib/readable-code";
import { isIanaTimeZone } from "../../../lib/time-zone";
import { accessCodeHash } from "../../../lib/access-code";
import { queueEventCancellation } from "../../bookings/event-cancellation.service";
import { forbidden, parkInScope, parkNotFound, type StaffAccess } from "../access.service";
import { recordAudit, type AuditActor } from "../audit.repo";
import { changed } from "../parks/admin-parks.domain";
import {
  checkAllocations,
  checkBookingsStay,
  holdingsOf,
  lockCapacities,
  type Plan,
} from "./admin-event-allocations.service";
import {
  bookedMap,
  cancelledConflict,
  MINUTE,
  refuse,
  requireEvent,
  requireEventToChange,
  scopeOf,
} from "./admin-event-scope.service";
import { servedCountries, type ServedCountries } from "../../reference/served-countries";
import * as repo from "./admin-events.repo";
import { localOf, presentAdminEvent } from "./admin-events.present";
import type { EventRow } from "./admin-events.repo";
import { iso } from "../../../lib/iso";
import { listPage } from "../../../lib/pagination";

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
  return adminEventView(servedCountries(db), db, access, await requireEvent(db, access, code));
}

/** The event as the caller sees it: its parks, allocations and bookings in the caller's scope only. */
async function adminEventView(
  served: ServedCountries,
  db: Tx,
  access: StaffAccess,
  e: EventRow,
): Promise<AdminEvent> {
  const country = (await served.facts({ id: e.countryId }, db))!;
  const parks = await repo.listEventParks(db, e.id, access.parkIds);
  const rates = await repo.listEventRates(db, e.id, access.parkIds);
  const booked = bookedMap(await repo.bookedOf(db, e.id, access.parkIds));
  const operator =
    e.operatorId === null
      ? null
      : { id: e.operatorId, name: (await repo.operatorName(db, e.operatorId)) ?? "" };
  return presentAdminEvent(e, { country, parks, rates, booked, operator });
}

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

/**
 * Checks an event's fields together (every mistake at once, as 422 fields): the venue's country
 * and zone, the local times (real ones, in order, at most EVENT_MAX_DAYS long, and a new start in
 * the future), the access code, and each park (in the caller's scope, else the 404 of a missing
 * park; in the event's country; with spaces of each vehicle type priced, in the currency's decimals).
 */
async function checkInput(
  served: ServedCountries,
  tx: Tx,
  access: StaffAccess,
  input: EventInput,
  now: Date,
  current: EventRow | null,
): Promise<Plan> {
  const fields: Record<string, string> = {};
  const country = await served.facts({ code: input.venue.country_code }, tx);
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
      const wrong = country && decimalsRefusal(r.price, country.currency, country.decimals);
      if (wrong) fields[`parks.${i}.prices.${j}.price`] = wrong;
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
    const code = readableCode("EV-", 5);
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
    const plan = await checkInput(servedCountries(db), tx, access, body, now, null);
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
    return adminEventView(servedCountries(db), tx, access, row);
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
    const country = (await servedCountries(db).facts({ id: seen.countryId }, tx))!;
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
    const plan = await checkInput(servedCountries(db), tx, access, input, now, seen);
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
    return adminEventView(servedCountries(db), tx, access, after);
  });
}

const EVENT_CHANGED_MESSAGE = "The event was changed while you published it: publish it again";

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
    if (seen.status === "published") return adminEventView(servedCountries(db), tx, access, seen);
    if (seen.endTime <= now) throw new AppError(422, "event_ended", EVENT_ENDED_MESSAGE);
    const holdings = await holdingsOf(tx, seen.id);
    const capacities = await lockCapacities(tx, holdings);
    // Under the event's row lock (its parks change only under it), the scope is checked again.
    const event = await requireEventToChange(tx, access, seen.eventCode, true);
    if (event.status === "cancelled") throw cancelledConflict();
    if (event.status === "published") return adminEventView(servedCountries(db), tx, access, event);
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
    return adminEventView(servedCountries(db), tx, access, after);
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
    return adminEventView(servedCountries(deps.db), tx, access, after);
  });
}
