/**
 * The queries of the papers' expiry reminders (decision 031): claiming the reminders that are due,
 * and reading one paper with its vehicle and driver when its mail is written. Queries only; the
 * rules and the transaction are in vehicle-docs-reminders.service.ts.
 */
import { eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { userVehicles, users, vehicleDocumentExpiries } from "../../db/schema/index";

export interface DueExpiryReminder {
  id: number;
  lead: 30 | 7;
  /** The calendar date the reminder is about (YYYY-MM-DD). */
  expiresOn: string;
}

/**
 * Marks and returns the reminders due on `today` (a calendar date on Nigeria's clock), in one
 * statement: the 7-day one for a paper expiring today to 7 days from now, not yet reminded at 7
 * (it also marks the 30-day one, so a paper recorded late never gets both); the 30-day one for a
 * paper expiring 8 to 30 days from now, reminded at neither. An expired paper is never claimed.
 * A run that meets a row another run is claiming waits for it and then finds it marked
 * (`... IS NULL` is read again after the lock), so each reminder is claimed once.
 */
export async function claimDueExpiryReminders(
  tx: Tx,
  today: string,
  now: Date,
): Promise<DueExpiryReminder[]> {
  const at = now.toISOString();
  const rows = await queryRows<{ id: number; lead: number; expires_on: string }>(
    tx as Db,
    sql`WITH due_7 AS (
      UPDATE vehicle_document_expiries e
      SET reminded_7_at = ${at}::timestamptz, reminded_30_at = COALESCE(e.reminded_30_at, ${at}::timestamptz)
      FROM users u
      WHERE u.id = e.user_id AND u.disabled_at IS NULL
        AND e.reminded_7_at IS NULL
        AND e.expires_on >= ${today}::date
        AND e.expires_on <= ${today}::date + 7
      RETURNING e.id, 7 AS lead, e.expires_on::text AS expires_on
    ), due_30 AS (
      UPDATE vehicle_document_expiries e
      SET reminded_30_at = ${at}::timestamptz
      FROM users u
      WHERE u.id = e.user_id AND u.disabled_at IS NULL
        AND e.reminded_30_at IS NULL AND e.reminded_7_at IS NULL
        AND e.expires_on > ${today}::date + 7
        AND e.expires_on <= ${today}::date + 30
      RETURNING e.id, 30 AS lead, e.expires_on::text AS expires_on
    )
    SELECT * FROM due_7 UNION ALL SELECT * FROM due_30 ORDER BY id, lead`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    lead: Number(r.lead) === 7 ? 7 : 30,
    expiresOn: r.expires_on,
  }));
}

/** A recorded expiry with its vehicle's plate (none for a driver's licence) and its driver. */
export async function expiryForMail(db: Db, id: number) {
  const [row] = await db
    .select({
      expiry: vehicleDocumentExpiries,
      plate: userVehicles.plateNumber,
      email: users.email,
      language: users.language,
      disabledAt: users.disabledAt,
    })
    .from(vehicleDocumentExpiries)
    .innerJoin(users, eq(users.id, vehicleDocumentExpiries.userId))
    .leftJoin(userVehicles, eq(userVehicles.id, vehicleDocumentExpiries.vehicleId))
    .where(eq(vehicleDocumentExpiries.id, id));
  return row;
}
