/**
 * A park's standard rates and its spaces per vehicle type, in the back office. A cut of spaces below
 * what is held is listed first (409 `capacity_conflict`); confirmed, the bookings it leaves without
 * a space are offered the space guarantee in its transaction, as a closure's are
 * (docs/PRODUCT-RULES.md "The space guarantee", decision 061).
 */
import type {
  AdminPark,
  AdminParkCapacitiesBodySchema,
  AdminParkRatesBodySchema,
  CapacityConflict,
  GuaranteePayer,
} from "@parkwell/contract";
import type { z } from "zod";
import type { Db } from "../../../db/client";
import type { Jobs } from "../../../jobs/queue";
import { AppError } from "../../../lib/app-error";
import { iso } from "../../../lib/iso";
import { decimalsRefusal, toMinor } from "../../../lib/money";
import { closureAudit, differencePayer } from "../../guarantee/guarantee.domain";
import { capacityHits, type MovedBooking } from "../../guarantee/cuts.service";
import { offerGuarantee } from "../../guarantee/guarantee.service";
import { servedCountries } from "../../reference/served-countries";
import type { StaffAccess } from "../access.service";
import { recordAudit, type AuditActor } from "../audit.repo";
import { adminParkView, parkInScopeOr404, refuse } from "./admin-parks.service";
import * as repo from "./admin-parks.repo";

type RatesBody = z.output<typeof AdminParkRatesBodySchema>;
type CapacitiesBody = z.output<typeof AdminParkCapacitiesBodySchema>;

function unknownTypes(list: { vehicle_type_id: number }[], known: Map<number, string>, key: string) {
  const fields: Record<string, string> = {};
  list.forEach((r, i) => {
    if (!known.has(r.vehicle_type_id)) fields[`${key}.${i}.vehicle_type_id`] = "Please choose a vehicle type";
  });
  return fields;
}

/** Replaces the park's standard rates (major units in, minor units stored with the country's decimals). */
export async function setRates(
  db: Db,
  access: StaffAccess,
  actor: AuditActor,
  id: number,
  body: RatesBody,
): Promise<AdminPark> {
  return db.transaction(async (tx) => {
    const park = await parkInScopeOr404(tx, access, id, true);
    const country = (await servedCountries(db).facts({ id: park.countryId }, tx))!;
    const fields = unknownTypes(body.rates, await repo.vehicleTypeIds(tx), "rates");
    body.rates.forEach((r, i) => {
      for (const key of ["hourly", "daily_max"] as const) {
        const wrong = decimalsRefusal(r[key], country.currency, country.decimals);
        if (wrong) fields[`rates.${i}.${key}`] = wrong;
      }
    });
    refuse(fields);
    const before = await repo.listRates(tx, id);
    const wanted = body.rates.map((r) => ({
      vehicleTypeId: r.vehicle_type_id,
      hourlyMinor: toMinor(r.hourly, country.decimals),
      dailyMaxMinor: toMinor(r.daily_max, country.decimals),
    }));
    await repo.replaceRates(tx, id, wanted);
    const after = await repo.listRates(tx, id);
    const view = (rows: repo.RateRow[]) =>
      rows.map((r) => ({
        vehicle_type_id: r.vehicleTypeId,
        hourly_minor: r.hourlyMinor,
        daily_max_minor: r.dailyMaxMinor,
      }));
    await recordAudit(tx, actor, {
      action: "park.rates",
      entity: "park",
      entityId: id,
      operatorId: park.operatorId,
      before: { rates: view(before) },
      after: { rates: view(after) },
    });
    return adminParkView(servedCountries(db), tx, await repo.findPark(tx, id).then((p) => p!));
  });
}

type Conflicts = CapacityConflict["conflicts"];

/**
 * The 409 of a cut below what is held: per vehicle type, the bookings the cut would move, or what
 * holds the spaces when no choice of bookings settles it. `settles`: confirming would save the cut.
 */
const capacityConflict = (conflicts: Conflicts, payer: GuaranteePayer) => {
  const settles = conflicts.every((c) => c.settles);
  return new AppError(
    409,
    "capacity_conflict",
    settles
      ? "Some bookings already hold more spaces than the capacity you asked for: confirm to cut the spaces and offer each of them the space guarantee"
      : "Some bookings already hold more spaces than the capacity you asked for",
    undefined,
    { conflicts, settles, payer },
  );
};

