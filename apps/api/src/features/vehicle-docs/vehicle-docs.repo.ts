/**
 * The queries of vehicle document renewal: the fee tables, a driver's saved vehicle and its renewal
 * details, requests with their documents, timeline and expiry dates. Queries only; the rules and
 * the transactions are in the feature's services (the request's purchase in
 * vehicle-docs-purchase.service.ts).
 */
import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { VehicleDocStage } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import {
  parks,
  states,
  userVehicles,
  users,
  vehicleDocEvents,
  vehicleDocFees,
  vehicleDocInsurers,
  vehicleDocRequestItems,
  vehicleDocRequests,
  vehicleDocServiceCharges,
  vehicleDocumentExpiries,
} from "../../db/schema/index";

export type RequestRow = typeof vehicleDocRequests.$inferSelect;
export type RequestItemRow = typeof vehicleDocRequestItems.$inferSelect;
export type EventRow = typeof vehicleDocEvents.$inferSelect;
export type ExpiryRow = typeof vehicleDocumentExpiries.$inferSelect;
export type FeeRow = typeof vehicleDocFees.$inferSelect;
export type InsurerRow = typeof vehicleDocInsurers.$inferSelect;

/** The user's country (their wallet's). */
export async function userCountryId(db: Tx, userId: string): Promise<number | undefined> {
  const [row] = await db.select({ countryId: users.countryId }).from(users).where(eq(users.id, userId));
  return row?.countryId;
}

/** A state by its code within a country. */
export async function stateByCode(db: Tx, countryId: number, code: string) {
  const [row] = await db
    .select()
    .from(states)
    .where(and(eq(states.countryId, countryId), eq(states.code, code)));
  return row;
}

export async function stateById(db: Tx, id: number) {
  const [row] = await db.select().from(states).where(eq(states.id, id));
  return row;
}

/** One of the user's saved vehicles with its state of registration (another user's: undefined). */
export async function ownVehicle(db: Tx, userId: string, vehicleId: number) {
  const [row] = await db
    .select({
      vehicle: userVehicles,
      stateCode: states.code,
      stateName: states.name,
      stateCountryId: states.countryId,
    })
    .from(userVehicles)
    .leftJoin(states, eq(states.id, userVehicles.registrationStateId))
    .where(and(eq(userVehicles.id, vehicleId), eq(userVehicles.userId, userId)));
  return row;
}

/** The user's saved vehicles with their states of registration, oldest first. */
export async function ownVehicles(db: Tx, userId: string) {
  return db
    .select({
      vehicle: userVehicles,
      stateCode: states.code,
      stateName: states.name,
      stateCountryId: states.countryId,
    })
    .from(userVehicles)
    .leftJoin(states, eq(states.id, userVehicles.registrationStateId))
    .where(eq(userVehicles.userId, userId))
    .orderBy(asc(userVehicles.id));
}

/** The current expiry dates of several vehicles. */
export async function expiriesOfVehicles(db: Tx, vehicleIds: number[]): Promise<ExpiryRow[]> {
  if (vehicleIds.length === 0) return [];
  return db
    .select()
    .from(vehicleDocumentExpiries)
    .where(inArray(vehicleDocumentExpiries.vehicleId, vehicleIds))
    .orderBy(asc(vehicleDocumentExpiries.documentType));
}

export async function updateVehicleDetails(
  db: Tx,
  vehicleId: number,
  patch: Partial<typeof userVehicles.$inferInsert>,
): Promise<void> {
  await db.update(userVehicles).set(patch).where(eq(userVehicles.id, vehicleId));
}

/** A state's fee rows for some documents. */
export async function feeRows(db: Tx, stateId: number, documents: readonly string[]) {
  if (documents.length === 0) return [];
  return db
    .select()
    .from(vehicleDocFees)
    .where(and(eq(vehicleDocFees.stateId, stateId), inArray(vehicleDocFees.documentType, [...documents])));
}

export async function serviceChargeOf(db: Tx, countryId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ minor: vehicleDocServiceCharges.serviceChargeMinor })
    .from(vehicleDocServiceCharges)
    .where(eq(vehicleDocServiceCharges.countryId, countryId));
  return row?.minor;
}

