/** What a booking is shown with: its park, vehicle, vehicle type and ledger moves (reads only). */
import { eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { countries, parks, userVehicles, vehicleTypes } from "../../db/schema/index";

/** Vehicle types are fixed reference data: read once per database handle, not on every response. */
const typeCache = new WeakMap<Db, Promise<{ id: number; name: string }[]>>();
function vehicleTypeNames(db: Db) {
  let hit = typeCache.get(db);
  if (!hit) {
    hit = Promise.resolve(db.select({ id: vehicleTypes.id, name: vehicleTypes.name }).from(vehicleTypes));
    hit.catch(() => typeCache.delete(db));
    typeCache.set(db, hit);
  }
  return hit;
}

/** Park, vehicle and vehicle-type facts shown with a booking. */
export async function bookingContext(db: Db, parkIds: number[], vehicleIds: number[]) {
  const [parkRows, vehicleRows, typeRows] = await Promise.all([
    parkIds.length
      ? db
          .select({
            id: parks.id,
            slug: parks.slug,
            park_code: parks.parkCode,
            name: parks.name,
            address: parks.address,
            city: parks.city,
            time_zone: parks.timeZone,
            lat: parks.lat,
            lng: parks.lng,
            entry_instructions: parks.entryInstructions,
            decimals: countries.currencyDecimals,
          })
          .from(parks)
          .innerJoin(countries, eq(countries.id, parks.countryId))
          .where(sql`${parks.id} IN ${parkIds}`)
      : [],
    vehicleIds.length
      ? db
          .select({ id: userVehicles.id, plate: userVehicles.plateNumber })
          .from(userVehicles)
          .where(sql`${userVehicles.id} IN ${vehicleIds}`)
      : [],
    vehicleTypeNames(db),
  ]);
  return {
    parks: new Map(parkRows.map((p) => [p.id, p])),
    vehicles: new Map(vehicleRows.map((v) => [v.id, v])),
    types: new Map(typeRows.map((t) => [t.id, t.name])),
  };
}

/** The wallet side of every ledger move of a booking (charges negative, refunds positive). */
export function bookingMoves(db: Db, bookingId: string, userId: string) {
  return queryRows<{ kind: string; amount_minor: string; currency: string; created_at: Date | string }>(
    db,
    sql`SELECT t.kind, e.amount_minor::text, e.currency, t.created_at
        FROM ledger_transactions t
        JOIN ledger_entries e ON e.transaction_id = t.id
        JOIN wallet_accounts a ON a.id = e.account_id AND a.kind = 'user_wallet' AND a.owner_user_id = ${userId}
        WHERE t.idempotency_key LIKE ${`booking:${bookingId}:%`}
        ORDER BY e.id`,
  );
}

export async function currencyDecimals(db: Db, currency: string): Promise<number> {
  const [row] = await db
    .select({ d: countries.currencyDecimals })
    .from(countries)
    .where(eq(countries.currency, currency))
    .limit(1);
  return row?.d ?? 2;
}