const stranded = (b: {
  booking_code: string;
  start_time: Date | string;
  end_time: Date | string;
  plate_number: string;
}) => ({
  booking_code: b.booking_code,
  start_time: iso(b.start_time),
  end_time: iso(b.end_time),
  plate_number: b.plate_number,
});

/**
 * Sets the park's spaces per vehicle type (a type left out has none). Under the lock every booking
 * takes (the park's capacity rows, FOR UPDATE, as book_space), what is held is read in a later
 * statement, so a booking racing the change either committed before (and is counted) or waits and
 * then sees the new capacity. A cut below what is held from now on is refused (409) with, per type,
 * the bookings it would move (the guarantee's choice: first booked, first kept); sent again with
 * `confirm_capacity`, the spaces are saved and each of those bookings is offered the space guarantee
 * (cause `capacity`), after which it holds no space here. A cut below what cannot move (cars in,
 * monthly passes, event spaces, drive-up sales) stays refused, listing what holds the spaces.
 */
export async function setCapacities(
  deps: { db: Db; jobs: Jobs },
  access: StaffAccess,
  actor: AuditActor,
  id: number,
  body: CapacitiesBody,
  now: Date,
): Promise<AdminPark> {
  const { db, jobs } = deps;
  return db.transaction(async (tx) => {
    const park = await parkInScopeOr404(tx, access, id);
    refuse(unknownTypes(body.capacities, await repo.vehicleTypeIds(tx), "capacities"));
    const before = await repo.lockCapacities(tx, id);
    const wanted = new Map(body.capacities.map((c) => [c.vehicle_type_id, c.capacity]));
    // A type whose row goes away is a capacity of 0.
    for (const type of before.keys()) if (!wanted.has(type)) wanted.set(type, 0);
    const cuts: { type: number; capacity: number; peak: number; hit: MovedBooking[] | null }[] = [];
    for (const [type, capacity] of [...wanted].sort((a, b) => a[0] - b[0])) {
      if (capacity >= (before.get(type) ?? 0)) continue; // more spaces never strand a booking
      const peak = await repo.peakFrom(tx, id, type, now);
      if (peak <= capacity) continue;
      cuts.push({ type, capacity, peak, hit: await capacityHits(tx, id, type, capacity, now) });
    }
    const settles = cuts.every((c) => c.hit !== null);
    const payer = differencePayer(access, park);
    if (cuts.length > 0 && !(settles && body.confirm_capacity === true)) {
      // Per type, the bookings confirming would move; when the cut cannot be settled, what holds
      // the spaces at the busiest moments, for every type alike.
      const conflicts: Conflicts = [];
      for (const c of cuts) {
        const listed = settles ? c.hit! : await repo.holdingsOver(tx, id, c.type, now, c.capacity);
        conflicts.push({
          vehicle_type_id: c.type,
          requested: c.capacity,
          peak: c.peak,
          settles: c.hit !== null,
          bookings: listed.slice(0, 200).map(stranded),
        });
      }
      throw capacityConflict(conflicts, payer.kind);
    }
    const moved = cuts.flatMap((c) => c.hit ?? []);
    await repo.replaceCapacities(
      tx,
      id,
      body.capacities.map((c) => ({ vehicleTypeId: c.vehicle_type_id, capacity: c.capacity })),
    );
    const offered = await offerGuarantee(jobs, tx, {
      parkId: id,
      cause: "capacity",
      payer,
      createdBy: actor.userId,
      now,
      bookings: moved,
    });
    await recordAudit(tx, actor, {
      action: "park.capacities",
      entity: "park",
      entityId: id,
      operatorId: park.operatorId,
      before: { capacities: Object.fromEntries(before) },
      after: {
        capacities: Object.fromEntries(body.capacities.map((c) => [c.vehicle_type_id, c.capacity])),
        ...closureAudit(offered, 0, payer.kind),
      },
    });
    return adminParkView(servedCountries(db), tx, await repo.findPark(tx, id).then((p) => p!));
  });
}
