import { sql } from "drizzle-orm";
import type { UserRole } from "@parkwell/contract";
import { queryRows, type Db } from "../db/client";
import { users } from "../db/schema/index";
import { startSession } from "../features/sessions/sessions.service";
import { systemClock, type Clock } from "../lib/clock";

let counter = 0;

export interface TestUser {
  id: string;
  email: string;
  token: string;
  sessionId: string;
}

/**
 * A verified user straight in the database with a live session: for tests of features that
 * need a signed-in caller. (Registration itself is tested through its own routes.)
 */
export async function createUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> = {},
  clock: Clock = systemClock,
): Promise<TestUser> {
  counter += 1;
  const [user] = await db
    .insert(users)
    .values({
      email: `driver${counter}.${Date.now()}@parkwell.test`,
      firstName: "Ada",
      lastName: "Obi",
      countryId: 1,
      emailVerifiedAt: clock(),
      ...overrides,
    })
    .returning({ id: users.id, email: users.email });
  const session = await startSession(db, clock, user!.id);
  return { id: user!.id, email: user!.email, token: session.token, sessionId: session.sessionId };
}

export const bearer = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });

/** An operator's id by name (the seed has one per name on its parks: "Harbourview Parking Ltd", ...). */
export async function operatorId(db: Db, name: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(db, sql`SELECT id FROM operators WHERE name = ${name}`);
  if (!row) throw new Error(`No operator ${name}`);
  return row.id;
}

/** The ids of an operator's parks, optionally in one city, in id order. */
export async function parksOf(db: Db, operator: number, city?: string): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM parks WHERE operator_id = ${operator} ${city ? sql`AND city = ${city}` : sql``} ORDER BY id`,
  );
  return rows.map((r) => r.id);
}

/** A back-office user: a role, its operator (staff of an operator company) and the parks it works at. */
export async function createStaff(
  db: Db,
  role: UserRole,
  options: { operatorId?: number | null; parkIds?: number[] } = {},
): Promise<TestUser> {
  const user = await createUser(db, { role, operatorId: options.operatorId ?? null });
  for (const parkId of options.parkIds ?? []) {
    await db.execute(sql`INSERT INTO staff_parks (user_id, park_id) VALUES (${user.id}, ${parkId})`);
  }
  return user;
}
