/**
 * A driver's vehicles as renewal reads them (docs/PRODUCT-RULES.md#vehicle-documents-nigeria): the
 * details a renewal needs on a saved vehicle, and the expiry dates of papers and the licence, with
 * each paper's status on Nigeria's clock.
 */
import {
  VEHICLE_PAPER_TYPES,
  dayOnClock,
  paperStatus,
  type DriverLicenceExpiry,
  type VehicleDocType,
  type VehicleRenewalDetails,
  type VehicleRenewalDetailsBody,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { servedCountries } from "../reference/served-countries";
import { DOCS_FOR_PAPERS_MESSAGE } from "./vehicle-docs.domain";
import { presentDetails } from "./vehicle-docs.present";
import * as repo from "./vehicle-docs.repo";
import { STATE_UNKNOWN_MESSAGE, VEHICLE_NOT_FOUND_MESSAGE, vehicleDocsCountry } from "./vehicle-docs.service";

/** Today on the renewal country's clock (Nigeria's): the day papers' statuses are counted from. */
async function todayInNigeria(db: Db, clock: Clock): Promise<string> {
  const country = await vehicleDocsCountry(servedCountries(db));
  return dayOnClock(clock(), country?.timezone ?? "Africa/Lagos");
}

export async function renewalDetails(
  db: Db,
  clock: Clock,
  userId: string,
  vehicleId: number,
): Promise<VehicleRenewalDetails> {
  const found = await repo.ownVehicle(db, userId, vehicleId);
  if (!found) throw AppError.notFound(VEHICLE_NOT_FOUND_MESSAGE, "vehicle_not_found");
  return presentDetails(found, await repo.vehicleExpiries(db, vehicleId), await todayInNigeria(db, clock));
}

/** Every saved vehicle of the user with its renewal details and each paper's status. */
export async function listRenewalDetails(
  db: Db,
  clock: Clock,
  userId: string,
): Promise<VehicleRenewalDetails[]> {
  const vehicles = await repo.ownVehicles(db, userId);
  const expiries = await repo.expiriesOfVehicles(
    db,
    vehicles.map((v) => v.vehicle.id),
  );
  const today = await todayInNigeria(db, clock);
  return vehicles.map((v) =>
    presentDetails(
      v,
      expiries.filter((e) => e.vehicleId === v.vehicle.id),
      today,
    ),
  );
}

/**
 * The driver records the expiry dates of a vehicle's papers renewed elsewhere: one current date per
 * paper (a later date from a request or the driver replaces it, and its reminders start again).
 */
export async function setOwnExpiries(
  db: Db,
  clock: Clock,
  userId: string,
  vehicleId: number,
  expiries: { document_type: VehicleDocType; expires_on: string }[],
): Promise<VehicleRenewalDetails> {
  if (!(await repo.ownVehicle(db, userId, vehicleId))) {
    throw AppError.notFound(VEHICLE_NOT_FOUND_MESSAGE, "vehicle_not_found");
  }
  if (expiries.some((e) => !VEHICLE_PAPER_TYPES.includes(e.document_type))) {
    throw AppError.validation({ expiries: DOCS_FOR_PAPERS_MESSAGE });
  }
  const now = clock();
  await db.transaction(async (tx) => {
    for (const e of expiries) {
      await repo.upsertExpiry(tx, {
        userId,
        vehicleId,
        documentType: e.document_type,
        expiresOn: e.expires_on,
        source: "driver",
        requestId: null,
        createdAt: now,
        updatedAt: now,
      });
    }
  });
  return renewalDetails(db, clock, userId, vehicleId);
}

/** The driver's licence's expiry: one date per driver (decision 031), with its status today. */
export async function ownLicenceExpiry(db: Db, clock: Clock, userId: string): Promise<DriverLicenceExpiry> {
  const [row] = await repo.licenceExpiries(db, userId);
  if (!row) return { licence: null };
  return {
    licence: {
      document_type: row.documentType as VehicleDocType,
      expires_on: row.expiresOn,
      source: row.source === "driver" ? "driver" : "request",
      ...paperStatus(row.expiresOn, await todayInNigeria(db, clock)),
    },
  };
}

/**
 * The driver types their licence's expiry date (renewed elsewhere), or clears it with null. The
 * licence has one date: it is kept under the length of the current row (the last renewal's,
 * 3 or 5 years) or drivers_licence_5y when there is none, and any other licence row goes. A
 * request's completion replaces it the same way (recordExpiries); a new date is reminded afresh.
 */
export async function setOwnLicenceExpiry(
  db: Db,
  clock: Clock,
  userId: string,
  expiresOn: string | null,
): Promise<DriverLicenceExpiry> {
  const now = clock();
  await db.transaction(async (tx) => {
    if (expiresOn === null) {
      await repo.deleteLicenceExpiries(tx, userId);
      return;
    }
    const [current] = await repo.licenceExpiries(tx, userId);
    const documentType = current?.documentType ?? "drivers_licence_5y";
    await repo.deleteLicenceExpiries(tx, userId, documentType);
    await repo.upsertExpiry(tx, {
      userId,
      vehicleId: null,
      documentType,
      expiresOn,
      source: "driver",
      requestId: null,
      createdAt: now,
      updatedAt: now,
    });
  });
  return ownLicenceExpiry(db, clock, userId);
}

/** Sets what renewal needs on one of the user's vehicles; the state is one of Nigeria's. */
export async function setRenewalDetails(
  db: Db,
  clock: Clock,
  userId: string,
  vehicleId: number,
  body: VehicleRenewalDetailsBody,
): Promise<VehicleRenewalDetails> {
  if (!(await repo.ownVehicle(db, userId, vehicleId))) {
    throw AppError.notFound(VEHICLE_NOT_FOUND_MESSAGE, "vehicle_not_found");
  }
  const patch: Parameters<typeof repo.updateVehicleDetails>[2] = { updatedAt: clock() };
  if (body.state_code !== undefined) {
    const country = await vehicleDocsCountry(servedCountries(db));
    const state = country && (await repo.stateByCode(db, country.id, body.state_code));
    if (!state) throw AppError.validation({ state_code: STATE_UNKNOWN_MESSAGE });
    patch.registrationStateId = state.id;
  }
  if (body.year !== undefined) patch.year = body.year;
  if (body.engine_cc !== undefined) patch.engineCc = body.engine_cc;
  if (body.vin !== undefined) patch.vin = body.vin;
  if (body.vehicle_use !== undefined) patch.vehicleUse = body.vehicle_use;
  await repo.updateVehicleDetails(db, vehicleId, patch);
  return renewalDetails(db, clock, userId, vehicleId);
}