/** An active park of the country where papers can be collected. */
export async function activeParkIn(db: Tx, parkId: number, countryId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: parks.id })
    .from(parks)
    .where(and(eq(parks.id, parkId), eq(parks.countryId, countryId), eq(parks.status, "active")));
  return row !== undefined;
}

/** A request by id (the purchase engine's replay). */
export async function requestById(db: Tx, id: string): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(vehicleDocRequests).where(eq(vehicleDocRequests.id, id));
  return row;
}

export async function insertRequest(
  tx: Tx,
  values: typeof vehicleDocRequests.$inferInsert,
): Promise<RequestRow> {
  const [row] = await tx.insert(vehicleDocRequests).values(values).returning();
  return row!;
}

export async function insertItems(tx: Tx, values: (typeof vehicleDocRequestItems.$inferInsert)[]) {
  if (values.length > 0) await tx.insert(vehicleDocRequestItems).values(values);
}

export async function insertEvent(tx: Tx, values: typeof vehicleDocEvents.$inferInsert) {
  await tx.insert(vehicleDocEvents).values(values);
}

/** A request by code, its row locked until the transaction ends. */
export async function lockRequest(tx: Tx, code: string): Promise<RequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(vehicleDocRequests)
    .where(eq(vehicleDocRequests.code, code.toUpperCase()))
    .for("update");
  return row;
}

export async function updateRequest(tx: Tx, id: string, patch: Partial<RequestRow>): Promise<RequestRow> {
  const [row] = await tx
    .update(vehicleDocRequests)
    .set(patch)
    .where(eq(vehicleDocRequests.id, id))
    .returning();
  return row!;
}

export async function requestByCode(db: Tx, code: string, userId?: string): Promise<RequestRow | undefined> {
  const where = userId
    ? and(eq(vehicleDocRequests.code, code.toUpperCase()), eq(vehicleDocRequests.userId, userId))
    : eq(vehicleDocRequests.code, code.toUpperCase());
  const [row] = await db.select().from(vehicleDocRequests).where(where);
  return row;
}

export interface RequestDetail {
  items: RequestItemRow[];
  events: EventRow[];
  expiries: ExpiryRow[];
  stateCode: string;
  pickupPark: PickupParkRow | null;
}

export type PickupParkRow = Awaited<ReturnType<typeof pickupParks>>[number];

/** The pickup parks of some requests: where each is and its opening hours. */
export async function pickupParks(db: Tx, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return [];
  return db
    .select({
      id: parks.id,
      name: parks.name,
      address: parks.address,
      city: parks.city,
      timeZone: parks.timeZone,
      open24h: parks.open24h,
      openingHours: parks.openingHours,
    })
    .from(parks)
    .where(inArray(parks.id, wanted));
}

export async function requestDetail(db: Tx, r: RequestRow): Promise<RequestDetail> {
  const [items, events, expiries, state, park] = await Promise.all([
    db
      .select()
      .from(vehicleDocRequestItems)
      .where(eq(vehicleDocRequestItems.requestId, r.id))
      .orderBy(asc(vehicleDocRequestItems.id)),
    db
      .select()
      .from(vehicleDocEvents)
      .where(eq(vehicleDocEvents.requestId, r.id))
      .orderBy(asc(vehicleDocEvents.at), asc(vehicleDocEvents.id)),
    db
      .select()
      .from(vehicleDocumentExpiries)
      .where(eq(vehicleDocumentExpiries.requestId, r.id))
      .orderBy(asc(vehicleDocumentExpiries.id)),
    stateById(db, r.stateId),
    pickupParks(db, [r.pickupParkId]),
  ]);
  return { items, events, expiries, stateCode: state?.code ?? "", pickupPark: park[0] ?? null };
}

