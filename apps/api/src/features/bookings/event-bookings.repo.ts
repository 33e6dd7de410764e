import { sql } from "drizzle-orm";
import { preparedRows, type Db } from "../../db/client";

const p = (name: string) => sql.placeholder(name);

export interface EventSoldOutFact {
  status: string;
  visibility: string;
  end_time: string | Date;
  park_status: string | null;
  sold_out: boolean;
  /** The driver already made a booking purchase with this Idempotency-Key: the request is its replay. */
  keyed: boolean;
}

/**
 * An offer's sold-out fact (`event_rates.sold_out`, decision 051) with what the refusal must still
 * respect: the event's status, visibility and end, the park's status, and whether the driver's
 * Idempotency-Key already names a purchase (a winner's retry is replayed, never refused). One
 * key lookup per table, no lock, no transaction.
 */
export async function readSoldOutFact(
  db: Db,
  q: { code: string; parkId: number; vehicleTypeId: number; userId: string; key: string | null },
): Promise<EventSoldOutFact | undefined> {
  const [row] = await soldOutFact(db, q);
  return row;
}
const soldOutFact = preparedRows<EventSoldOutFact>(
  "event_sold_out_fact",
  sql`SELECT e.status, e.visibility, e.end_time, r.sold_out,
      (SELECT status FROM parks WHERE id = ${p("parkId")}::int) AS park_status,
      EXISTS (SELECT 1 FROM purchases WHERE user_id = ${p("userId")}::uuid AND kind = 'booking'
        AND idempotency_key = ${p("key")}) AS keyed
    FROM events e
    JOIN event_rates r ON r.event_id = e.id AND r.park_id = ${p("parkId")}::int
      AND r.vehicle_type_id = ${p("vehicleTypeId")}::int
    WHERE e.event_code = ${p("code")}`,
);
