import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users, userVehicles, vehicleTypes } from "../../db/schema/index";

export type VehicleRow = typeof userVehicles.$inferSelect & { vehicleTypeName: string };

const columns = {
  id: userVehicles.id,
  userId: userVehicles.userId,
  plateNumber: userVehicles.plateNumber,
  vehicleTypeId: userVehicles.vehicleTypeId,
  make: userVehicles.make,
  model: userVehicles.model,
  color: userVehicles.color,
  nickname: userVehicles.nickname,
  year: userVehicles.year,
  engineCc: userVehicles.engineCc,
  vin: userVehicles.vin,
  registrationStateId: userVehicles.registrationStateId,
  vehicleUse: userVehicles.vehicleUse,
  isDefault: userVehicles.isDefault,
  createdAt: userVehicles.createdAt,
  updatedAt: userVehicles.updatedAt,
  vehicleTypeName: vehicleTypes.name,
};

/** Every query is scoped to the owner: another user's vehicle simply is not found. */
export async function listVehicles(db: Db, userId: string): Promise<VehicleRow[]> {
  return db
    .select(columns)
    .from(userVehicles)
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, userVehicles.vehicleTypeId))
    .where(eq(userVehicles.userId, userId))
    .orderBy(desc(userVehicles.isDefault), asc(userVehicles.createdAt), asc(userVehicles.id));
}

export async function findVehicle(db: Db, userId: string, id: number): Promise<VehicleRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(userVehicles)
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, userVehicles.vehicleTypeId))
    .where(and(eq(userVehicles.userId, userId), eq(userVehicles.id, id)))
    .limit(1);
  return row;
}

/** Serialises a user's vehicle writes (default flag, first vehicle) on their users row. */
export async function lockOwner(db: Db, userId: string): Promise<void> {
  await db.execute(sql`SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} FOR UPDATE`);
}

export async function vehicleTypeExists(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: vehicleTypes.id })
    .from(vehicleTypes)
    .where(eq(vehicleTypes.id, id))
    .limit(1);
  return rows.length > 0;
}

export async function plateTaken(db: Db, userId: string, plate: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: userVehicles.id })
    .from(userVehicles)
    .where(and(eq(userVehicles.userId, userId), eq(userVehicles.plateNumber, plate)))
    .limit(1);
  return rows.length > 0 && rows[0]!.id !== exceptId;
}

export async function countVehicles(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userVehicles)
    .where(eq(userVehicles.userId, userId));
  return row?.n ?? 0;
}

export async function insertVehicle(db: Db, row: typeof userVehicles.$inferInsert): Promise<number> {
  const [created] = await db.insert(userVehicles).values(row).returning({ id: userVehicles.id });
  return created!.id;
}

export async function updateVehicle(
  db: Db,
  userId: string,
  id: number,
  set: Partial<typeof userVehicles.$inferInsert>,
) {
  await db
    .update(userVehicles)
    .set(set)
    .where(and(eq(userVehicles.userId, userId), eq(userVehicles.id, id)));
}

export async function deleteVehicle(db: Db, userId: string, id: number): Promise<void> {
  await db.delete(userVehicles).where(and(eq(userVehicles.userId, userId), eq(userVehicles.id, id)));
}

/** Clears the flag first so the partial unique index (one default per user) never sees two. */
export async function setDefault(db: Db, userId: string, id: number, at: Date): Promise<void> {
  await db
    .update(userVehicles)
    .set({ isDefault: false, updatedAt: at })
    .where(and(eq(userVehicles.userId, userId), eq(userVehicles.isDefault, true)));
  await updateVehicle(db, userId, id, { isDefault: true, updatedAt: at });
}

export async function oldestVehicleId(db: Db, userId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: userVehicles.id })
    .from(userVehicles)
    .where(eq(userVehicles.userId, userId))
    .orderBy(asc(userVehicles.createdAt), asc(userVehicles.id))
    .limit(1);
  return row?.id;
}