/** The items and state codes of several requests (a list's page). */
export async function listExtras(db: Tx, rows: RequestRow[]) {
  if (rows.length === 0) return { items: [], states: [], parks: [] };
  const items = await db
    .select()
    .from(vehicleDocRequestItems)
    .where(
      inArray(
        vehicleDocRequestItems.requestId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(vehicleDocRequestItems.id));
  const stateRows = await db
    .select({ id: states.id, code: states.code })
    .from(states)
    .where(
      inArray(
        states.id,
        rows.map((r) => r.stateId),
      ),
    );
  const parkRows = await pickupParks(
    db,
    rows.map((r) => r.pickupParkId),
  );
  return { items, states: stateRows, parks: parkRows };
}

export interface RequestFilter {
  userId?: string | undefined;
  stage?: VehicleDocStage | undefined;
  stateId?: number | undefined;
  /** Sent at or before this instant. */
  createdBefore?: Date | undefined;
}

function whereOf(f: RequestFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.userId) parts.push(eq(vehicleDocRequests.userId, f.userId));
  if (f.stage) parts.push(eq(vehicleDocRequests.stage, f.stage));
  if (f.stateId !== undefined) parts.push(eq(vehicleDocRequests.stateId, f.stateId));
  if (f.createdBefore) parts.push(sql`${vehicleDocRequests.createdAt} <= ${f.createdBefore.toISOString()}`);
  return parts.length > 0 ? and(...parts) : undefined;
}

