/** Drive-up sales' queries: the space check under the capacity lock, the sale rows, the lists. */
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { PosSaleStatus } from "@parkwell/contract";
import { queryRows, type Db } from "../../../db/client";
import { offsetOf } from "../../../lib/pagination";
import { parkRates, parks, posSales, vehicleTypes } from "../../../db/schema/index";
import type { Tx } from "../../../db/tx";
import { parkScopeSql } from "../access.repo";

/**
 * The peak number of spaces taken at once inside [start, end): active bookings and parked sales
 * (the database function booking_peak, which book_space reads too). Read in a statement after the
 * capacity row's lock, so it sees what the lock's previous holder committed.
 */
export async function peak(tx: Tx, parkId: number, vehicleTypeId: number, start: Date, end: Date) {
  const [row] = await queryRows<{ peak: number }>(
    tx,
    sql`SELECT booking_peak(${parkId}::int, ${vehicleTypeId}::int, ${start.toISOString()}::timestamptz,
      ${end.toISOString()}::timestamptz, NULL::uuid) AS peak`,
  );
  return Number(row?.peak ?? 0);
}

/** The code of a parked sale of this plate at this park, if any. */
export async function parkedSaleOfPlate(tx: Tx, parkId: number, plate: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ saleCode: posSales.saleCode })
    .from(posSales)
    .where(and(eq(posSales.parkId, parkId), eq(posSales.plateNumber, plate), eq(posSales.status, "parked")))
    .limit(1);
  return row?.saleCode;
}

export type NewSale = typeof posSales.$inferInsert;

export async function insertSale(tx: Tx, sale: NewSale): Promise<string> {
  const [row] = await tx.insert(posSales).values(sale).returning({ id: posSales.id });
  return row!.id;
}

const saleColumns = {
  id: posSales.id,
  saleCode: posSales.saleCode,
  status: posSales.status,
  parkId: posSales.parkId,
  vehicleTypeId: posSales.vehicleTypeId,
  plateNumber: posSales.plateNumber,
  startTime: posSales.startTime,
  endTime: posSales.endTime,
  currency: posSales.currency,
  amountMinor: posSales.amountMinor,
  paymentMethod: posSales.paymentMethod,
  createdAt: posSales.createdAt,
  closedAt: posSales.closedAt,
  parkName: parks.name,
  timeZone: parks.timeZone,
  operatorId: parks.operatorId,
  countryId: parks.countryId,
  vehicleType: vehicleTypes.name,
  hourlyMinor: parkRates.hourlyMinor,
  dailyMaxMinor: parkRates.dailyMaxMinor,
};

function saleSelect(db: Tx) {
  return db
    .select(saleColumns)
    .from(posSales)
    .innerJoin(parks, eq(parks.id, posSales.parkId))
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, posSales.vehicleTypeId))
    .leftJoin(
      parkRates,
      and(
        eq(parkRates.parkId, posSales.parkId),
        eq(parkRates.vehicleTypeId, posSales.vehicleTypeId),
        eq(parkRates.kind, "standard"),
      ),
    );
}

export type SaleRow = NonNullable<Awaited<ReturnType<typeof findSale>>>;

/** The sale with this code (FOR UPDATE of the sale row when `lock`). */
export async function findSale(db: Tx, code: string, lock = false) {
  const query = saleSelect(db).where(eq(posSales.saleCode, code));
  const [row] = lock ? await query.for("update", { of: posSales }) : await query;
  return row;
}

export async function updateSale(tx: Tx, id: string, set: Partial<NewSale>): Promise<void> {
  await tx.update(posSales).set(set).where(eq(posSales.id, id));
}

export interface SaleFilter {
  parkIds: number[] | null;
  parkId?: number | undefined;
  status?: PosSaleStatus | undefined;
}

const filterOf = (f: SaleFilter) =>
  and(
    parkScopeSql(posSales.parkId, f.parkIds),
    f.parkId === undefined ? undefined : eq(posSales.parkId, f.parkId),
    f.status === undefined ? undefined : eq(posSales.status, f.status),
  );

/** One page of sales in scope, newest first, and how many there are. */
export async function listSales(db: Db, f: SaleFilter, page: number, size: number) {
  const where = filterOf(f);
  const [rows, [total]] = await Promise.all([
    saleSelect(db)
      .where(where)
      .orderBy(desc(posSales.createdAt), desc(posSales.id))
      .limit(size)
      .offset(offsetOf({ page, size })),
    db.select({ n: count() }).from(posSales).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The cars parked now without a booking at the parks in scope, by arrival (at most `limit`). */
export async function parkedSales(
  db: Db,
  parkIds: number[] | null,
  parkId: number | undefined,
  limit: number,
) {
  return saleSelect(db)
    .where(filterOf({ parkIds, parkId, status: "parked" }))
    .orderBy(asc(posSales.startTime), asc(posSales.saleCode))
    .limit(limit);
}
