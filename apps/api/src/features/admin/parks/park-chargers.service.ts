/**
 * The back office's chargers of a park (docs/PRODUCT-RULES.md#ev-charging, decision 045): list,
 * add, edit, deactivate, in the caller's scope (another operator's park is the same 404 as none).
 * Each change is one transaction under the park's row lock, with its audit entry, and keeps the
 * park's `ev_charging` amenity true to its active chargers. A charger is never deleted: a
 * booking of one points to it, so it is deactivated; and never lowered or deactivated under what
 * bookings and live holds from now on already hold of it (409 `charger_conflict`).
 */
import type {
  AdminChargerCreateParsed,
  AdminChargerPatchParsed,
  AdminParkChargers,
  ChargerConflict,
} from "@parkwell/contract";
import type { Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import { AppError } from "../../../lib/app-error";
import { decimalsRefusal, toMinor } from "../../../lib/money";
import { servedCountries, type CountryFacts } from "../../reference/served-countries";
import * as chargers from "../../parks/chargers.service";
import { presentAdminCharger } from "./park-chargers.present";
import type { StaffAccess } from "../access.service";
import { recordAudit, type AuditActor } from "../audit.repo";
import { parkInScopeOr404 } from "./admin-parks.service";
import type { ParkRow } from "./admin-parks.repo";

/** What the audit log keeps of a charger (minor units, as stored). */
const auditView = (c: chargers.ChargerRow) => ({
  id: c.id,
  connector: c.connector,
  power_kw: c.powerKw,
  count: c.count,
  price_unit: c.priceUnit,
  price_minor: c.priceMinor,
  status: c.status,
});

async function view(db: Db, tx: Tx, park: ParkRow): Promise<AdminParkChargers> {
  const country = (await servedCountries(db).facts({ id: park.countryId }, tx))!;
  return {
    park_id: park.id,
    currency: country.currency,
    decimals: country.decimals,
    items: (await chargers.listChargers(tx, park.id)).map((c) => presentAdminCharger(c, country)),
  };
}

export async function list(db: Db, access: StaffAccess, parkId: number): Promise<AdminParkChargers> {
  return view(db, db, await parkInScopeOr404(db, access, parkId));
}

/** The price in the park's currency's minor units, or the field's 422 when it has too many decimals. */
function priceMinor(price: number, country: CountryFacts): number {
  const wrong = decimalsRefusal(price, country.currency, country.decimals);
  if (wrong) throw AppError.validation({ price: wrong });
  return toMinor(price, country.decimals);
}

export async function add(
  db: Db,
  access: StaffAccess,
  actor: AuditActor,
  parkId: number,
  body: AdminChargerCreateParsed,
): Promise<AdminParkChargers> {
  return db.transaction(async (tx) => {
    const park = await parkInScopeOr404(tx, access, parkId, true);
    const country = (await servedCountries(db).facts({ id: park.countryId }, tx))!;
    const added = await chargers.insertCharger(tx, parkId, {
      connector: body.connector,
      powerKw: body.power_kw,
      count: body.count,
      priceUnit: body.price_unit,
      priceMinor: priceMinor(body.price, country),
      status: body.status,
    });
    await chargers.syncEvAmenity(tx, parkId);
    await recordAudit(tx, actor, {
      action: "park.charger.add",
      entity: "park",
      entityId: parkId,
      operatorId: park.operatorId,
      after: { charger: auditView(added) },
    });
    return view(db, tx, park);
  });
}

const iso = (t: Date | string) => new Date(t).toISOString();

const CONFLICT_MESSAGES = {
  count: "Some bookings already hold more of these chargers at once than the count you asked for",
  deactivate:
    "This charger group cannot be deactivated while bookings or holds from now on hold one of its chargers",
  kind: "This charger group's connector and power cannot change while bookings or holds from now on hold one of its chargers: add a new group instead",
} as const;

/** The 409 of an edit that would leave bookings of the group without the charger they booked. */
function chargerConflict(
  why: keyof typeof CONFLICT_MESSAGES,
  c: Omit<ChargerConflict, "message" | "code">,
): AppError {
  return new AppError(409, "charger_conflict", CONFLICT_MESSAGES[why], undefined, c);
}

/**
 * Refuses an edit that leaves the group fewer chargers (`count`, 0 when deactivated) than are held
 * at once from now on, or changes the connector or power its bookings from now on were made for
 * (a driver would find another plug: every one of them counts as stranded). The caller holds the
 * group's row FOR UPDATE (the lock reserve_charger takes), and the peak is read in a later
 * statement: a booking racing the edit either committed before and is counted, or waits and then
 * sees the group as the edit left it.
 */
async function assertNotStranding(
  tx: Tx,
  before: chargers.ChargerRow,
  after: { connector: string; powerKw: number; count: number; status: string },
  now: Date,
): Promise<void> {
  const kindChanged = after.connector !== before.connector || after.powerKw !== before.powerKw;
  const had = before.status === "active" ? before.count : 0;
  const requested = after.status === "active" && !kindChanged ? after.count : 0;
  if (requested >= had) return; // as many chargers of the same kind never strand a booking
  const peak = await chargers.chargerPeakFrom(tx, before.id, now);
  if (peak <= requested) return;
  const held = await chargers.chargerHoldingsOver(tx, before.id, now, requested);
  const why = after.status !== "active" ? "deactivate" : kindChanged ? "kind" : "count";
  throw chargerConflict(why, {
    charger_id: before.id,
    requested,
    peak,
    bookings: held.map((h) => ({ ...h, start_time: iso(h.start_time), end_time: iso(h.end_time) })),
  });
}

export async function update(
  db: Db,
  access: StaffAccess,
  actor: AuditActor,
  parkId: number,
  chargerId: number,
  body: AdminChargerPatchParsed,
  now: Date,
): Promise<AdminParkChargers> {
  return db.transaction(async (tx) => {
    const park = await parkInScopeOr404(tx, access, parkId, true);
    // The park's row, then the group's: the order a booking of one of its chargers takes them.
    const before = await chargers.lockCharger(tx, parkId, chargerId);
    if (!before) throw AppError.notFound("Charger not found", "charger_not_found");
    const country = (await servedCountries(db).facts({ id: park.countryId }, tx))!;
    const values = {
      connector: body.connector ?? before.connector,
      powerKw: body.power_kw ?? before.powerKw,
      count: body.count ?? before.count,
      priceUnit: body.price_unit ?? before.priceUnit,
      priceMinor: body.price === undefined ? before.priceMinor : priceMinor(body.price, country),
      status: body.status ?? before.status,
    };
    await assertNotStranding(tx, before, values, now);
    const after = await chargers.updateCharger(tx, chargerId, values);
    await chargers.syncEvAmenity(tx, parkId);
    await recordAudit(tx, actor, {
      action:
        after.status === "inactive" && before.status !== "inactive"
          ? "park.charger.deactivate"
          : "park.charger.update",
      entity: "park",
      entityId: parkId,
      operatorId: park.operatorId,
      before: { charger: auditView(before) },
      after: { charger: auditView(after) },
    });
    return view(db, tx, park);
  });
}
