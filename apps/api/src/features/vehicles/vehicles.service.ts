import type { Vehicle, VehicleInputSchema, VehicleUpdateSchema } from "@parkwell/contract";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import * as repo from "./vehicles.repo";
import { presentVehicle } from "./vehicles.present";

const NOT_FOUND = "Vehicle not found";
const PLATE_TAKEN = "You already saved a vehicle with this plate number";
const TYPE_UNKNOWN = "Please choose a vehicle type";

export async function list(db: Db, userId: string): Promise<Vehicle[]> {
  return (await repo.listVehicles(db, userId)).map(presentVehicle);
}

/** One of the user's vehicles, or undefined (another user's vehicle is not theirs). */
export async function find(db: Db, userId: string, id: number): Promise<Vehicle | undefined> {
  const v = await repo.findVehicle(db, userId, id);
  return v && presentVehicle(v);
}

async function load(db: Db, userId: string, id: number): Promise<Vehicle> {
  const v = await repo.findVehicle(db, userId, id);
  if (!v) throw AppError.notFound(NOT_FOUND, "vehicle_not_found");
  return presentVehicle(v);
}

async function checkInput(
  db: Db,
  userId: string,
  body: { plate_number?: string; vehicle_type_id?: number },
  id?: number,
) {
  if (body.vehicle_type_id !== undefined && !(await repo.vehicleTypeExists(db, body.vehicle_type_id))) {
    throw AppError.validation({ vehicle_type_id: TYPE_UNKNOWN });
  }
  if (body.plate_number !== undefined && (await repo.plateTaken(db, userId, body.plate_number, id))) {
    throw new AppError(409, "plate_taken", PLATE_TAKEN, { plate_number: PLATE_TAKEN });
  }
}

/** The first vehicle a user saves becomes the default. */
export async function create(
  db: Db,
  clock: Clock,
  userId: string,
  body: z.output<typeof VehicleInputSchema>,
) {
  const id = await db.transaction(async (tx) => {
    await repo.lockOwner(tx, userId);
    await checkInput(tx, userId, body);
    const now = clock();
    return repo.insertVehicle(tx, {
      userId,
      plateNumber: body.plate_number,
      vehicleTypeId: body.vehicle_type_id,
      make: body.make ?? null,
      model: body.model ?? null,
      color: body.color ?? null,
      nickname: body.nickname ?? null,
      isDefault: (await repo.countVehicles(tx, userId)) === 0,
      createdAt: now,
      updatedAt: now,
    });
  });
  return load(db, userId, id);
}

export async function update(
  db: Db,
  clock: Clock,
  userId: string,
  id: number,
  body: z.output<typeof VehicleUpdateSchema>,
) {
  await db.transaction(async (tx) => {
    await repo.lockOwner(tx, userId);
    if (!(await repo.findVehicle(tx, userId, id))) throw AppError.notFound(NOT_FOUND, "vehicle_not_found");
    await checkInput(tx, userId, body, id);
    const set = {
      ...(body.plate_number !== undefined ? { plateNumber: body.plate_number } : {}),
      ...(body.vehicle_type_id !== undefined ? { vehicleTypeId: body.vehicle_type_id } : {}),
      ...(body.make !== undefined ? { make: body.make } : {}),
      ...(body.model !== undefined ? { model: body.model } : {}),
      ...(body.color !== undefined ? { color: body.color } : {}),
      ...(body.nickname !== undefined ? { nickname: body.nickname } : {}),
      updatedAt: clock(),
    };
    await repo.updateVehicle(tx, userId, id, set);
  });
  return load(db, userId, id);
}

/** Deleting the default hands the flag to the oldest remaining vehicle. */
export async function remove(db: Db, clock: Clock, userId: string, id: number) {
  await db.transaction(async (tx) => {
    await repo.lockOwner(tx, userId);
    const v = await repo.findVehicle(tx, userId, id);
    if (!v) throw AppError.notFound(NOT_FOUND, "vehicle_not_found");
    await repo.deleteVehicle(tx, userId, id);
    const next = v.isDefault ? await repo.oldestVehicleId(tx, userId) : undefined;
    if (next !== undefined) await repo.setDefault(tx, userId, next, clock());
  });
  return { message: "Vehicle deleted" };
}

export async function makeDefault(db: Db, clock: Clock, userId: string, id: number) {
  await db.transaction(async (tx) => {
    await repo.lockOwner(tx, userId);
    if (!(await repo.findVehicle(tx, userId, id))) throw AppError.notFound(NOT_FOUND, "vehicle_not_found");
    await repo.setDefault(tx, userId, id, clock());
  });
  return load(db, userId, id);
}