/** A page of requests, newest first (the queue: oldest first). */
export async function requestsPage(
  db: Tx,
  f: RequestFilter,
  page: { size: number; offset: number; oldestFirst?: boolean },
): Promise<{ rows: RequestRow[]; total: number }> {
  const where = whereOf(f);
  const order = page.oldestFirst
    ? [asc(vehicleDocRequests.createdAt), asc(vehicleDocRequests.id)]
    : [desc(vehicleDocRequests.createdAt), desc(vehicleDocRequests.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(vehicleDocRequests)
      .where(where)
      .orderBy(...order)
      .limit(page.size)
      .offset(page.offset),
    db.select({ n: count() }).from(vehicleDocRequests).where(where),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** The driver of requests: name, e-mail and language. */
export async function customersOf(db: Tx, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      language: users.language,
    })
    .from(users)
    .where(inArray(users.id, userIds));
}

/** Writes (or moves) the expiry date of a paper: one current date per vehicle and document. */
export async function upsertExpiry(
  tx: Tx,
  values: typeof vehicleDocumentExpiries.$inferInsert,
): Promise<void> {
  const set = {
    expiresOn: values.expiresOn,
    source: values.source,
    requestId: values.requestId ?? null,
    // A new date is reminded afresh; the same date typed again keeps what was already sent.
    reminded30At: sql`CASE WHEN ${vehicleDocumentExpiries.expiresOn} = excluded.expires_on THEN ${vehicleDocumentExpiries.reminded30At} END`,
    reminded7At: sql`CASE WHEN ${vehicleDocumentExpiries.expiresOn} = excluded.expires_on THEN ${vehicleDocumentExpiries.reminded7At} END`,
    updatedAt: values.updatedAt,
  };
  if (values.vehicleId != null) {
    await tx
      .insert(vehicleDocumentExpiries)
      .values(values)
      .onConflictDoUpdate({
        target: [vehicleDocumentExpiries.vehicleId, vehicleDocumentExpiries.documentType],
        targetWhere: sql`${vehicleDocumentExpiries.vehicleId} IS NOT NULL`,
        set,
      });
  } else {
    await tx
      .insert(vehicleDocumentExpiries)
      .values({ ...values, vehicleId: null })
      .onConflictDoUpdate({
        target: [vehicleDocumentExpiries.userId, vehicleDocumentExpiries.documentType],
        targetWhere: sql`${vehicleDocumentExpiries.vehicleId} IS NULL`,
        set,
      });
  }
}

const LICENCE_TYPES = ["drivers_licence_3y", "drivers_licence_5y"];

/** The driver's licence's expiry rows (no vehicle); one at most once the rule of decision 031 holds. */
export async function licenceExpiries(db: Tx, userId: string): Promise<ExpiryRow[]> {
  return db
    .select()
    .from(vehicleDocumentExpiries)
    .where(
      and(
        eq(vehicleDocumentExpiries.userId, userId),
        isNull(vehicleDocumentExpiries.vehicleId),
        inArray(vehicleDocumentExpiries.documentType, LICENCE_TYPES),
      ),
    )
    .orderBy(desc(vehicleDocumentExpiries.updatedAt), desc(vehicleDocumentExpiries.id));
}

/** Deletes the driver's licence expiry rows, but the one under `keep` when given. */
export async function deleteLicenceExpiries(tx: Tx, userId: string, keep?: string): Promise<void> {
  await tx
    .delete(vehicleDocumentExpiries)
    .where(
      and(
        eq(vehicleDocumentExpiries.userId, userId),
        isNull(vehicleDocumentExpiries.vehicleId),
        inArray(vehicleDocumentExpiries.documentType, LICENCE_TYPES),
        keep ? ne(vehicleDocumentExpiries.documentType, keep) : undefined,
      ),
    );
}

/** A vehicle's current expiry dates. */
export async function vehicleExpiries(db: Tx, vehicleId: number): Promise<ExpiryRow[]> {
  return db
    .select()
    .from(vehicleDocumentExpiries)
    .where(eq(vehicleDocumentExpiries.vehicleId, vehicleId))
    .orderBy(asc(vehicleDocumentExpiries.documentType));
}

/** Fee rows of one state, or all, in a stable order, with the state's code. */
export async function listFees(db: Tx, stateId?: number) {
  return db
    .select({ fee: vehicleDocFees, stateCode: states.code })
    .from(vehicleDocFees)
    .innerJoin(states, eq(states.id, vehicleDocFees.stateId))
    .where(stateId === undefined ? undefined : eq(vehicleDocFees.stateId, stateId))
    .orderBy(
      asc(states.code),
      asc(vehicleDocFees.documentType),
      asc(vehicleDocFees.vehicleUse),
      asc(vehicleDocFees.engineBand),
    );
}

export async function lockFee(tx: Tx, id: number) {
  const [row] = await tx
    .select({ fee: vehicleDocFees, stateCode: states.code })
    .from(vehicleDocFees)
    .innerJoin(states, eq(states.id, vehicleDocFees.stateId))
    .where(eq(vehicleDocFees.id, id))
    .for("update", { of: vehicleDocFees });
  return row;
}

export async function updateFee(tx: Tx, id: number, feeMinor: number, at: Date, by: string) {
  const [row] = await tx
    .update(vehicleDocFees)
    .set({ feeMinor, updatedAt: at, updatedBy: by })
    .where(eq(vehicleDocFees.id, id))
    .returning();
  return row!;
}

export async function setServiceCharge(tx: Tx, countryId: number, minor: number, at: Date, by: string) {
  await tx
    .insert(vehicleDocServiceCharges)
    .values({ countryId, serviceChargeMinor: minor, updatedAt: at, updatedBy: by })
    .onConflictDoUpdate({
      target: vehicleDocServiceCharges.countryId,
      set: { serviceChargeMinor: minor, updatedAt: at, updatedBy: by },
    });
}

/** A request with its driver, for its e-mail. */
export async function requestWithDriver(db: Db, id: string) {
  const [row] = await db
    .select({ request: vehicleDocRequests, email: users.email, language: users.language })
    .from(vehicleDocRequests)
    .innerJoin(users, eq(users.id, vehicleDocRequests.userId))
    .where(eq(vehicleDocRequests.id, id));
  return row;
}

/** The insurers of a country, by name; only the active ones unless `all`. */
export async function insurersOf(db: Tx, countryId: number, all = false): Promise<InsurerRow[]> {
  return db
    .select()
    .from(vehicleDocInsurers)
    .where(
      all
        ? eq(vehicleDocInsurers.countryId, countryId)
        : and(eq(vehicleDocInsurers.countryId, countryId), eq(vehicleDocInsurers.active, true)),
    )
    .orderBy(asc(vehicleDocInsurers.name));
}

export async function insurerById(db: Tx, id: number): Promise<InsurerRow | undefined> {
  const [row] = await db.select().from(vehicleDocInsurers).where(eq(vehicleDocInsurers.id, id));
  return row;
}

export async function lockInsurer(tx: Tx, id: number): Promise<InsurerRow | undefined> {
  const [row] = await tx.select().from(vehicleDocInsurers).where(eq(vehicleDocInsurers.id, id)).for("update");
  return row;
}

export async function updateInsurer(
  tx: Tx,
  id: number,
  patch: Partial<Pick<InsurerRow, "rateBps" | "minimumPremiumMinor" | "active">>,
  at: Date,
  by: string,
): Promise<InsurerRow> {
  const [row] = await tx
    .update(vehicleDocInsurers)
    .set({ ...patch, updatedAt: at, updatedBy: by })
    .where(eq(vehicleDocInsurers.id, id))
    .returning();
  return row!;
}
