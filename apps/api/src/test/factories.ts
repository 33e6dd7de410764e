import { sql } from "drizzle-orm";
import type { UserRole } from "@parkwell/contract";
import { queryRows, type Db } from "../db/client";
import { users } from "../db/schema/index";
import { startSession } from "../features/sessions/sessions.service";
import type { Clock } from "../lib/clock";
import { contextClock } from "./test-clock";

let counter = 0;

export interface TestUser {
  id: string;
  email: string;
  token: string;
  sessionId: string;
}

/**
 * A verified user straight in the database with a live session: for tests of features that
 * need a signed-in caller. (Registration itself is tested through its own routes.) Verified and
 * signed in on the app's clock of the test context the database belongs to.
 */
export async function createUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> = {},
  clock: Clock = contextClock(db),
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

/**
 * The same user signed in anew, on the test context's clock: for a test that moves its app's clock
 * on by more than a session's idle limit (a day), as a real user would sign in again.
 */
export async function signInAgain<U extends TestUser>(
  db: Db,
  user: U,
  clock: Clock = contextClock(db),
): Promise<U> {
  const session = await startSession(db, clock, user.id);
  return { ...user, token: session.token, sessionId: session.sessionId };
}

/**
 * A seeded account (a demo account, by its e-mail) with a fresh session on the test context's
 * clock, as a visitor who signed in with its published password.
 */
export async function seededUser(db: Db, email: string, clock: Clock = contextClock(db)): Promise<TestUser> {
  const [row] = await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE email = ${email}`);
  if (!row) throw new Error(`${email} is not seeded`);
  const session = await startSession(db, clock, row.id);
  return { id: row.id, email, token: session.token, sessionId: session.sessionId };
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
