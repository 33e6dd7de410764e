import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { queryRows, type Db } from "../../db/client";
import { bearer, type TestUser } from "../../test/factories";

export function bookEvent(
  app: FastifyInstance,
  user: TestUser,
  a: {
    event_code: string;
    park_id: number;
    vehicle_type_id?: number;
    plate_number?: string;
    company_id?: number;
    coupon_code?: string;
  },
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: "POST",
    url: "/api/v1/bookings",
    headers: { ...bearer(user), ...headers },
    payload: { vehicle_type_id: 1, ...a },
  });
}

/** Event bookings (not cancelled) per event, park and type above the allocation (empty when none). */
export async function overAllocated(db: Db) {
  return queryRows<{ event_id: number; park_id: number; booked: number; allocation: number }>(
    db,
    sql`
    SELECT r.event_id, r.park_id, r.vehicle_type_id, r.allocation, count(b.id)::int AS booked
    FROM event_rates r JOIN bookings b ON b.event_id = r.event_id AND b.park_id = r.park_id
      AND b.vehicle_type_id = r.vehicle_type_id AND b.status <> 'cancelled'
    GROUP BY r.event_id, r.park_id, r.vehicle_type_id, r.allocation
    HAVING count(b.id) > r.allocation`,
  );
}

/**
 * Offers whose sold-out fact (`event_rates.sold_out`, decision 051) says sold out while a space of
 * the allocation is free (empty when none): the refusal it answers would be wrong.
 */
export async function falselySoldOut(db: Db) {
  return queryRows<{ event_id: number; park_id: number; booked: number; allocation: number }>(
    db,
    sql`
    SELECT r.event_id, r.park_id, r.vehicle_type_id, r.allocation,
      event_booked(r.event_id, r.park_id, r.vehicle_type_id) AS booked
    FROM event_rates r
    WHERE r.sold_out AND event_booked(r.event_id, r.park_id, r.vehicle_type_id) < r.allocation`,
  );
}

/** An offer's sold-out fact, as the refusal before the transaction reads it. */
export async function soldOutFact(db: Db, eventId: number, parkId: number, vehicleTypeId = 1) {
  const [row] = await queryRows<{ sold_out: boolean }>(
    db,
    sql`SELECT sold_out FROM event_rates
        WHERE event_id = ${eventId} AND park_id = ${parkId} AND vehicle_type_id = ${vehicleTypeId}`,
  );
  return row?.sold_out;
}
